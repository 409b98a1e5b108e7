// Every timing a scenario may change, in one object, with Kubernetes v1.31's defaults. Names carry
// their unit last. Components receive this object in their config; nothing hard-codes a duration.

export interface Timings {
  /** kubelet: node lease renew interval (0.25 x leaseDurationSeconds 40 s). */
  nodeLeaseRenewIntervalMs: number;
  nodeLeaseDurationSeconds: number;
  /** kubelet --node-status-update-frequency. */
  nodeStatusUpdateFrequencyMs: number;
  /** kubelet --node-status-report-frequency: post status at least this often even if unchanged. */
  nodeStatusReportFrequencyMs: number;
  /** kube-controller-manager --node-monitor-grace-period (40 s in v1.31, 50 s from v1.32). */
  nodeMonitorGracePeriodMs: number;
  /** kube-controller-manager --node-monitor-period. */
  nodeMonitorPeriodMs: number;
  /** kube-controller-manager --node-startup-grace-period: a node that never posted status gets this long. */
  nodeStartupGracePeriodMs: number;
  /** DefaultTolerationSeconds admission: not-ready / unreachable NoExecute tolerations. */
  defaultNotReadyTolerationSeconds: number;
  defaultUnreachableTolerationSeconds: number;
  /** kubelet image pull back-off: 10 s doubling to 300 s, reset after 2 x max without failure. */
  imageBackOffInitialMs: number;
  imageBackOffMaxMs: number;
  /** kubelet crash-loop back-off: 10 s doubling to 300 s. */
  crashLoopBackOffInitialMs: number;
  crashLoopBackOffMaxMs: number;
  /** kube-scheduler pod back-off: 1 s doubling to 10 s. */
  podInitialBackoffMs: number;
  podMaxBackoffMs: number;
  /** kube-scheduler: unschedulable pods are retried at least this often (podMaxInUnschedulablePodsDuration, 5 min). */
  podMaxInUnschedulablePodsDurationMs: number;
  /** etcd --heartbeat-interval and --election-timeout. */
  etcdHeartbeatIntervalMs: number;
  etcdElectionTimeoutMs: number;
  /** Client request timeout (kubectl --request-timeout default is none; client-go uses HTTP timeouts). */
  clientRequestTimeoutMs: number;
  /** kubelet: how often the pod workers resync (--sync-frequency, 1 min) and the PLEG relist period (1 s). */
  kubeletSyncFrequencyMs: number;
  plegRelistPeriodMs: number;
  /** kube-controller-manager and kube-scheduler --leader-elect-lease-duration, --leader-elect-renew-deadline, --leader-elect-retry-period. */
  leaderElectionLeaseDurationMs: number;
  leaderElectionRenewDeadlineMs: number;
  leaderElectionRetryPeriodMs: number;
  /** kube-apiserver --event-ttl: events are written to etcd with a lease of this length. */
  eventTtlMs: number;
  /** kube-apiserver --etcd-compaction-interval: how often it asks etcd to compact old revisions (0 = never). */
  etcdCompactionIntervalMs: number;
}

export const DEFAULT_TIMINGS: Timings = {
  nodeLeaseRenewIntervalMs: 10_000,
  nodeLeaseDurationSeconds: 40,
  nodeStatusUpdateFrequencyMs: 10_000,
  nodeStatusReportFrequencyMs: 300_000,
  nodeMonitorGracePeriodMs: 40_000,
  nodeMonitorPeriodMs: 5_000,
  nodeStartupGracePeriodMs: 60_000,
  defaultNotReadyTolerationSeconds: 300,
  defaultUnreachableTolerationSeconds: 300,
  imageBackOffInitialMs: 10_000,
  imageBackOffMaxMs: 300_000,
  crashLoopBackOffInitialMs: 10_000,
  crashLoopBackOffMaxMs: 300_000,
  podInitialBackoffMs: 1_000,
  podMaxBackoffMs: 10_000,
  podMaxInUnschedulablePodsDurationMs: 300_000,
  etcdHeartbeatIntervalMs: 100,
  etcdElectionTimeoutMs: 1_000,
  clientRequestTimeoutMs: 30_000,
  kubeletSyncFrequencyMs: 60_000,
  plegRelistPeriodMs: 1_000,
  leaderElectionLeaseDurationMs: 15_000,
  leaderElectionRenewDeadlineMs: 10_000,
  leaderElectionRetryPeriodMs: 2_000,
  eventTtlMs: 3_600_000,
  etcdCompactionIntervalMs: 300_000,
};

/** The Kubernetes version Kubeplay models; strings that changed between versions are data keyed by it. */
export const KUBERNETES_VERSION = 'v1.31.0';
