// "Why" callouts: where a learner gets stuck, the worker says what the cluster is waiting for. The
// worker computes them from the simulation's state (src/worker/observe/why/) and sends keys and
// numbers, not sentences: the UI's strings tables say them in English or Russian (src/ui/why/).

/**
 * - `scheduler-down`: a Pending pod with no node while no kube-scheduler runs.
 * - `node-not-ready`: a node whose kubelet no longer reports, with the countdowns to NotReady and to eviction.
 * - `etcd-quorum`: the etcd cluster's quorum arithmetic (members, quorum, alive).
 * - `stale-running`: a pod the apiserver still calls Running on a node whose kubelet cannot say otherwise.
 */
export type WhyKind = 'scheduler-down' | 'node-not-ready' | 'etcd-quorum' | 'stale-running';

/** What a callout is attached to: a stored object (`pods/default/web`), a host (`worker-2`), or the etcd cluster. */
export interface WhyTarget {
  kind: 'object' | 'host' | 'etcd';
  id: string;
}

/** Why the kubelet of a node is silent. */
export type SilentReason = 'kubelet-down' | 'host-down' | 'cut';

export interface SchedulerDownWhy {
  kind: 'scheduler-down';
  /** `scheduler-down` when no kube-scheduler process runs; `not-leading` when one runs but holds no leader Lease yet. */
  state: 'scheduler-down' | 'not-leading';
}

export interface NodeNotReadyWhy {
  kind: 'node-not-ready';
  node: string;
  reason: SilentReason;
  /**
   * `grace`: the apiserver still says Ready; the node lifecycle controller waits for the grace period.
   * `not-ready`: marked NotReady (Ready Unknown); pods wait out their tolerationSeconds.
   * `no-controller`: no kube-controller-manager watches the node, so nothing will happen.
   */
  stage: 'grace' | 'not-ready' | 'no-controller';
  /** kube-controller-manager --node-monitor-grace-period and --node-monitor-period, in seconds. */
  gracePeriodSeconds: number;
  monitorPeriodSeconds: number;
  /** Simulated ms when the controller last saw the node alive (its probeTimestamp). */
  lastSeenAt?: number;
  /** Simulated ms: lastSeenAt + grace period (the controller marks it at its first pass after this). */
  notReadyAt?: number;
  /** Simulated ms when the earliest pod on the node is evicted (the taint eviction controller's timer). */
  evictAt?: number;
  /** The tolerationSeconds that timer counts (300 from DefaultTolerationSeconds). */
  tolerationSeconds?: number;
  /** Pods on the node with an eviction scheduled. */
  podsToEvict: number;
}

export interface EtcdQuorumWhy {
  kind: 'etcd-quorum';
  members: number;
  /** floor(members/2)+1. */
  quorum: number;
  /** Members running on a running host. */
  alive: number;
  /** The members' names (`etcd-1`, ...), and those alive: the inspector shows the callout on each member. */
  names: string[];
  aliveNames: string[];
  /** The member that leads, if any (`etcd-1`). */
  leader?: string;
}

export interface StaleRunningWhy {
  kind: 'stale-running';
  node: string;
  reason: SilentReason;
  /** The status the apiserver still holds (`Running`). */
  status: string;
}

export type WhyFacts = SchedulerDownWhy | NodeNotReadyWhy | EtcdQuorumWhy | StaleRunningWhy;

export interface WhyCallout {
  /** `<kind>:<target id>`, unique in a frame. */
  id: string;
  target: WhyTarget;
  /** `warning` gets a badge on the graph; `info` shows only in the inspector. */
  severity: 'warning' | 'info';
  facts: WhyFacts;
}
