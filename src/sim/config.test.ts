import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, type Timings } from './config';

// Issue 4: "Timings come from one config object and each is tested at its default." Each row names
// the flag or constant in Kubernetes v1.31 (or etcd 3.5) the default comes from. Behaviour at these
// defaults is tested where it happens (node lifecycle, kubelet back-off, scheduler queue, etcd).
const SOURCES: Record<keyof Timings, [number, string]> = {
  nodeLeaseRenewIntervalMs: [10_000, 'kubelet: renewInterval = 0.25 x nodeLeaseDurationSeconds (pkg/kubelet/kubelet.go)'],
  nodeLeaseDurationSeconds: [40, 'kubelet --node-lease-duration-seconds default 40'],
  nodeStatusUpdateFrequencyMs: [10_000, 'kubelet --node-status-update-frequency default 10s'],
  nodeStatusReportFrequencyMs: [300_000, 'kubelet nodeStatusReportFrequency default 5m'],
  nodeMonitorGracePeriodMs: [40_000, 'kube-controller-manager --node-monitor-grace-period default 40s (v1.31)'],
  nodeMonitorPeriodMs: [5_000, 'kube-controller-manager --node-monitor-period default 5s'],
  nodeStartupGracePeriodMs: [60_000, 'kube-controller-manager --node-startup-grace-period default 1m'],
  defaultNotReadyTolerationSeconds: [300, 'kube-apiserver --default-not-ready-toleration-seconds default 300'],
  defaultUnreachableTolerationSeconds: [300, 'kube-apiserver --default-unreachable-toleration-seconds default 300'],
  imageBackOffInitialMs: [10_000, 'kubelet backOffPeriod 10s (pkg/kubelet/kubelet.go)'],
  imageBackOffMaxMs: [300_000, 'kubelet MaxContainerBackOff 300s'],
  crashLoopBackOffInitialMs: [10_000, 'kubelet backOffPeriod 10s'],
  crashLoopBackOffMaxMs: [300_000, 'kubelet MaxContainerBackOff 300s'],
  podInitialBackoffMs: [1_000, 'kube-scheduler podInitialBackoffSeconds default 1'],
  podMaxBackoffMs: [10_000, 'kube-scheduler podMaxBackoffSeconds default 10'],
  podMaxInUnschedulablePodsDurationMs: [300_000, 'kube-scheduler DefaultPodMaxInUnschedulablePodsDuration 5m'],
  etcdHeartbeatIntervalMs: [100, 'etcd --heartbeat-interval default 100 (ms)'],
  etcdElectionTimeoutMs: [1_000, 'etcd --election-timeout default 1000 (ms)'],
  clientRequestTimeoutMs: [30_000, 'Kubeplay: client-go has no overall default; 30 s bounds a call to a silent server'],
  kubeletSyncFrequencyMs: [60_000, 'kubelet --sync-frequency default 1m'],
  plegRelistPeriodMs: [1_000, 'kubelet genericPlegRelistPeriod 1s'],
  leaderElectionLeaseDurationMs: [15_000, 'component-base/config/v1alpha1 RecommendedDefaultLeaderElectionConfiguration: LeaseDuration 15s'],
  leaderElectionRenewDeadlineMs: [10_000, 'component-base/config/v1alpha1 RecommendedDefaultLeaderElectionConfiguration: RenewDeadline 10s'],
  leaderElectionRetryPeriodMs: [2_000, 'component-base/config/v1alpha1 RecommendedDefaultLeaderElectionConfiguration: RetryPeriod 2s'],
  eventTtlMs: [3_600_000, 'kube-apiserver --event-ttl default 1h0m0s (pkg/kubeapiserver/options)'],
  etcdCompactionIntervalMs: [300_000, 'kube-apiserver --etcd-compaction-interval default 5m0s (apiserver storagebackend DefaultCompactInterval)'],
};

describe('DEFAULT_TIMINGS', () => {
  it.each(Object.entries(SOURCES))('%s has its Kubernetes default (%j)', (key, [value]) => {
    expect(DEFAULT_TIMINGS[key as keyof Timings]).toBe(value);
  });

  it('has a source row for every timing, so a new timing cannot go untested', () => {
    expect(Object.keys(DEFAULT_TIMINGS).sort()).toEqual(Object.keys(SOURCES).sort());
  });
});
