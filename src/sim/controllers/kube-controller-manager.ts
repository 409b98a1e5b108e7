// kube-controller-manager as a component: one process, many controllers, each a reconciliation
// loop over watches (seed, chapter 2). Shared informers (nodes, pods, node leases) run with the
// controller manager's own identity; their handlers only enqueue keys; each controller's worker
// syncs its keys and writes with its own service account's token. Controllers here: the node
// lifecycle controller, the taint eviction controller, the EndpointSlice controller, the ReplicaSet
// controller, the Deployment controller, the garbage collector and the namespace controller. With
// leader election on, none of them starts until this instance holds its Lease.

import { createClient, type ClientEvent, type ClientState } from '../client/apiclient';
import type { Delta } from '../client/informer';
import { informerSetOnMessage, informerSetOnTimer, informerSetStart, informerSetSynced, type ClientInput } from '../client/informer-set';
import type { Credentials } from '../api/http';
import { KUBERNETES_VERSION, type Timings } from '../config';
import type { ComponentType, Effects, Message, Timer } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import { CONTROLLER_MANAGER_CREDENTIALS } from '../names';
import { armWorker, isWorkerTimer, onSyncWriteResult, runWorker, runtimeOnTimer } from './framework/controller';
import type { ControllerEnv } from './framework/env';
import type { EventSequence } from './framework/events';
import { allSynced, createSharedInformers, indexPodDelta, type InformerName, type SharedInformers } from './framework/informers';
import {
  createNodeLifecycle,
  MONITOR_TIMER,
  NODE_CONTROLLER_SA,
  onNodeDelta,
  startMonitor,
  syncNode,
  type NodeLifecycleState,
} from './nodelifecycle/controller';
import { monitorNodeHealth } from './nodelifecycle/monitor';
import {
  createEndpointSliceController,
  endpointSliceOnWriteResult,
  ENDPOINTSLICE_SA,
  onEndpointSliceDelta,
  onPodDelta as onEndpointSlicePodDelta,
  onServiceDelta,
  syncService,
  type EndpointSliceControllerState,
} from './endpointslice/controller';
import {
  createEndpointController,
  endpointOnWriteResult,
  ENDPOINT_SA,
  onEndpointPodDelta,
  onEndpointsDelta,
  onEndpointServiceDelta,
  syncEndpoints,
  type EndpointControllerState,
} from './endpoint/controller';
import { controllerCredentials } from './tokens';
import {
  createRootCACertPublisher,
  onRootCAConfigMapDelta,
  onRootCANamespaceDelta,
  ROOT_CA_CERT_PUBLISHER_SA,
  syncRootCACert,
  type RootCACertPublisherState,
} from './rootcacertpublisher/publisher';
import {
  createLeaderElector,
  leaderElectionOnClientEvent,
  leaderElectionOnTimer,
  leaderElectionStart,
  type LeaderElectionConfig,
  type LeaderElectorState,
  type LeaderTransition,
} from '../leaderelection/leaderelection';
import {
  createGarbageCollector,
  GARBAGE_COLLECTOR_SA,
  onGarbageCollectorDelta,
  syncGarbageCollector,
  type GarbageCollectorState,
} from './garbagecollector/controller';
import {
  createReplicaSetController,
  onReplicaSetDelta,
  onReplicaSetPodDelta,
  replicaSetOnWriteResult,
  REPLICASET_SA,
  syncReplicaSet,
  type ReplicaSetControllerState,
} from './replicaset/controller';
import {
  createDeploymentController,
  DEPLOYMENT_SA,
  deploymentOnWriteResult,
  onDeploymentDelta,
  onDeploymentReplicaSetDelta,
  syncDeployment,
  type DeploymentControllerState,
} from './deployment/controller';
import {
  createNamespaceController,
  NAMESPACE_SA,
  namespaceOnClientEvent,
  onNamespaceDelta,
  syncNamespace,
  type NamespaceControllerState,
} from './namespace/controller';
import {
  createDaemonSetController,
  DAEMONSET_SA,
  daemonSetOnWriteResult,
  onDaemonSetDelta,
  onDaemonSetNodeDelta,
  onDaemonSetPodDelta,
  syncDaemonSet,
  type DaemonSetControllerState,
} from './daemonset/controller';
import {
  createStatefulSetController,
  onStatefulSetDelta,
  onStatefulSetPodDelta,
  STATEFULSET_SA,
  statefulSetOnWriteResult,
  syncStatefulSet,
  type StatefulSetControllerState,
} from './statefulset/controller';
import {
  createCronJobController,
  CRONJOB_SA,
  cronJobOnWriteResult,
  onCronJobDelta,
  onCronJobJobDelta,
  syncCronJob,
  type CronJobControllerState,
} from './cronjob/controller';
import { createJobController, JOB_SA, jobOnWriteResult, onJobDelta, onJobPodDelta, syncJob, type JobControllerState } from './job/controller';
import {
  createServiceAccountController,
  onServiceAccountDelta,
  onServiceAccountNamespaceDelta,
  SERVICEACCOUNT_SA,
  syncServiceAccounts,
  type ServiceAccountControllerState,
} from './serviceaccount/controller';
import {
  createResourceQuotaController,
  onResourceQuotaDelta,
  onResourceQuotaObjectDelta,
  RESOURCEQUOTA_SA,
  syncResourceQuota,
  type ResourceQuotaControllerState,
} from './resourcequota/controller';
import {
  createVolumeProtection,
  onPVCProtectionClaimDelta,
  onPVCProtectionPodDelta,
  onPVProtectionVolumeDelta,
  PV_PROTECTION_SA,
  PVC_PROTECTION_SA,
  syncPVCProtection,
  syncPVProtection,
  type VolumeProtectionState,
} from './volumeprotection/controller';
import { createPVBinder, onPVBinderClaimDelta, onPVBinderVolumeDelta, PV_BINDER_SA, syncPVBinder, type PVBinderState } from './persistentvolume/binder';
import {
  createTaintEviction,
  onTaintEvictionNodeDelta,
  onTaintEvictionPodDelta,
  syncTaintEvictionNode,
  taintEvictionOnClientEvent,
  taintEvictionOnTimer,
  TAINT_EVICTION_SA,
  type TaintEvictionState,
} from './tainteviction/controller';

