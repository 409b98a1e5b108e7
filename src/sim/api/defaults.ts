// CONTRACT (owned by the api helper): the scheme's defaulting (SetDefaults_Pod, SetDefaults_Container,
// ...) applied by the apiserver after decoding. Returns a new object; never mutates the input.
//
// The result's keys are sorted at every level, the order `kubectl get -o yaml` prints (sigs.k8s.io/yaml
// marshals through Go maps): apiVersion, kind, metadata, spec, status.

import { base64OfText } from './base64';
import { setOwn } from './own-keys';
import { copyJson } from './json-copy';
import { canonicalResourceList, defaultPod, defaultTemplate } from './pod-defaults';
import { defaultRbacBinding } from './validation/rbac';
import type { ResourceInfo } from './resources';
import type { KubeObject } from './types';
import { defaultWebhookConfiguration } from './webhook-configuration';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function ensure(o: Obj, key: string): Obj {
  if (!isObj(o[key])) o[key] = {};
  return o[key] as Obj;
}

/** A deep copy with object keys sorted; array order kept. Every key is a field (`__proto__` too). */
export function sortKeysDeep<T>(v: T): T {
  if (Array.isArray(v)) return v.map(sortKeysDeep) as T;
  if (isObj(v)) {
    const out: Obj = {};
    for (const k of Object.keys(v).sort()) setOwn(out, k, sortKeysDeep(v[k]));
    return out as T;
  }
  return v;
}

/** SetDefaults_Namespace (the kubernetes.io/metadata.name label) and the registry's create-time spec and status. */
function defaultNamespace(ns: Obj): void {
  const meta = ensure(ns, 'metadata');
  if (typeof meta.name === 'string' && meta.name) ensure(meta, 'labels')['kubernetes.io/metadata.name'] = meta.name;
  const spec = ensure(ns, 'spec');
  if (!Array.isArray(spec.finalizers)) spec.finalizers = ['kubernetes'];
  const status = ensure(ns, 'status');
  status.phase ??= 'Active';
}

/** SetDefaults_NodeStatus: allocatable defaults to capacity. NodeSpec always serialises (`spec: {}`). */
function defaultNode(node: Obj): void {
  ensure(node, 'spec');
  const status = node.status;
  if (isObj(status) && isObj(status.capacity) && !isObj(status.allocatable)) status.allocatable = { ...status.capacity };
}

/** core/v1 Event: fields without omitempty always serialise (`eventTime: null`, `reportingComponent: ""`). */
function defaultEvent(ev: Obj): void {
  ev.eventTime ??= null;
  ev.firstTimestamp ??= null;
  ev.lastTimestamp ??= null;
  ev.reportingComponent ??= '';
  ev.reportingInstance ??= '';
  ensure(ev, 'involvedObject');
  ensure(ev, 'source');
}

/** SetDefaults_Deployment (apps/v1): replicas 1, RollingUpdate 25%/25%, history 10, deadline 600 s. */
function defaultDeployment(d: Obj): void {
  const spec = ensure(d, 'spec');
  spec.replicas ??= 1;
  const strategy = ensure(spec, 'strategy');
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = ensure(strategy, 'rollingUpdate');
    ru.maxUnavailable ??= '25%';
    ru.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  defaultTemplate(spec);
}

