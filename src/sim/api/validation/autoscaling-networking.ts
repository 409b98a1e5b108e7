// HorizontalPodAutoscaler and Ingress validation, the parts learners meet (kube-apiserver v1.31
// pkg/apis/autoscaling/validation/validation.go ValidateHorizontalPodAutoscalerSpec and
// ValidateCrossVersionObjectReference; pkg/apis/networking/validation/validation.go
// validateHTTPIngressPath). Metric specs and Ingress TLS are stored as given.

import { invalid, notSupported, required, type FieldError } from '../field-error';
import type { KubeObject } from '../types';
import { nameIsDNSSubdomain } from './names';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta';

interface HpaSpec {
  scaleTargetRef?: { kind?: string; name?: string; apiVersion?: string };
  minReplicas?: number;
  maxReplicas?: number;
}

/** minReplicasLowerBound is 1 while the HPAScaleToZero feature gate is off (the default). */
const MIN_REPLICAS_LOWER_BOUND = 1;

export function validateHorizontalPodAutoscalerSpec(spec: HpaSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  if (s.minReplicas !== undefined && s.minReplicas < MIN_REPLICAS_LOWER_BOUND) {
    errs.push(invalid('spec.minReplicas', s.minReplicas, `must be greater than or equal to ${MIN_REPLICAS_LOWER_BOUND}`));
  }
  const max = s.maxReplicas ?? 0;
  if (max < 1) errs.push(invalid('spec.maxReplicas', max, 'must be greater than 0'));
  if (s.minReplicas !== undefined && max < s.minReplicas) errs.push(invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  const ref = s.scaleTargetRef ?? {};
  if (!ref.kind) errs.push(required('spec.scaleTargetRef.kind'));
  if (!ref.name) errs.push(required('spec.scaleTargetRef.name'));
  return errs;
}

export function validateHorizontalPodAutoscaler(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateHorizontalPodAutoscalerSpec(obj.spec as HpaSpec | undefined)];
}

export function validateHorizontalPodAutoscalerUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}), ...validateHorizontalPodAutoscalerSpec(obj.spec as HpaSpec | undefined)];
}

interface IngressPath {
  path?: string;
  pathType?: string;
}

interface IngressSpec {
  rules?: { host?: string; http?: { paths?: IngressPath[] } }[];
}

/** networking.PathType values, sorted as sets.List prints them. */
export const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];

/** validateHTTPIngressPath: pathType is required and one of three; Exact and Prefix paths are absolute. */
function validatePath(p: IngressPath, field: string): FieldError[] {
  if (p.pathType === undefined) return [required(`${field}.pathType`, 'pathType must be specified')];
  if (!PATH_TYPES.includes(p.pathType)) return [notSupported(`${field}.pathType`, p.pathType, PATH_TYPES)];
  if (p.pathType !== 'ImplementationSpecific' && !(p.path ?? '').startsWith('/')) return [invalid(`${field}.path`, p.path ?? '', 'must be an absolute path')];
  return [];
}

export function validateIngressSpec(spec: IngressSpec | undefined): FieldError[] {
  const errs: FieldError[] = [];
  (spec?.rules ?? []).forEach((r, i) => {
    (r.http?.paths ?? []).forEach((p, j) => errs.push(...validatePath(p, `spec.rules[${i}].http.paths[${j}]`)));
  });
  return errs;
}

export function validateIngress(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateIngressSpec(obj.spec as IngressSpec | undefined)];
}

export function validateIngressUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}), ...validateIngressSpec(obj.spec as IngressSpec | undefined)];
}
