// CONTRACT (owned by the api helper): what kube-apiserver's Validation stage calls.

import { validateAPIService, validateAPIServiceUpdate } from './apiservice';
import type { FieldError } from '../field-error';
import { badRequest } from '../errors';
import type { ResourceInfo } from '../resources';
import { apiVersionOf } from '../resources';
import { definitionNameForKind } from '../schema';
import type { Binding, Event, KubeObject, Lease, Namespace, Node, Pod, Status } from '../types';
import { validateWorkload, validateWorkloadSpec } from './apps';
import { validateJob, validateJobSpecUpdate } from './batch';
import { validateCronJob, validateCronJobSpec } from './cronjob';
import { validateConfigMap, validateConfigMapUpdate, validateSecret, validateSecretUpdate } from './config';
import { validateEvent, validateLease, validateNamespace, validateNode, validatePodBinding } from './cluster-objects';
import type { NameValidator } from './names';
import { nameIsDNS1035Label, nameIsDNSSubdomain } from './names';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta';
import { validatePodCreate } from './pod';
import { validatePodUpdate } from './pod-update';
import { validateService } from './service';
import { validateRbacBinding, validateRbacBindingUpdate, validateRbacRole } from './rbac';
import { decodeProblems, withoutUnknownFields } from './strict-decode';
import { withGoNulls } from './go-nulls';
import { byteFieldError } from './byte-fields';
import { clusterIPImmutable, selectorImmutable } from './immutable-fields';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate } from './admissionregistration';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetUpdate } from './policy';
import {
  validateHorizontalPodAutoscaler,
  validateHorizontalPodAutoscalerUpdate,
  validateIngress,
  validateIngressUpdate,
} from './autoscaling-networking';

/**
 * Strict decoding (the apiserver's decoder with --validate=strict, the kubectl default since 1.25):
 * unknown fields and wrong JSON types. Returns a 400 Status with the exact apiserver text
 * (`Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.foo"`)
 * or undefined if the body decodes. A type error wins and hides unknown fields, as in
 * apimachinery's json serializer; the prefix is handlers/rest.go transformDecodeError.
 */
export function strictDecode(info: ResourceInfo, body: unknown): Status | undefined {
  const decoded = decodeObject(info, body);
  return 'status' in decoded ? decoded.status : undefined;
}

/**
 * `fieldValidation` (metav1.FieldValidation*): what the decoder does with unknown fields. Strict
 * refuses the request; Warn (the server's default when the query names none) drops them and warns
 * once per field; Ignore drops them silently. Type errors fail in every mode (they are not strict
 * errors). handlers/rest.go fieldValidation().
 */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export function fieldValidationOf(query: Record<string, string> | undefined): FieldValidation {
  const v = query?.fieldValidation;
  return v === 'Strict' || v === 'Ignore' ? v : 'Warn';
}

/**
 * strictDecode, and the body as the decoded Go object holds it: JSON nulls become zero values
 * (go-nulls.ts), unknown fields dropped when the directive lets them through, with the warnings
 * Warn gives (`unknown field "spec.foo"`). The copy is made only for a body that needs one. A
 * patch's strict error has no `Kind in version` prefix (patch.go returns the decoder's error as it is).
 */
export function decodeObject(
  info: ResourceInfo,
  body: unknown,
  directive: FieldValidation = 'Strict',
  patch = false,
): { status: Status } | { obj: unknown; warnings?: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { obj: body };
  const defName = definitionNameForKind(apiVersionOf(info), info.kind);
  if (!defName) return { obj: body };
  const problems = decodeProblems(defName, body as Record<string, unknown>);
  const prefix = patch ? '' : `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: `;
  const typeError = problems.typeError ?? byteFieldError(info, body as Record<string, unknown>);
  if (typeError) return { status: badRequest(prefix + typeError) };
  const unknown = problems.unknownFields.map((f) => `unknown field "${f}"`);
  if (unknown.length && directive === 'Strict') return { status: badRequest(`${prefix}strict decoding error: ${unknown.join(', ')}`) };
  let obj = unknown.length && problems.unknownAt ? withoutUnknownFields(body, problems.unknownAt) : body;
  if (problems.sawNull) obj = withGoNulls(defName, obj as Record<string, unknown>);
  obj = withoutEmptyMetadataMaps(obj as Record<string, unknown>);
  return directive === 'Warn' && unknown.length ? { obj, warnings: unknown } : { obj };
}

/**
 * ObjectMeta's labels and annotations are `map[string]string` with `json:",omitempty"`: decoded
 * into Go and encoded again, an empty map is gone (`kubectl diff` sends `"annotations":{}`, and a
 * real apiserver stores and answers no annotations at all).
 */
function withoutEmptyMetadataMaps(obj: Record<string, unknown>): Record<string, unknown> {
  const meta = obj.metadata as Record<string, unknown> | undefined;
  if (typeof meta !== 'object' || meta === null) return obj;
  const empty = (k: string): boolean => {
    const v = meta[k];
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
  };
  if (!empty('labels') && !empty('annotations')) return obj;
  const m = { ...meta };
  if (empty('labels')) delete m.labels;
  if (empty('annotations')) delete m.annotations;
  return { ...obj, metadata: m };
}

/** Name rules of kinds without a validator of their own here (ValidateServiceName is DNS-1035). */
function nameRule(info: ResourceInfo): NameValidator {
  return info.kind === 'Service' ? nameIsDNS1035Label : nameIsDNSSubdomain;
}