import { createDisruptionController, DISRUPTION_SA, onDisruptionPodDelta, onPdbDelta, syncDisruption, type DisruptionControllerState } from './disruption/controller';

export interface KubeControllerManagerConfig {
  apiserver: ProcessId;
  timings: Timings;
  /** Its own identity, for the shared informers (default: the kubeadm-issued client certificate). */
  credentials?: Credentials;
  /**
   * --leader-elect (kubeadm turns it on): the controllers start only once this instance holds the
   * kube-system/kube-controller-manager Lease. Unset, they start at once.
   */
  leaderElection?: LeaderElectionConfig;
}

export interface KubeControllerManagerState {
  config: KubeControllerManagerConfig;
  client: ClientState;
  informers: SharedInformers;
  nodeLifecycle: NodeLifecycleState;
  taintEviction: TaintEvictionState;
  endpointSlice: EndpointSliceControllerState;
  endpoint: EndpointControllerState;
  replicaSet: ReplicaSetControllerState;
  deployment: DeploymentControllerState;
  garbageCollector: GarbageCollectorState;
  daemonSet: DaemonSetControllerState;
  job: JobControllerState;
  cronJob: CronJobControllerState;
  statefulSet: StatefulSetControllerState;
  namespace: NamespaceControllerState;
  serviceAccount: ServiceAccountControllerState;
  rootCA: RootCACertPublisherState;
  resourceQuota: ResourceQuotaControllerState;
  pvBinder: PVBinderState;
  volumeProtection: VolumeProtectionState;
  disruption: DisruptionControllerState;
  events: EventSequence;
  /** The leader elector, when leader election is on. */
  le?: LeaderElectorState;
}

/**
 * Every controller's work queue, the service account it acts as, and its sync: one table, so a
 * new controller is one row here rather than another copy of the dispatch. Built once per state
 * object and kept beside it, not in it: the state stays plain data that a snapshot can clone (a
 * clone gets its own table the first time it is asked).
 */
const workerTables = new WeakMap<KubeControllerManagerState, Worker[]>();

function workers(s: KubeControllerManagerState): Worker[] {
  let table = workerTables.get(s);
  if (!table) workerTables.set(s, (table = workerTable(s)));
  return table;
}

