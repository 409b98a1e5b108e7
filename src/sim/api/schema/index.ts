// The generated JSON Schema of the Kubernetes v1.31 kinds Kubeplay serves (scripts/gen-schema.mjs
// writes k8s-v1.31.json from cdk8s-plus-31's import of the v1.31.0 OpenAPI spec). The apiserver's
// strict decoder walks it here; the editor feeds the same file to monaco-yaml.

import raw from './k8s-v1.31.json';
import { ownValue } from '../own-keys';

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  $ref?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  oneOf?: JsonSchema[];
}

export interface ApiSchema {
  /** `apps/v1/Deployment` -> `io.k8s.api.apps.v1.Deployment`. */
  kinds: Record<string, string>;
  /** Keyed by OpenAPI name. */
  definitions: Record<string, JsonSchema>;
}

export const K8S_SCHEMA: ApiSchema = raw as unknown as ApiSchema;

export const QUANTITY_DEF = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
export const INT_OR_STRING_DEF = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';

/** The OpenAPI name of a kind's top-level definition (`io.k8s.api.core.v1.Pod`). */
export function definitionNameForKind(apiVersion: string, kind: string): string | undefined {
  return ownValue(K8S_SCHEMA.kinds, `${apiVersion}/${kind}`);
}

export function definition(name: string): JsonSchema | undefined {
  return ownValue(K8S_SCHEMA.definitions, name);
}

/** `#/definitions/io.k8s.api.core.v1.PodSpec` -> `io.k8s.api.core.v1.PodSpec`. */
export function refName(ref: string): string {
  return ref.slice('#/definitions/'.length);
}

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
