// tryUpdateNodeHealth (node_lifecycle_controller.go) with v1.31 defaults: --node-monitor-grace-period
// 40 s, --node-monitor-period 5 s. Seed chapter 3: "kubelet down -> heartbeats stop -> after 40 s
// the node is NotReady". kubernetes.io/docs/concepts/architecture/nodes/#node-controller.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../../config';
import { testLease, testNode } from '../testing';
import { tryUpdateNodeHealth, type NodeHealth } from './health';

const T = DEFAULT_TIMINGS;

describe('node health', () => {
  it('counts a renewed lease as a sign of life, on the controller clock', () => {
    const node = testNode('worker-1');
    const first = tryUpdateNodeHealth(undefined, node, testLease('worker-1', 0), 1_000, T);
    expect(first.health.probeTimestamp).toBe(1_000);
    const same = tryUpdateNodeHealth(first.health, node, testLease('worker-1', 0), 6_000, T);
    expect(same.health.probeTimestamp).toBe(1_000);
    const renewed = tryUpdateNodeHealth(same.health, node, testLease('worker-1', 10_000), 11_000, T);
    expect(renewed.health.probeTimestamp).toBe(11_000);
  });

  it('does not mark a node whose lease stopped exactly 40 s ago, and marks it right after', () => {
    const node = testNode('worker-1');
    const lease = testLease('worker-1', 0);
    const seen = tryUpdateNodeHealth(undefined, node, lease, 0, T).health;
    const at40 = tryUpdateNodeHealth(seen, node, lease, T.nodeMonitorGracePeriodMs, T);
    expect(at40.updated).toBeUndefined();
    expect(at40.currentReady?.status).toBe('True');
    const after = tryUpdateNodeHealth(seen, node, lease, T.nodeMonitorGracePeriodMs + 1, T);
    expect(after.observedReady.status).toBe('True');
    expect(after.currentReady).toMatchObject({
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
      lastHeartbeatTime: '2024-08-13T09:00:00Z',
      lastTransitionTime: '2024-08-13T09:00:40Z',
    });
  });

  it('sets Ready, MemoryPressure, DiskPressure and PIDPressure to Unknown but not NetworkUnavailable', () => {
    const node = testNode('worker-1', { conditions: { MemoryPressure: 'False', DiskPressure: 'False', PIDPressure: 'False', NetworkUnavailable: 'False', Ready: 'True' } });
    const seen: NodeHealth = tryUpdateNodeHealth(undefined, node, undefined, 0, T).health;
    const r = tryUpdateNodeHealth(seen, node, undefined, 45_000, T);
    expect(r.updated?.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual([
      'MemoryPressure=Unknown',
      'DiskPressure=Unknown',
      'PIDPressure=Unknown',
      'NetworkUnavailable=False',
      'Ready=Unknown',
    ]);
  });

  it('writes nothing again once the conditions are already Unknown', () => {
    const node = testNode('worker-1', { conditions: { Ready: 'Unknown' } });
    const seen = tryUpdateNodeHealth(undefined, node, undefined, 0, T).health;
    expect(tryUpdateNodeHealth(seen, node, undefined, 100_000, T).updated).toBeUndefined();
  });

  it('gives a node that never posted status the 60 s startup grace period from its creation', () => {
    const node = testNode('worker-1', { conditions: {} });
    // Created at -10 s: not marked at 50 s, marked after it.
    expect(tryUpdateNodeHealth(undefined, node, undefined, 50_000, T).updated).toBeUndefined();
    const r = tryUpdateNodeHealth(undefined, node, undefined, 50_001, T);
    expect(r.currentReady).toMatchObject({ status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
  });

  it('takes a new heartbeat in the Ready condition as a sign of life too', () => {
    const seen = tryUpdateNodeHealth(undefined, testNode('worker-1', { heartbeat: 0 }), undefined, 0, T).health;
    const beat = tryUpdateNodeHealth(seen, testNode('worker-1', { heartbeat: 30_000 }), undefined, 30_500, T);
    expect(beat.health.probeTimestamp).toBe(30_500);
    expect(tryUpdateNodeHealth(beat.health, testNode('worker-1', { heartbeat: 30_000 }), undefined, 70_000, T).updated).toBeUndefined();
  });
});