interface Worker {
  rt: KubeControllerManagerState['replicaSet']['rt'];
  serviceAccount: string;
  /**
   * The informers the controller reads: like every controller's Run (cache.WaitForNamedCacheSync),
   * its workers start only once each of them has listed. A controller that synced on a cache still
   * empty would create what exists and delete what it cannot see (chaos seed 1349: a fresh
   * kube-controller-manager's DaemonSet controller saw kube-proxy's pods before its
   * ControllerRevisions and replaced both pods).
   */
  waitsFor: readonly InformerName[];
  sync: (e: ControllerEnv, sc: Parameters<typeof syncReplicaSet>[2]) => ReturnType<typeof syncReplicaSet>;
}

function workerTable(s: KubeControllerManagerState): Worker[] {
  return [
    { rt: s.nodeLifecycle.rt, serviceAccount: NODE_CONTROLLER_SA, waitsFor: ['nodes', 'pods', 'leases'], sync: (e, sc) => syncNode(s.nodeLifecycle, e, sc) },
    { rt: s.taintEviction.rt, serviceAccount: TAINT_EVICTION_SA, waitsFor: ['nodes', 'pods'], sync: (e, sc) => syncTaintEvictionNode(s.taintEviction, e, sc) },
    { rt: s.endpointSlice.rt, serviceAccount: ENDPOINTSLICE_SA, waitsFor: ['services', 'pods', 'endpointslices', 'nodes'], sync: (e, sc) => syncService(s.endpointSlice, e, sc) },
    { rt: s.endpoint.rt, serviceAccount: ENDPOINT_SA, waitsFor: ['services', 'pods', 'endpoints'], sync: (e, sc) => syncEndpoints(s.endpoint, e, sc) },
    { rt: s.replicaSet.rt, serviceAccount: REPLICASET_SA, waitsFor: ['replicasets', 'pods'], sync: (e, sc) => syncReplicaSet(s.replicaSet, e, sc) },
    { rt: s.deployment.rt, serviceAccount: DEPLOYMENT_SA, waitsFor: ['deployments', 'replicasets', 'pods'], sync: (e, sc) => syncDeployment(s.deployment, e, sc) },
    { rt: s.garbageCollector.rt, serviceAccount: GARBAGE_COLLECTOR_SA, waitsFor: s.informers.names, sync: (e, sc) => syncGarbageCollector(s.garbageCollector, e, sc) },
    { rt: s.daemonSet.rt, serviceAccount: DAEMONSET_SA, waitsFor: ['daemonsets', 'controllerrevisions', 'pods', 'nodes'], sync: (e, sc) => syncDaemonSet(s.daemonSet, e, sc) },
    { rt: s.job.rt, serviceAccount: JOB_SA, waitsFor: ['jobs', 'pods'], sync: (e, sc) => syncJob(s.job, e, sc) },
    { rt: s.cronJob.rt, serviceAccount: CRONJOB_SA, waitsFor: ['cronjobs', 'jobs'], sync: (e, sc) => syncCronJob(s.cronJob, e, sc) },
    { rt: s.statefulSet.rt, serviceAccount: STATEFULSET_SA, waitsFor: ['statefulsets', 'pods', 'controllerrevisions', 'persistentvolumeclaims'], sync: (e, sc) => syncStatefulSet(s.statefulSet, e, sc) },
    { rt: s.namespace.rt, serviceAccount: NAMESPACE_SA, waitsFor: ['namespaces'], sync: (e, sc) => syncNamespace(s.namespace, e, sc) },
    { rt: s.serviceAccount.rt, serviceAccount: SERVICEACCOUNT_SA, waitsFor: ['serviceaccounts', 'namespaces'], sync: (e, sc) => syncServiceAccounts(s.serviceAccount, e, sc) },
    { rt: s.rootCA.rt, serviceAccount: ROOT_CA_CERT_PUBLISHER_SA, waitsFor: ['configmaps', 'namespaces'], sync: (e, sc) => syncRootCACert(s.rootCA, e, sc) },
    { rt: s.resourceQuota.rt, serviceAccount: RESOURCEQUOTA_SA, waitsFor: s.informers.names, sync: (e, sc) => syncResourceQuota(s.resourceQuota, e, sc) },
    { rt: s.pvBinder.rt, serviceAccount: PV_BINDER_SA, waitsFor: ['persistentvolumes', 'persistentvolumeclaims', 'storageclasses'], sync: (e, sc) => syncPVBinder(s.pvBinder, e, sc) },
    { rt: s.volumeProtection.pvc, serviceAccount: PVC_PROTECTION_SA, waitsFor: ['persistentvolumeclaims', 'pods'], sync: (e, sc) => syncPVCProtection(s.volumeProtection, e, sc) },
    { rt: s.volumeProtection.pv, serviceAccount: PV_PROTECTION_SA, waitsFor: ['persistentvolumes', 'persistentvolumeclaims'], sync: (e, sc) => syncPVProtection(s.volumeProtection, e, sc) },
    { rt: s.disruption.rt, serviceAccount: DISRUPTION_SA, waitsFor: ['poddisruptionbudgets', 'pods'], sync: (e, sc) => syncDisruption(s.disruption, e, sc) },
  ];
}

