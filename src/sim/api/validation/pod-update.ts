// ValidatePodUpdate (pkg/apis/core/validation/validation.go, v1.31): a pod's spec is immutable except
// container images, activeDeadlineSeconds (only set or lowered), tolerations (only additions) and
// terminationGracePeriodSeconds (negative -> 1). Anything else fails with one Forbidden on `spec`
// whose text lists the updatable fields and then a go-cmp diff of the spec. go-cmp randomises its
// whitespace on purpose, so nobody can match the diff byte for byte; Kubeplay prints the same shape.

import type { FieldError } from '../field-error';
import { forbidden, invalid, required } from '../field-error';
import { deepEqual } from '../json-equal';
import { canonicalQuantity, quantityError } from '../quantity';
import type { Container, Pod, PodSpec, Toleration } from '../types';
import { inclusiveRangeError } from './names';
import { validateObjectMetaUpdate } from './object-meta';
import { validatePodMetadataAndSpec, validateTolerations } from './pod';

export const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

const MAX_INT32 = 2147483647;

/** ValidateContainerUpdates: same count, and every image set without surrounding whitespace. */
function validateContainerUpdates(next: Container[] | undefined, old: Container[] | undefined, path: string): [FieldError[], boolean] {
  if ((next ?? []).length !== (old ?? []).length) return [[forbidden(path, 'pod updates may not add or remove containers')], true];
  const errs: FieldError[] = [];
  (next ?? []).forEach((c, i) => {
    if (!c.image) errs.push(required(`${path}[${i}].image`));
    if ((c.image ?? '').trim() !== (c.image ?? '')) errs.push(invalid(`${path}[${i}].image`, c.image, 'must not have leading or trailing whitespace'));
  });
  return [errs, false];
}

function validateActiveDeadlineSeconds(next: number | undefined, old: number | undefined): FieldError[] {
  const field = 'spec.activeDeadlineSeconds';
  if (next !== undefined) {
    if (next < 0 || next > MAX_INT32) return [invalid(field, next, inclusiveRangeError(0, MAX_INT32))];
    if (old !== undefined && old < next) return [invalid(field, next, 'must be less than or equal to previous value')];
    return [];
  }
  return old !== undefined ? [invalid(field, null, 'must not update from a positive integer to nil value')] : [];
}

/** validateOnlyAddedTolerations: every old toleration must still be there (its tolerationSeconds may change). */
function validateOnlyAddedTolerations(next: Toleration[] | undefined, old: Toleration[] | undefined): FieldError[] {
  for (const o of old ?? []) {
    const found = (next ?? []).some((n) => semanticEqual({ ...o, tolerationSeconds: n.tolerationSeconds }, n));
    if (!found) return [forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(next, 'spec.tolerations');
}

/**
 * apiequality.Semantic.DeepEqual over JSON: empty lists and maps equal missing ones, quantities compare
 * by value (`1000m` == `1`).
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  // The same value, or the same structure (a status update keeps the stored spec, in a copy):
  // normalize is pure and sorts keys, so nothing to compare.
  if (a === b || deepEqual(a, b)) return true;
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

/** Maps whose values are quantities. */
const QUANTITY_MAPS = new Set(['requests', 'limits', 'overhead']);

function normalize(v: unknown, quantities = false): unknown {
  if (Array.isArray(v)) return v.length ? v.map((x) => normalize(x)) : undefined;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const n = normalize((v as Record<string, unknown>)[k], QUANTITY_MAPS.has(k));
      if (n !== undefined && n !== null) out[k] = n;
    }
    return out;
  }
  if (quantities && (typeof v === 'string' || typeof v === 'number') && !quantityError(String(v))) return canonicalQuantity(String(v));
  return v;
}

/** The spec with the updatable fields taken from the old one (mungedPodSpec). */
function mungedSpec(next: PodSpec, old: PodSpec): PodSpec {
  const munge = (cs: Container[] | undefined, olds: Container[] | undefined): Container[] | undefined =>
    cs?.map((c, i) => ({ ...c, image: olds?.[i]?.image }));
  const out: PodSpec = { ...next, containers: munge(next.containers, old.containers) ?? [] };
  if (next.initContainers) out.initContainers = munge(next.initContainers, old.initContainers);
  out.activeDeadlineSeconds = old.activeDeadlineSeconds;
  out.tolerations = old.tolerations;
  out.schedulingGates = old.schedulingGates;
  const oldGrace = old.terminationGracePeriodSeconds;
  if (oldGrace !== undefined && oldGrace < 0 && next.terminationGracePeriodSeconds === 1) out.terminationGracePeriodSeconds = oldGrace;
  return out;
}

/** Go field names of PodSpec where they are not just the JSON name capitalised. */
const GO_FIELD: Record<string, string> = { hostPID: 'HostPID', hostIPC: 'HostIPC', dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig', os: 'OS' };

function goField(json: string): string {
  return GO_FIELD[json] ?? json.charAt(0).toUpperCase() + json.slice(1);
}

/** A go-cmp-shaped diff of the top-level PodSpec fields that differ. */
function specDiff(old: PodSpec, next: PodSpec): string {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  const lines = ['  core.PodSpec{'];
  for (const k of keys) {
    const [a, b] = [old[k], next[k]];
    if (semanticEqual(a, b)) continue;
    if (a !== undefined) lines.push(`- \t${goField(k)}: ${JSON.stringify(a)},`);
    if (b !== undefined) lines.push(`+ \t${goField(k)}: ${JSON.stringify(b)},`);
  }
  lines.push('  }', '');
  return lines.join('\n');
}

/** ValidatePodUpdate. */
export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod));
  const spec: PodSpec = pod.spec ?? { containers: [] };
  const oldSpec: PodSpec = old.spec ?? { containers: [] };
  for (const [field, next, prev] of [
    ['spec.containers', spec.containers, oldSpec.containers],
    ['spec.initContainers', spec.initContainers, oldSpec.initContainers],
  ] as const) {
    const [cErrs, stop] = validateContainerUpdates(next, prev, field);
    errs.push(...cErrs);
    if (stop) return errs;
  }
  const ads = validateActiveDeadlineSeconds(spec.activeDeadlineSeconds as number | undefined, oldSpec.activeDeadlineSeconds as number | undefined);
  errs.push(...ads);
  if (ads.length && spec.activeDeadlineSeconds !== undefined) return errs;
  errs.push(...validateOnlyAddedTolerations(spec.tolerations, oldSpec.tolerations));
  if (semanticEqual(spec, oldSpec)) return errs;
  const munged = mungedSpec(spec, oldSpec);
  if (!semanticEqual(munged, oldSpec)) {
    errs.push(forbidden('spec', `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}\n${specDiff(oldSpec, munged)}`));
  }
  return errs;
}
