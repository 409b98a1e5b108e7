// The apiserver's view of the Kubernetes v1.31 schema: the one generated copy lives in
// src/api-schema (the YAML editor reads it too); this module adds the Go names the strict decoder's
// errors print.

export {
  definition,
  definitionNameForKind,
  INT_OR_STRING_DEF,
  K8S_SCHEMA,
  QUANTITY_DEF,
  refName,
  type ApiSchema,
  type JsonSchema,
} from '../../../api-schema';

/**
 * The Go type name an OpenAPI definition prints as in encoding/json errors: package plus type
 * (`io.k8s.api.core.v1.PodSpec` -> `v1.PodSpec`, `...api.resource.Quantity` -> `resource.Quantity`).
 */
export function goTypeName(defName: string): string {
  const parts = defName.split('.');
  return parts.slice(-2).join('.');
}

/** The bare struct name (`PodSpec`) that `Go struct field PodSpec.spec.x` prints. */
export function goStructName(defName: string): string {
  return defName.slice(defName.lastIndexOf('.') + 1);
}