function env(s: KubeControllerManagerState, ctx: Effects, serviceAccount: string): ControllerEnv {
  return { ctx, client: s.client, informers: s.informers, timings: s.config.timings, credentials: controllerCredentials(serviceAccount), events: s.events };
}

function onDeltas(s: KubeControllerManagerState, ctx: Effects, which: InformerName, deltas: Delta[]): void {
  const nl = env(s, ctx, NODE_CONTROLLER_SA);
  const te = env(s, ctx, TAINT_EVICTION_SA);
  const es = env(s, ctx, ENDPOINTSLICE_SA);
  const rs = env(s, ctx, REPLICASET_SA);
  const dc = env(s, ctx, DEPLOYMENT_SA);
  const gc = env(s, ctx, GARBAGE_COLLECTOR_SA);
  const rq = env(s, ctx, RESOURCEQUOTA_SA);
  for (const d of deltas) {
    onGarbageCollectorDelta(s.garbageCollector, gc, which, d);
    if (which === 'resourcequotas') onResourceQuotaDelta(s.resourceQuota, rq, d);
    else onResourceQuotaObjectDelta(s.resourceQuota, rq, which, d);
    if (which === 'persistentvolumeclaims') onPVBinderClaimDelta(s.pvBinder, env(s, ctx, PV_BINDER_SA), d);
    else if (which === 'persistentvolumes') onPVBinderVolumeDelta(s.pvBinder, env(s, ctx, PV_BINDER_SA), d);
    if (which === 'persistentvolumeclaims') onPVCProtectionClaimDelta(s.volumeProtection, env(s, ctx, PVC_PROTECTION_SA), d);
    else if (which === 'persistentvolumes') onPVProtectionVolumeDelta(s.volumeProtection, env(s, ctx, PV_PROTECTION_SA), d);
    else if (which === 'pods') onPVCProtectionPodDelta(s.volumeProtection, env(s, ctx, PVC_PROTECTION_SA), d);
    if (which === 'nodes') {
      onNodeDelta(s.nodeLifecycle, nl, d);
      onTaintEvictionNodeDelta(s.taintEviction, te, d);
      onDaemonSetNodeDelta(s.daemonSet, env(s, ctx, DAEMONSET_SA), d);
    } else if (which === 'pods') {
      indexPodDelta(s.informers, d);
      onTaintEvictionPodDelta(s.taintEviction, te, d);
      onEndpointSlicePodDelta(s.endpointSlice, es, d);
      onEndpointPodDelta(s.endpoint, env(s, ctx, ENDPOINT_SA), d);
      onReplicaSetPodDelta(s.replicaSet, rs, d);
      onDaemonSetPodDelta(s.daemonSet, env(s, ctx, DAEMONSET_SA), d);
      onJobPodDelta(s.job, env(s, ctx, JOB_SA), d);
      onStatefulSetPodDelta(s.statefulSet, env(s, ctx, STATEFULSET_SA), d);
      onDisruptionPodDelta(s.disruption, env(s, ctx, DISRUPTION_SA), d);
    } else if (which === 'poddisruptionbudgets') onPdbDelta(s.disruption, env(s, ctx, DISRUPTION_SA), d);
    else if (which === 'services') {
      onServiceDelta(s.endpointSlice, es, d);
      onEndpointServiceDelta(s.endpoint, env(s, ctx, ENDPOINT_SA), d);
    } else if (which === 'endpoints') onEndpointsDelta(s.endpoint, env(s, ctx, ENDPOINT_SA), d);
    else if (which === 'replicasets') {
      onReplicaSetDelta(s.replicaSet, rs, d);
      onDeploymentReplicaSetDelta(s.deployment, dc, d);
    } else if (which === 'deployments') onDeploymentDelta(s.deployment, dc, d);
    else if (which === 'endpointslices') onEndpointSliceDelta(s.endpointSlice, es, d);
    else if (which === 'daemonsets') onDaemonSetDelta(s.daemonSet, env(s, ctx, DAEMONSET_SA), d);
    else if (which === 'jobs') {
      onJobDelta(s.job, env(s, ctx, JOB_SA), d);
      onCronJobJobDelta(s.cronJob, env(s, ctx, CRONJOB_SA), d);
    } else if (which === 'cronjobs') onCronJobDelta(s.cronJob, env(s, ctx, CRONJOB_SA), d);
    else if (which === 'statefulsets') onStatefulSetDelta(s.statefulSet, env(s, ctx, STATEFULSET_SA), d);
    else if (which === 'namespaces') {
      onNamespaceDelta(s.namespace, env(s, ctx, NAMESPACE_SA), d);
      onServiceAccountNamespaceDelta(s.serviceAccount, env(s, ctx, SERVICEACCOUNT_SA), d);
      onRootCANamespaceDelta(s.rootCA, env(s, ctx, ROOT_CA_CERT_PUBLISHER_SA), d);
    } else if (which === 'serviceaccounts') onServiceAccountDelta(s.serviceAccount, env(s, ctx, SERVICEACCOUNT_SA), d);
    else if (which === 'configmaps') onRootCAConfigMapDelta(s.rootCA, env(s, ctx, ROOT_CA_CERT_PUBLISHER_SA), d);
  }
  if (allSynced(s.informers)) startMonitor(s.nodeLifecycle, nl);
}

