// Which describer prints which resource, and which extra LIST each one needs before printing
// (a Deployment's ReplicaSets, a ReplicaSet's pods), as `kubectl describe` does in
// kubectl/pkg/describe/describe.go DescriberFor.

import type { Event, KubeObject, Namespace, Node, Pod } from '../../../api/types';
import type { Deployment, ReplicaSet } from '../../../controllers/replicaset/types';
import { describeConfigMap, describeSecret } from './config';
import { describeDeployment } from './deployment';
import { describeNamespace } from './namespace';
import { describeNode } from './node';
import { describePod } from './pod';
import { describeReplicaSet } from './replicaset';
import { describeService } from './service';
import { describeJob } from './job';
import { describeLimitRange, describeResourceQuota } from './quota';
import type { Job } from '../../../controllers/job/manage';
import { describeCronJob } from './cronjob';
import type { CronJob } from '../../../controllers/cronjob/schedule';
import { describeDaemonSet, describeStatefulSet } from './statefulset';
import type { DaemonSet } from '../../../controllers/daemonset/types';
import type { StatefulSet } from '../../../controllers/statefulset/types';
import type { Service } from '../../../api/service';
import { describePodDisruptionBudget } from './pdb';
import { describeIngress, ingressRequests, type Ingress } from './ingress';
import { describeHorizontalPodAutoscaler, type HorizontalPodAutoscaler } from './hpa';
import { describePersistentVolume, describePersistentVolumeClaim, describeStorageClass } from './storage';
import { describeEndpoints } from './endpoints';
import type { EndpointSlice, Endpoints } from '../../../api/service';
import { describeGeneric, GENERIC_DESCRIBED } from './generic';
import { describeServiceAccount } from './serviceaccount';
import { describeRole, describeRoleBinding } from './rbac';
import { describeEndpointSlice } from './endpointslice';

interface Describer {
  /** The resource (in the object's namespace) kubectl lists to print this kind, if any. */
  related?: string;
  /**
   * Requests kubectl makes for each object instead (a namespace's ResourceQuotas and LimitRanges,
   * an Ingress's backend Services and their EndpointSlices); their answers come to `print` in order.
   */
  perObject?: (o: KubeObject) => FetchSpec[];
  /** Whether a per-object describer lists the object's events too (describe ingress does). */
  perObjectEvents?: boolean;
  /** The kind a per-object describer's events selector names too (ServiceAccountDescriber's Events.Search does). */
  eventsKind?: string;
  print(o: KubeObject, events: Event[], related: KubeObject[], now: number, fetched: Fetched[]): string;
}

/** One request a per-object describer makes: a LIST (with a label selector) or, with a name, a GET. */
export interface FetchSpec {
  resource: string;
  namespace: string;
  name?: string;
  labelSelector?: string;
}

/** Its answer: the list or object, or the error as kubectl prints it (`services "web" not found`). */
export type Fetched = { ok: true; body: KubeObject & { items?: KubeObject[] } } | { ok: false; error: string };

const DESCRIBERS: Record<string, Describer> = {
  pods: { print: (o, ev, _r, now) => describePod(o as Pod, ev, now) },
  nodes: { print: (o, ev, _r, now) => describeNode(o as Node, ev, now) },
  deployments: { related: 'replicasets', print: (o, ev, r, now) => describeDeployment(o as Deployment, ev, r, now) },
  replicasets: { related: 'pods', print: (o, ev, r, now) => describeReplicaSet(o as ReplicaSet, ev, r, now) },
  statefulsets: { related: 'pods', print: (o, ev, r, now) => describeStatefulSet(o as StatefulSet, ev, r, now) },
  daemonsets: { related: 'pods', print: (o, ev, r, now) => describeDaemonSet(o as DaemonSet, ev, r, now) },
  jobs: { print: (o, ev, _r, now) => describeJob(o as Job, ev, now) },
  cronjobs: { print: (o, ev, _r, now) => describeCronJob(o as CronJob, ev, now) },
  services: { related: 'endpointslices', print: (o, ev, r, now) => describeService(o as Service, ev, r, now) },
  namespaces: {
    perObject: (o) => [
      { resource: 'resourcequotas', namespace: o.metadata.name ?? '' },
      { resource: 'limitranges', namespace: o.metadata.name ?? '' },
    ],
    // A list's items carry no kind on the wire: each gets its list's.
    print: (o, _ev, _r, _now, f) => describeNamespace(o as Namespace, [...itemsOf(f[0], 'ResourceQuota'), ...itemsOf(f[1], 'LimitRange')]),
  },
  horizontalpodautoscalers: { print: (o, ev, _r, now) => describeHorizontalPodAutoscaler(o as HorizontalPodAutoscaler, ev, now) },
  ingresses: { perObject: ingressRequests, perObjectEvents: true, print: (o, ev, _r, now, f) => describeIngress(o as Ingress, ev, now, f) },
  endpoints: { print: (o, ev, _r, now) => describeEndpoints(o as Endpoints, ev, now) },
  configmaps: { print: (o, ev, _r, now) => describeConfigMap(o, ev, now) },
  secrets: { print: (o) => describeSecret(o) },
  resourcequotas: { print: (o) => describeResourceQuota(o) },
  limitranges: { print: (o) => describeLimitRange(o) },
  poddisruptionbudgets: { print: (o, ev, _r, now) => describePodDisruptionBudget(o, ev, now) },
  persistentvolumes: { print: (o, ev, _r, now) => describePersistentVolume(o, ev, now) },
  persistentvolumeclaims: { related: 'pods', print: (o, ev, r, now) => describePersistentVolumeClaim(o, ev, r, now) },
  storageclasses: { print: (o, ev, _r, now) => describeStorageClass(o, ev, now) },
  serviceaccounts: {
    perObject: (o) => [{ resource: 'secrets', namespace: o.metadata.namespace ?? '' }],
    perObjectEvents: true,
    eventsKind: 'ServiceAccount',
    print: (o, ev, _r, now, f) => describeServiceAccount(o, f[0]?.ok ? (f[0].body.items ?? []) : undefined, ev, now),
  },
  // The RBAC describers list no events: a per-object describer with no requests prints at once.
  roles: { perObject: () => [], print: (o) => describeRole(o) },
  rolebindings: { perObject: () => [], print: (o) => describeRoleBinding(o) },
  clusterroles: { perObject: () => [], print: (o) => describeRole(o) },
  clusterrolebindings: { perObject: () => [], print: (o) => describeRoleBinding(o) },
  endpointslices: { print: (o, ev, _r, now) => describeEndpointSlice(o as EndpointSlice, ev, now) },
};

function itemsOf(f: Fetched | undefined, kind: string): KubeObject[] {
  return f?.ok ? (f.body.items ?? []).map((o) => ({ ...o, kind })) : [];
}

const GENERIC: Describer = { print: (o, ev, _r, now) => describeGeneric(o, ev, now) };

export function describerFor(resource: string): Describer | undefined {
  if (Object.hasOwn(DESCRIBERS, resource)) return DESCRIBERS[resource];
  return GENERIC_DESCRIBED.includes(resource) ? GENERIC : undefined;
}
