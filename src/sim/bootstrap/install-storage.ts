// The default StorageClass a new cluster comes with, as kind creates it at `kind create cluster`
// (its installstorage action applies the manifest in pkg/build/nodeimage/const_storage.go): class
// `standard`, marked default with `storageclass.kubernetes.io/is-default-class: "true"`, provisioned
// by local-path-provisioner (`rancher.io/local-path`), WaitForFirstConsumer, reclaim policy Delete.
// It is created through kube-apiserver like any client's object, retried until the apiserver
// answers; one that already exists (409) counts as done. A scenario turns it off with
// `spec.cluster.defaultStorageClass: false`.

import type { Credentials, HttpResponse } from '../api/http';
import type { KubeObject } from '../api/types';
import { apiRequest, clientOnMessage, clientOnTimer, createClient, type ClientState } from '../client/apiclient';
import type { ComponentType, Effects } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import { LOCAL_PATH_PROVISIONER } from '../controllers/persistentvolume/provisioner';

export const DEFAULT_STORAGE_CLASS = 'standard';
export const IS_DEFAULT_CLASS = 'storageclass.kubernetes.io/is-default-class';

/** kind's default StorageClass (const_storage.go). */
export function defaultStorageClass(): KubeObject {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: DEFAULT_STORAGE_CLASS, annotations: { [IS_DEFAULT_CLASS]: 'true' } },
    provisioner: LOCAL_PATH_PROVISIONER,
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  } as KubeObject;
}

export interface InstallStorageConfig {
  apiserver: ProcessId;
  credentials: Credentials;
}

interface InstallStorageState {
  client: ClientState;
  done: boolean;
}

const RETRY = 'installstorage.retry';
const RETRY_MS = 1000;
const PATH = '/apis/storage.k8s.io/v1/storageclasses';

function tryCreate(ctx: Effects, s: InstallStorageState): void {
  apiRequest(ctx, s.client, { method: 'POST', path: PATH, body: defaultStorageClass() }, 'create-storage-class', undefined, {
    phase: 'controller',
    summary: `POST ${PATH} (${DEFAULT_STORAGE_CLASS})`,
    object: { kind: 'StorageClass', name: DEFAULT_STORAGE_CLASS },
  });
}

export const installStorage: ComponentType<InstallStorageState, InstallStorageConfig> = {
  kind: 'installstorage',
  start(ctx, input) {
    const s = {
      client: createClient({ apiserver: input.config.apiserver, credentials: input.config.credentials, userAgent: 'kubectl/v1.31.9 (linux/amd64) kubernetes/installstorage', timeoutMs: 10_000 }),
      done: false,
    };
    ctx.setTimer(RETRY_MS, RETRY);
    return s;
  },
  onMessage(s, msg, ctx) {
    const ev = clientOnMessage(s.client, msg, ctx);
    if (!ev) return;
    const status = ev.kind === 'response' ? (ev.response as HttpResponse).status : 0;
    if (status === 201 || status === 409) {
      s.done = true;
      ctx.log(`storageclass.storage.k8s.io/${DEFAULT_STORAGE_CLASS} ${status === 201 ? 'created' : 'unchanged'}`);
    } else ctx.setTimer(RETRY_MS, RETRY);
  },
  onTimer(s, t, ctx) {
    if (clientOnTimer(s.client, t, ctx)?.length) {
      ctx.setTimer(RETRY_MS, RETRY);
      return;
    }
    if (t.name === RETRY && !s.done) tryCreate(ctx, s);
  },
};
