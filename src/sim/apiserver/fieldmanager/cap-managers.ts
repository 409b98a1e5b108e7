// The cap on Update entries in metadata.managedFields (k8s.io/apimachinery/pkg/util/managedfields/
// internal/capmanagers.go, DefaultMaxUpdateManagers = 10 in fieldmanager.go): after an Update, when
// more than ten managers own fields through updates, the oldest are merged, version by version,
// into one entry named `ancient-changes` (operation Update, the apiVersion of the updates merged,
// no subresource) until ten are left. Apply entries are never merged nor counted. The oldest are
// found by their time in whole seconds, ties broken by the manager identifier as Go builds it.

import { isEmpty, union } from './fieldset';

export const DEFAULT_MAX_UPDATE_MANAGERS = 10;
export const ANCIENT_CHANGES = 'ancient-changes';

/** What the cap needs of a manager entry (managed-fields.ts's Manager). */
export interface CappedManager {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  subresource: string;
  set: Parameters<typeof union>[0];
  read?: unknown;
}

/** BuildManagerIdentifier: the entry as JSON without fields and time (Go's struct field order, subresource omitted when empty). */
function goIdentifier(m: CappedManager): string {
  return JSON.stringify({ manager: m.manager, operation: m.operation, ...(m.operation === 'Apply' ? {} : { apiVersion: m.apiVersion }), ...(m.subresource ? { subresource: m.subresource } : {}) });
}

const seconds = (time: string | undefined): number => (time ? Math.floor(Date.parse(time) / 1000) : 0);

/**
 * capUpdateManagers, in place on `managers` (keyed by `identifier`). Entries that own nothing are
 * dropped first, as the managed-fields updater below the cap drops them.
 */
export function capUpdateManagers<M extends CappedManager>(managers: Map<string, M>, identifier: (m: CappedManager) => string, max = DEFAULT_MAX_UPDATE_MANAGERS): void {
  for (const [key, m] of managers) if (isEmpty(m.set)) managers.delete(key);
  const updaters = [...managers.keys()].filter((k) => managers.get(k)!.operation === 'Update');
  if (updaters.length <= max) return;
  const go = new Map(updaters.map((k) => [k, goIdentifier(managers.get(k)!)]));
  updaters.sort((a, b) => {
    const d = seconds(managers.get(a)!.time) - seconds(managers.get(b)!.time);
    if (d !== 0) return d;
    const ga = go.get(a)!;
    const gb = go.get(b)!;
    return ga < gb ? -1 : ga > gb ? 1 : 0;
  });
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const key = updaters[i]!;
    const m = managers.get(key)!;
    const bucket = identifier({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: m.apiVersion, subresource: '', set: m.set });
    const first = firstOfVersion.get(m.apiVersion);
    if (first === undefined) {
      firstOfVersion.set(m.apiVersion, key);
      continue;
    }
    // The first update of this version becomes the bucket, unless there is one already.
    if (!managers.has(bucket)) {
      const f = managers.get(first)!;
      managers.delete(first);
      managers.set(bucket, { ...f, manager: ANCIENT_CHANGES, subresource: '', read: undefined });
    }
    const b = managers.get(bucket)!;
    // The bucket takes the time of the update merged into it, the more recent one.
    managers.set(bucket, { ...b, set: union(m.set, b.set), apiVersion: m.apiVersion, time: m.time, read: undefined });
    managers.delete(key);
    length--;
  }
}
