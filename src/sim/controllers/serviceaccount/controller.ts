// The service account controller (pkg/controller/serviceaccount/serviceaccounts_controller.go,
// kube-controller-manager's `serviceaccount` controller, running as service account
// kube-system/service-account-controller): every active namespace gets a ServiceAccount named
// `default`. It watches namespaces (a new one is synced) and service accounts (a deleted `default`
// makes its namespace sync again), and a sync POSTs the account when the cache has none. A create
// that loses a race answers 409 AlreadyExists; the key is retried and the next sync finds it.

import type { KubeObject, Namespace } from '../../api/types';
import type { Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';

export const SERVICEACCOUNT_CONTROLLER = 'serviceaccount-controller';
export const SERVICEACCOUNT_SA = 'service-account-controller';
/** The accounts every namespace must have (ServiceAccountsControllerOptions.ServiceAccounts). */
export const DEFAULT_SERVICE_ACCOUNT_NAME = 'default';

export interface ServiceAccountControllerState {
  rt: ControllerRuntime;
}

export function createServiceAccountController(): ServiceAccountControllerState {
  return { rt: createRuntime(SERVICEACCOUNT_CONTROLLER) };
}

function enqueue(s: ServiceAccountControllerState, env: ControllerEnv, namespace: string): void {
  queueAdd(s.rt.queue, namespace);
  armWorker(s.rt, env.ctx);
}

/** namespaceAdded / namespaceUpdated: sync the namespace. */
export function onServiceAccountNamespaceDelta(s: ServiceAccountControllerState, env: ControllerEnv, d: Delta): void {
  if (d.type !== 'DELETED') enqueue(s, env, d.object.metadata.name ?? '');
}

/** serviceAccountDeleted: a deleted `default` is made again. */
export function onServiceAccountDelta(s: ServiceAccountControllerState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED' && d.object.metadata.name === DEFAULT_SERVICE_ACCOUNT_NAME) enqueue(s, env, d.object.metadata.namespace ?? '');
}

/** syncNamespace: skip namespaces that are gone or terminating; create `default` if the cache lacks it. */
export function syncServiceAccounts(_s: ServiceAccountControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const ns = sc.key;
  const namespace = env.informers.byName.namespaces.items.get(ns) as Namespace | undefined;
  if (!namespace || namespace.metadata.deletionTimestamp || namespace.status?.phase === 'Terminating') return 'ok';
  if (env.informers.byName.serviceaccounts.items.has(`${ns}/${DEFAULT_SERVICE_ACCOUNT_NAME}`)) return 'ok';
  const body: KubeObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_SERVICE_ACCOUNT_NAME, namespace: ns } };
  syncWrite(sc, { method: 'POST', path: `/api/v1/namespaces/${ns}/serviceaccounts`, body }, {
    phase: 'controller',
    summary: `POST /api/v1/namespaces/${ns}/serviceaccounts (default)`,
    object: { kind: 'ServiceAccount', name: DEFAULT_SERVICE_ACCOUNT_NAME, namespace: ns },
  });
  return 'ok';
}