/** SetDefaults_Service (the parts without allocation): type ClusterIP, affinity None, TCP, targetPort = port. */
function defaultService(svc: Obj): void {
  const spec = ensure(svc, 'spec');
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  if (spec.type === 'ClusterIP' || spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.internalTrafficPolicy ??= 'Cluster';
  for (const p of Array.isArray(spec.ports) ? spec.ports.filter(isObj) : []) {
    p.protocol ??= 'TCP';
    p.targetPort ??= p.port;
  }
}

/** SetDefaults_DaemonSet: RollingUpdate with maxUnavailable 1 and maxSurge 0, history 10. */
function defaultDaemonSet(ds: Obj): void {
  const spec = ensure(ds, 'spec');
  const strategy = ensure(spec, 'updateStrategy');
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = ensure(strategy, 'rollingUpdate');
    ru.maxUnavailable ??= 1;
    ru.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate(spec);
}

/** SetDefaults_StatefulSet: OrderedReady, RollingUpdate partition 0, one replica, history 10, PVCs retained. */
function defaultStatefulSet(ss: Obj): void {
  const spec = ensure(ss, 'spec');
  spec.podManagementPolicy ??= 'OrderedReady';
  const strategy = ensure(spec, 'updateStrategy');
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') ensure(strategy, 'rollingUpdate').partition ??= 0;
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  const retention = ensure(spec, 'persistentVolumeClaimRetentionPolicy');
  retention.whenDeleted ??= 'Retain';
  retention.whenScaled ??= 'Retain';
  defaultTemplate(spec);
}

/** SetDefaults_Job: one completion at a time, six retries, pods replaced once terminating or failed. */
function defaultJob(job: Obj): void {
  const spec = ensure(job, 'spec');
  spec.completions ??= 1;
  spec.parallelism ??= 1;
  spec.backoffLimit ??= 6;
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= 'TerminatingOrFailed';
  defaultTemplate(spec);
}

/**
 * SetDefaults_CronJob: concurrency Allow, not suspended, three successful and one failed Job kept.
 * The job template's pod template gets the pod defaults; the Job defaults (completions, backoff)
 * come when the controller creates each Job.
 */
function defaultCronJob(cj: Obj): void {
  const spec = ensure(cj, 'spec');
  spec.concurrencyPolicy ??= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  const jt = ensure(spec, 'jobTemplate');
  defaultTemplate(ensure(jt, 'spec'));
}

/**
 * SetDefaults_Secret (type Opaque) and the v1 -> internal conversion of Secrets
 * (Convert_v1_Secret_To_core_Secret): `stringData` is merged into `data` on write, overwriting, and
 * never stored.
 */
function defaultSecret(s: Obj): void {
  if (!s.type) s.type = 'Opaque';
  if (!isObj(s.stringData)) {
    delete s.stringData;
    return;
  }
  const data = isObj(s.data) ? { ...s.data } : {};
  for (const [k, v] of Object.entries(s.stringData)) setOwn(data, k, base64OfText(String(v)));
  s.data = data;
  delete s.stringData;
}

/**
 * SetDefaults_LimitRangeItem, for Container items: the default limit falls back to max, the
 * default request to the default limit, then to min. Empty lists stay absent (omitempty).
 */
function defaultLimitRange(lr: Obj): void {
  const limits = isObj(lr.spec) && Array.isArray(lr.spec.limits) ? (lr.spec.limits as unknown[]) : [];
  for (const item of limits) {
    if (!isObj(item)) continue;
    for (const k of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) canonicalResourceList(item[k]);
    if (item.type !== 'Container') continue;
    const list = (k: string): Obj => (isObj(item[k]) ? (item[k] as Obj) : {});
    const def = { ...list('max'), ...list('default') };
    const defaultRequest = { ...list('min'), ...def, ...list('defaultRequest') };
    if (Object.keys(def).length) item.default = def;
    if (Object.keys(defaultRequest).length) item.defaultRequest = defaultRequest;
  }
}

/** SetDefaults_PersistentVolume: Retain, Filesystem, and status.phase Pending until the binder looks. */
function defaultPersistentVolume(pv: Obj): void {
  const spec = ensure(pv, 'spec');
  spec.persistentVolumeReclaimPolicy ??= 'Retain';
  spec.volumeMode ??= 'Filesystem';
  ensure(pv, 'status').phase ??= 'Pending';
}

/** SetDefaults_PersistentVolumeClaim: Filesystem, and status.phase Pending. */
function defaultPersistentVolumeClaim(pvc: Obj): void {
  ensure(pvc, 'spec').volumeMode ??= 'Filesystem';
  ensure(pvc, 'status').phase ??= 'Pending';
}

/** SetDefaults_StorageClass: reclaimPolicy Delete, volumeBindingMode Immediate. */
function defaultStorageClass(sc: Obj): void {
  sc.reclaimPolicy ??= 'Delete';
  sc.volumeBindingMode ??= 'Immediate';
}

const DEFAULTERS: Record<string, (o: Obj) => void> = {
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': defaultWebhookConfiguration(true),
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': defaultWebhookConfiguration(false),
  '/LimitRange': defaultLimitRange,
  '/ResourceQuota': (q) => canonicalResourceList(isObj(q.spec) ? q.spec.hard : undefined),
  '/PersistentVolume': defaultPersistentVolume,
  '/PersistentVolumeClaim': defaultPersistentVolumeClaim,
  'storage.k8s.io/StorageClass': defaultStorageClass,
  '/Pod': defaultPod,
  '/Namespace': defaultNamespace,
  '/Node': defaultNode,
  '/Event': defaultEvent,
  '/Service': defaultService,
  '/Secret': defaultSecret,
  'coordination.k8s.io/Lease': (l) => void ensure(l, 'spec'),
  'apps/Deployment': defaultDeployment,
  'apps/ReplicaSet': (rs) => {
    const spec = ensure(rs, 'spec');
    spec.replicas ??= 1;
    defaultTemplate(spec);
  },
  'apps/DaemonSet': defaultDaemonSet,
  'apps/StatefulSet': defaultStatefulSet,
  'batch/Job': defaultJob,
  'batch/CronJob': defaultCronJob,
  'rbac.authorization.k8s.io/RoleBinding': defaultRbacBinding,
  'rbac.authorization.k8s.io/ClusterRoleBinding': defaultRbacBinding,
};

/**
 * sortKeysDeep for a value the caller owns (a fresh copy): levels whose keys are already in order
 * are kept and only their children are visited, so an object that is already canonical (most of
 * what components write back) costs one walk and no second copy. The result orders keys exactly
 * as sortKeysDeep's does.
 */
export function sortKeysOwned<T>(v: T): T {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = sortKeysOwned(v[i]);
    return v;
  }
  if (!isObj(v)) return v;
  const keys = Object.keys(v);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (!sorted) {
    const out: Obj = {};
    for (const k of keys.sort()) setOwn(out, k, sortKeysOwned(v[k]));
    return out as T;
  }
  for (const k of keys) {
    const child = v[k];
    const done = sortKeysOwned(child);
    if (done !== child) setOwn(v, k, done);
  }
  return v;
}

/**
 * The scheme's defaults on a copy of obj. On create the keys are sorted as kubectl prints them; a
 * patched object keeps the order it has (`sortKeys: false`), so a controller that compares what it
 * wrote with what it reads back sees no change where there is none.
 */
export function applyDefaults(info: ResourceInfo, obj: KubeObject, sortKeys = true): KubeObject {
  const copy = copyJson(obj) as unknown as Obj;
  DEFAULTERS[`${info.group}/${info.kind}`]?.(copy);
  return (sortKeys ? sortKeysOwned(copy) : copy) as unknown as KubeObject;
}
