// What kube-aggregator's autoregister controller does for one APIService name: checkAPIService in
// staging/src/k8s.io/kube-aggregator/pkg/controllers/autoregister/autoregister_controller.go
// (v1.31). The desired APIServices carry the label `kube-aggregator.kubernetes.io/automanaged`:
// `onstart` (kube-apiserver's own group/versions, AddAPIServiceToSyncOnStart) or `true` (a CRD's
// group/version, AddAPIServiceToSync). Its table, rows the current object, columns the desired one:
//
//                                               | not desired | sync on start | sync always
//   current: not found                          | -           | create once   | create
//   current: no sync label                      | -           | -             | -
//   current: sync on start, not present at start| -           | -             | -
//   current: sync on start, present at start    | delete once | update once   | update once
//   current: sync always                        | delete      | update once   | update
//
// "Once" means: only until the name has been synced successfully once by this kube-apiserver
// process. So a Local APIService deleted or edited while kube-apiserver runs stays so; the next
// kube-apiserver start creates it again or puts its spec back. Removing the label takes it over.

import type { KubeObject } from '../../api/types';

export const AUTOMANAGED_LABEL = 'kube-aggregator.kubernetes.io/automanaged';
/** manageOnStart: synced one time when the controller starts. */
export const MANAGE_ON_START = 'onstart';
/** manageContinuously: kept in sync while the controller runs. */
export const MANAGE_CONTINUOUSLY = 'true';

export type AutoregisterAction =
  | { kind: 'none' }
  | { kind: 'create'; obj: KubeObject }
  | { kind: 'update'; obj: KubeObject }
  | { kind: 'delete'; obj: KubeObject };

function managedType(obj: KubeObject | undefined): string {
  return obj?.metadata.labels?.[AUTOMANAGED_LABEL] ?? '';
}

const onStart = (obj: KubeObject | undefined) => managedType(obj) === MANAGE_ON_START;
const managed = (obj: KubeObject | undefined) => managedType(obj) === MANAGE_ON_START || managedType(obj) === MANAGE_CONTINUOUSLY;

/** reflect.DeepEqual of two specs as JSON values (key order does not matter). */
function sameSpec(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameSpec((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * checkAPIService's decision. `hasSynced`: this name was synced successfully before;
 * `presentAtStart`: it was in the informer's cache when the controller started.
 */
export function checkAPIService(desired: KubeObject | undefined, curr: KubeObject | undefined, hasSynced: boolean, presentAtStart: boolean): AutoregisterAction {
  if (!curr && !desired) return { kind: 'none' };
  if (onStart(desired) && hasSynced) return { kind: 'none' };
  if (!curr) return { kind: 'create', obj: desired! };
  if (!managed(curr)) return { kind: 'none' };
  if (onStart(curr) && !presentAtStart) return { kind: 'none' };
  if (onStart(curr) && hasSynced) return { kind: 'none' };
  if (!desired) return { kind: 'delete', obj: curr };
  if (sameSpec(curr.spec, desired.spec)) return { kind: 'none' };
  return { kind: 'update', obj: { ...curr, spec: desired.spec } };
}