/**
 * OnStartedLeading starts the controllers (their informers first); OnStoppedLeading makes the
 * process exit, and the kubelet starts it again a PLEG relist later: a fresh process, a new
 * identity, a candidate.
 */
function onLeaderTransition(s: KubeControllerManagerState, ctx: Effects, t: LeaderTransition | undefined): boolean {
  if (t === undefined) return false;
  if (t === 'started-leading') informerSetStart(ctx, s.client, s.informers);
  else if (t === 'stopped-leading') {
    ctx.log('leaderelection lost');
    ctx.exit(s.config.timings.plegRelistPeriodMs);
  }
  return true;
}

function onClientEvent(s: KubeControllerManagerState, ctx: Effects, ev: ClientEvent): void {
  if (s.le && onLeaderTransition(s, ctx, leaderElectionOnClientEvent(s.le, ctx, s.client, ev))) return;
  if (namespaceOnClientEvent(s.namespace, env(s, ctx, NAMESPACE_SA), ev)) return;
  if (onSyncWriteResult(s.nodeLifecycle.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.taintEviction.rt, ctx, ev)) return;
  endpointSliceOnWriteResult(s.endpointSlice, ev);
  if (onSyncWriteResult(s.endpointSlice.rt, ctx, ev)) return;
  endpointOnWriteResult(s.endpoint, ev);
  if (onSyncWriteResult(s.endpoint.rt, ctx, ev)) return;
  replicaSetOnWriteResult(s.replicaSet, env(s, ctx, REPLICASET_SA), ev);
  if (onSyncWriteResult(s.replicaSet.rt, ctx, ev)) return;
  deploymentOnWriteResult(s.deployment, env(s, ctx, DEPLOYMENT_SA), ev);
  if (onSyncWriteResult(s.deployment.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.garbageCollector.rt, ctx, ev)) return;
  daemonSetOnWriteResult(s.daemonSet, env(s, ctx, DAEMONSET_SA), ev);
  if (onSyncWriteResult(s.daemonSet.rt, ctx, ev)) return;
  jobOnWriteResult(s.job, env(s, ctx, JOB_SA), ev);
  if (onSyncWriteResult(s.job.rt, ctx, ev)) return;
  cronJobOnWriteResult(s.cronJob, env(s, ctx, CRONJOB_SA), ev);
  if (onSyncWriteResult(s.cronJob.rt, ctx, ev)) return;
  statefulSetOnWriteResult(s.statefulSet, env(s, ctx, STATEFULSET_SA), ev);
  if (onSyncWriteResult(s.statefulSet.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.serviceAccount.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.rootCA.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.resourceQuota.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.pvBinder.rt, ctx, ev)) return;
  if (onSyncWriteResult(s.disruption.rt, ctx, ev)) return;
  taintEvictionOnClientEvent(env(s, ctx, TAINT_EVICTION_SA), ev);
}