/** ValidateObjectMeta + the kind's own validation (ValidatePodCreate, ValidateNode, ...), on create. */
export function validateCreate(info: ResourceInfo, obj: KubeObject): FieldError[] {
  switch (`${info.group}/${info.kind}`) {
    case '/Pod':
      return validatePodCreate(obj as Pod);
    case '/Node':
      return validateNode(obj as Node);
    case '/Namespace':
      return validateNamespace(obj as Namespace);
    case '/Event':
      return validateEvent(obj as Event);
    case '/Binding':
      return validatePodBinding(obj as Binding);
    case '/Service':
      return validateService(obj);
    case '/ConfigMap':
      return validateConfigMap(obj);
    case '/Secret':
      return validateSecret(obj);
    case 'coordination.k8s.io/Lease':
      return validateLease(obj as Lease);
    case 'apps/Deployment':
      return validateWorkload(obj, 'deployment');
    case 'apps/ReplicaSet':
      return validateWorkload(obj, 'replicaset');
    case 'apps/DaemonSet':
      return validateWorkload(obj, 'daemonset');
    case 'apps/StatefulSet':
      return validateWorkload(obj, 'statefulset');
    case 'batch/Job':
      return validateJob(obj);
    case 'batch/CronJob':
      return validateCronJob(obj);
    case 'rbac.authorization.k8s.io/Role':
    case 'rbac.authorization.k8s.io/ClusterRole':
      return validateRbacRole(obj, info.namespaced);
    case 'rbac.authorization.k8s.io/RoleBinding':
    case 'rbac.authorization.k8s.io/ClusterRoleBinding':
      return validateRbacBinding(obj, info.namespaced);
    case 'policy/PodDisruptionBudget':
      return validatePodDisruptionBudget(obj);
    case 'autoscaling/HorizontalPodAutoscaler':
      return validateHorizontalPodAutoscaler(obj);
    case 'networking.k8s.io/Ingress':
      return validateIngress(obj);
    case 'apiregistration.k8s.io/APIService':
      return validateAPIService(obj);
    case 'admissionregistration.k8s.io/MutatingWebhookConfiguration':
    case 'admissionregistration.k8s.io/ValidatingWebhookConfiguration':
      return validateWebhookConfiguration(obj, info.kind.startsWith('Mutating'));
    default:
      return validateObjectMeta(obj.metadata ?? {}, info.namespaced, nameRule(info));
  }
}

/** Update validation: immutable fields (most of a pod's spec), plus the kind's rules. */
export function validateUpdate(info: ResourceInfo, obj: KubeObject, old: KubeObject): FieldError[] {
  if (info.group === '' && info.kind === 'Pod') return validatePodUpdate(obj as Pod, old as Pod);
  if (info.group === '' && info.kind === 'ConfigMap') return validateConfigMapUpdate(obj, old);
  if (info.group === '' && info.kind === 'Secret') return validateSecretUpdate(obj, old);
  const meta = validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {});
  switch (`${info.group}/${info.kind}`) {
    case '/Node':
    case '/Namespace':
    case '/Event':
    case 'coordination.k8s.io/Lease':
      // The kinds' update validators re-run their create rules on the new object.
      return [...meta, ...validateCreate(info, obj).filter((e) => !e.field.startsWith('metadata.'))];
    case '/Service':
      return [...meta, ...validateCreate(info, obj).filter((e) => !e.field.startsWith('metadata.')), ...clusterIPImmutable(obj.spec as never, old.spec as never)];
    // The apps/v1 strategies' ValidateUpdate add the selector's immutability after the spec's rules.
    case 'apps/Deployment':
      return [...meta, ...validateWorkloadSpec(obj.spec as never, 'deployment'), ...selectorImmutable(obj.spec as never, old.spec as never)];
    case 'apps/ReplicaSet':
      return [...meta, ...validateWorkloadSpec(obj.spec as never, 'replicaset'), ...selectorImmutable(obj.spec as never, old.spec as never)];
    case 'apps/DaemonSet':
      return [...meta, ...validateWorkloadSpec(obj.spec as never, 'daemonset'), ...selectorImmutable(obj.spec as never, old.spec as never)];
    case 'apps/StatefulSet':
      return [...meta, ...validateWorkloadSpec(obj.spec as never, 'statefulset'), ...selectorImmutable(obj.spec as never, old.spec as never)];
    case 'batch/Job':
      return [...meta, ...validateJobSpecUpdate(obj.spec as never, old.spec as never)];
    case 'batch/CronJob':
      return [...meta, ...validateCronJobSpec(obj.spec as never, old.spec as never)];
    case 'rbac.authorization.k8s.io/Role':
    case 'rbac.authorization.k8s.io/ClusterRole':
      return [...meta, ...validateCreate(info, obj).filter((e) => !e.field.startsWith('metadata.'))];
    case 'rbac.authorization.k8s.io/RoleBinding':
    case 'rbac.authorization.k8s.io/ClusterRoleBinding':
      return [...meta, ...validateCreate(info, obj).filter((e) => !e.field.startsWith('metadata.')), ...validateRbacBindingUpdate(obj, old)];
    case 'policy/PodDisruptionBudget':
      return validatePodDisruptionBudgetUpdate(obj, old);
    case 'autoscaling/HorizontalPodAutoscaler':
      return validateHorizontalPodAutoscalerUpdate(obj, old);
    case 'networking.k8s.io/Ingress':
      return validateIngressUpdate(obj, old);
    case 'apiregistration.k8s.io/APIService':
      return validateAPIServiceUpdate(obj, old);
    case 'admissionregistration.k8s.io/MutatingWebhookConfiguration':
    case 'admissionregistration.k8s.io/ValidatingWebhookConfiguration':
      return validateWebhookConfigurationUpdate(obj, old, info.kind.startsWith('Mutating'));
    default:
      return meta;
  }
}
