// The frames carry the "why" callouts whole when they change, and not again while they stay the same
// (DESIGN.md section 6: keep a batch small, never send the whole world each frame).
import { describe, expect, it } from 'vitest';
import type { FrameBatch } from '../protocol/view';
import { buildCluster } from '../sim/cluster';
import { BatchBuilder } from './batch';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.25
`;

function frame(b: BatchBuilder, now: number, force = false): FrameBatch | undefined {
  return b.build(
    { clock: { time: now, playing: false, speed: 1 }, checkpoint: { time: now, events: 0, records: 0, commands: 0, traceHash: '' }, scenario: { name: 't', done: false, failed: 0 } },
    force,
  );
}

describe('why callouts in frames', () => {
  it('sends them in the first frame, again only when they change, and whole on a forced frame', () => {
    const c = buildCluster({}, { seed: 3 });
    const b = new BatchBuilder(c);
    expect(frame(b, c.sim.now)!.why!.map((w) => w.id)).toEqual(['etcd-quorum:etcd']);
    expect(frame(b, c.sim.now)).toBeUndefined();

    c.kill('kube-scheduler');
    c.run('kubectl apply -f -', { stdin: WEB });
    expect(frame(b, c.sim.now)!.why!.map((w) => w.id)).toEqual(['etcd-quorum:etcd', 'scheduler-down:pods/default/web']);
    c.sim.runUntil(c.sim.now + 2_000);
    const quiet = frame(b, c.sim.now);
    expect(quiet?.why).toBeUndefined();
    expect(frame(b, c.sim.now, true)!.why!.map((w) => w.id)).toEqual(['etcd-quorum:etcd', 'scheduler-down:pods/default/web']);
  });
});
