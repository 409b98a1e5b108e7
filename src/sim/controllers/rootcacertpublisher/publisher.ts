// The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher/publisher.go,
// kube-controller-manager's `root-ca-cert-publisher`, acting as kube-system/root-ca-cert-publisher):
// every namespace gets a ConfigMap `kube-root-ca.crt` holding the cluster CA as `ca.crt`, with a
// `kubernetes.io/description` annotation, so pods can verify the apiserver (the ServiceAccount
// admission plugin mounts it into every pod). A namespace added or made active is synced; a
// deleted or changed `kube-root-ca.crt` makes its namespace sync again, which re-creates it or
// puts its data back.

import type { KubeObject } from '../../api/types';
import type { Delta } from '../../client/informer';
import { CLUSTER_CA_CERT_PEM } from '../../bootstrap/cluster-ca';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';

export const ROOT_CA_CERT_PUBLISHER = 'root-ca-cert-publisher';
export const ROOT_CA_CERT_PUBLISHER_SA = 'root-ca-cert-publisher';
export const ROOT_CA_CONFIGMAP_NAME = 'kube-root-ca.crt';
export const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
export const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

export interface RootCACertPublisherState {
  rt: ControllerRuntime;
}

export function createRootCACertPublisher(): RootCACertPublisherState {
  return { rt: createRuntime(ROOT_CA_CERT_PUBLISHER) };
}

function enqueue(s: RootCACertPublisherState, env: ControllerEnv, namespace: string): void {
  queueAdd(s.rt.queue, namespace);
  armWorker(s.rt, env.ctx);
}

/** namespaceAdded, and namespaceUpdated for an Active namespace. */
export function onRootCANamespaceDelta(s: RootCACertPublisherState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED') return;
  const phase = (d.object.status as { phase?: string } | undefined)?.phase;
  if (d.type === 'MODIFIED' && phase !== 'Active') return;
  enqueue(s, env, d.object.metadata.name ?? '');
}

/** configMapDeleted / configMapUpdated: only `kube-root-ca.crt` matters. */
export function onRootCAConfigMapDelta(s: RootCACertPublisherState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'ADDED' || d.object.metadata.name !== ROOT_CA_CONFIGMAP_NAME) return;
  enqueue(s, env, d.object.metadata.namespace ?? '');
}

function rootCAData(): Record<string, string> {
  return { 'ca.crt': CLUSTER_CA_CERT_PEM };
}

/** syncNamespace: create the ConfigMap if the cache lacks it, or put its data and annotation back. */
export function syncRootCACert(_s: RootCACertPublisherState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const ns = sc.key;
  const namespace = env.informers.byName.namespaces.items.get(ns);
  if (!namespace || namespace.metadata.deletionTimestamp) return 'ok';
  const cm = env.informers.byName.configmaps.items.get(`${ns}/${ROOT_CA_CONFIGMAP_NAME}`) as (KubeObject & { data?: Record<string, string> }) | undefined;
  const object = { kind: 'ConfigMap', name: ROOT_CA_CONFIGMAP_NAME, namespace: ns };
  const data = rootCAData();
  if (!cm) {
    const body: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIGMAP_NAME, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data };
    syncWrite(sc, { method: 'POST', path: `/api/v1/namespaces/${ns}/configmaps`, body }, { phase: 'controller', summary: `POST /api/v1/namespaces/${ns}/configmaps (${ROOT_CA_CONFIGMAP_NAME})`, object });
    return 'ok';
  }
  const same = Object.keys(cm.data ?? {}).length === 1 && cm.data?.['ca.crt'] === data['ca.crt'];
  if (same && cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]) return 'ok';
  const body: KubeObject = { ...cm, metadata: { ...cm.metadata, annotations: { ...cm.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data };
  syncWrite(sc, { method: 'PUT', path: `/api/v1/namespaces/${ns}/configmaps/${ROOT_CA_CONFIGMAP_NAME}`, body }, { phase: 'controller', summary: `PUT /api/v1/namespaces/${ns}/configmaps/${ROOT_CA_CONFIGMAP_NAME}`, object });
  return 'ok';
}