function onClientInputs(s: KubeControllerManagerState, ctx: Effects, inputs: ClientInput<InformerName>[]): void {
  for (const input of inputs) {
    if (input.kind === 'deltas') onDeltas(s, ctx, input.informer, input.deltas);
    else onClientEvent(s, ctx, input.event);
  }
  // A controller whose worker was held until its caches listed runs once the last one has.
  for (const w of workers(s)) if (!w.rt.workerArmed && w.rt.queue.queue.length > 0 && informerSetSynced(s.informers, w.waitsFor)) armWorker(w.rt, ctx);
}

export const kubeControllerManager: ComponentType<KubeControllerManagerState, KubeControllerManagerConfig> = {
  kind: 'kube-controller-manager',
  start(ctx, { config }) {
    const client = createClient({
      apiserver: config.apiserver,
      credentials: config.credentials ?? CONTROLLER_MANAGER_CREDENTIALS,
      userAgent: `kube-controller-manager/${KUBERNETES_VERSION} (linux/amd64) kubernetes/controller-manager`,
      timeoutMs: config.timings.clientRequestTimeoutMs,
    });
    const s: KubeControllerManagerState = {
      config,
      client,
      informers: createSharedInformers(),
      nodeLifecycle: createNodeLifecycle(),
      taintEviction: createTaintEviction(),
      endpointSlice: createEndpointSliceController(),
      endpoint: createEndpointController(),
      replicaSet: createReplicaSetController(),
      deployment: createDeploymentController(),
      garbageCollector: createGarbageCollector(),
      daemonSet: createDaemonSetController(),
      job: createJobController(),
      cronJob: createCronJobController(),
      statefulSet: createStatefulSetController(),
      namespace: createNamespaceController(),
      serviceAccount: createServiceAccountController(),
      rootCA: createRootCACertPublisher(),
      resourceQuota: createResourceQuotaController(),
      pvBinder: createPVBinder(),
      volumeProtection: createVolumeProtection(),
      disruption: createDisruptionController(),
      events: { seq: 0, ttlMs: config.timings.eventTtlMs },
    };
    if (config.leaderElection) {
      s.le = createLeaderElector(config.leaderElection, ctx);
      leaderElectionStart(s.le, ctx, client);
    } else informerSetStart(ctx, client, s.informers);
    return s;
  },
  onMessage(s, msg: Message, ctx) {
    const inputs = informerSetOnMessage(ctx, s.client, s.informers, msg);
    if (inputs) onClientInputs(s, ctx, inputs);
  },
  onTimer(s, t: Timer, ctx) {
    if (s.le && onLeaderTransition(s, ctx, leaderElectionOnTimer(s.le, ctx, s.client, t))) return;
    const nl = s.nodeLifecycle;
    const te = s.taintEviction;
    if (t.name === MONITOR_TIMER) {
      monitorNodeHealth(nl, env(s, ctx, NODE_CONTROLLER_SA));
      ctx.setTimer(s.config.timings.nodeMonitorPeriodMs, MONITOR_TIMER);
      return;
    }
    for (const w of workers(s)) {
      if (!isWorkerTimer(w.rt, t)) continue;
      // Not every cache it reads has listed yet: the keys wait in the queue (armed again below).
      if (!informerSetSynced(s.informers, w.waitsFor)) {
        w.rt.workerArmed = false;
        return;
      }
      const e = env(s, ctx, w.serviceAccount);
      runWorker(w.rt, ctx, s.client, e.credentials, (sc) => w.sync(e, sc));
      return;
    }
    if (workers(s).some((w) => runtimeOnTimer(w.rt, ctx, t))) return;
    if (taintEvictionOnTimer(te, env(s, ctx, TAINT_EVICTION_SA), t)) return;
    const inputs = informerSetOnTimer(ctx, s.client, s.informers, t);
    if (inputs) onClientInputs(s, ctx, inputs);
  },
};
