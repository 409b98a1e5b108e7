// PATCH bodies: JSON merge patch (RFC 7386, `application/merge-patch+json`) and strategic merge
// patch (`application/strategic-merge-patch+json`, k8s.io/apimachinery/pkg/util/strategicpatch),
// which merges lists of objects by their patch-merge key instead of replacing them. Kubeplay knows
// the merge keys the core/v1 types declare for the lists it serves (`patchMergeKey` tags in
// k8s.io/api/core/v1/types.go).

import { ownValue, setOwn } from '../api/own-keys';
import { jsonPatch } from './json-patch';

type Json = unknown;

function isObject(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * RFC 7386: objects merge recursively, null deletes, everything else (arrays too) replaces. Keys
 * are fields whatever they are called: a patch key `__proto__` is stored (and later refused by
 * validation), it never reaches an object's prototype.
 */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, mergePatch(ownValue(out, k), v));
  }
  return out;
}

/**
 * The patch-merge key of a list field, by the field's name (the last path segment) and its parent
 * path. Lists without a key (tolerations, args, command) are replaced, as in k8s.io/api.
 */
export const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  ports: 'containerPort',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  conditions: 'type',
  containerStatuses: 'name',
  initContainerStatuses: 'name',
  taints: 'key',
  addresses: 'type',
  ownerReferences: 'uid',
  imagePullSecrets: 'name',
};

/** Lists that strategic merge replaces wholesale although their items are objects. */
const REPLACE_LISTS = new Set(['tolerations', 'finalizers', 'args', 'command']);

function mergeKeyFor(field: string, items: Json[]): string | undefined {
  if (REPLACE_LISTS.has(field)) return undefined;
  const key = ownValue(MERGE_KEYS, field);
  if (!key) return undefined;
  return items.every(isObject) ? key : undefined;
}

function mergeList(field: string, target: Json[], patch: Json[]): Json[] {
  const key = mergeKeyFor(field, [...target, ...patch]);
  if (!key) return patch.filter((p) => !(isObject(p) && p.$patch === 'delete'));
  const out = [...target] as Record<string, Json>[];
  for (const p of patch as Record<string, Json>[]) {
    const idx = out.findIndex((t) => t[key] === p[key]);
    if (p.$patch === 'delete') {
      if (idx >= 0) out.splice(idx, 1);
      continue;
    }
    if (idx >= 0) out[idx] = strategicObject(out[idx]!, p) as Record<string, Json>;
    else out.push(strategicObject({}, p) as Record<string, Json>);
  }
  return out;
}

function strategicObject(target: Record<string, Json>, patch: Record<string, Json>): Record<string, Json> {
  if (patch.$patch === 'replace') {
    const { $patch: _drop, ...rest } = patch;
    return rest;
  }
  const out: Record<string, Json> = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch' || k.startsWith('$setElementOrder') || k.startsWith('$retainKeys')) continue;
    const cur = ownValue(out, k);
    if (v === null) delete out[k];
    else if (Array.isArray(v)) setOwn(out, k, Array.isArray(cur) ? mergeList(k, cur as Json[], v) : mergeList(k, [], v));
    else if (isObject(v)) setOwn(out, k, strategicObject(isObject(cur) ? cur : {}, v));
    else setOwn(out, k, v);
  }
  return out;
}

/** Strategic merge patch for the core/v1 kinds Kubeplay serves. */
export function strategicMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  return strategicObject(isObject(target) ? target : {}, patch);
}

export const MERGE_PATCH = 'application/merge-patch+json';
export const STRATEGIC_MERGE_PATCH = 'application/strategic-merge-patch+json';
export const JSON_PATCH = 'application/json-patch+json';
export const UNSUPPORTED_PATCH_MESSAGE =
  'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json';

/** Apply a PATCH body by its content type; a message for types Kubeplay does not take. */
export function applyPatch(
  contentType: string | undefined,
  target: Json,
  patch: Json,
): { result: Json } | { error: string } | { badRequest: string } | { invalid: string } {
  const ct = contentType ?? STRATEGIC_MERGE_PATCH;
  if (ct === MERGE_PATCH) return { result: mergePatch(target, patch) };
  if (ct === STRATEGIC_MERGE_PATCH) return { result: strategicMergePatch(target, patch) };
  if (ct === JSON_PATCH) return jsonPatch(target, patch);
  // The apiserver's 415 for a content type it does not accept (handlers/patch.go). Server-side
  // apply never comes here: the update stage hands it to the field manager (fieldmanager/).
  return { error: UNSUPPORTED_PATCH_MESSAGE };
}
