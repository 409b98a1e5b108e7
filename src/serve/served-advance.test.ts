// Issue 17 (bench serve-watch-200): a tick between frames hands real clients what the simulation has
// for them and returns, so that they read it, before it plays the rest of the wall time it owes.
// Real clients read in this Node process (the bench) or on this machine, so a line written reaches
// them only once the tick returns; a tick that came late (a loaded machine) used to play all of its
// wall time first: the watchers' ADDED waited behind the binding's MODIFIED, the kubelet's status
// patch and the sandbox. The copies of one event come over the LAN link in order, spread by its
// jitter (src/sim/kernel/network.ts); the watch lines are kube-apiserver's
// (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/watch.go).

import { describe, expect, it } from 'vitest';
import type { GatewayOutput } from '../sim/gateway/api-gateway';
import type { RecordedRequest } from '../sim/scenario/schema';
import { oneNodeScenario } from './served-scenario';
import { ServedSession } from './served-session';

const WATCHERS = 20;
const ADMIN = { clientCertificate: { commonName: 'kubernetes-admin', organizations: ['system:masters'] } };

function served() {
  const { scenario, source } = oneNodeScenario('served-advance', '{name: worker-1, cpu: "8", memory: 16Gi}');
  let wall = 0;
  const out: GatewayOutput[] = [];
  const s = new ServedSession(scenario, source, 1, (o) => out.push(o), () => wall);
  s.runner.advanceTo(60_000);
  s.resync();
  let id = 0;
  const enter = (r: Omit<RecordedRequest, 'id' | 'credentials' | 'userAgent'>): void => {
    s.advance(true);
    s.runner.record({ kind: 'request', request: { ...r, id: ++id, credentials: structuredClone(ADMIN), userAgent: 'served-advance.test' } });
  };
  return { s, out, enter, wall: (ms: number) => (wall += ms) };
}

const events = (out: GatewayOutput[], type: string): number => out.filter((o) => o.type === 'gateway.event' && o.event.type === type).length;

describe('a tick between frames that comes late', () => {
  it("hands the watchers their copies of the create's ADDED and returns, then plays the wall time it owes at once", () => {
    const { s, out, enter, wall } = served();
    for (let i = 0; i < WATCHERS; i++) enter({ method: 'GET', path: '/api/v1/namespaces/default/pods', query: { watch: 'true' }, watch: true });
    for (let i = 0; i < 100 && out.filter((o) => o.type === 'gateway.watching').length < WATCHERS; i++) {
      wall(1);
      s.advance();
    }
    expect(out.filter((o) => o.type === 'gateway.watching')).toHaveLength(WATCHERS);
    out.length = 0;
    enter({ method: 'POST', path: '/api/v1/namespaces/default/pods', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'w' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } }, contentType: 'application/json', watch: false });
    const sim = s.cluster.sim;
    const target = sim.now + 20;
    wall(20);
    let ticks = 0;
    // Ticks as DueTicks runs them: while the wall time owed makes the next event due already.
    while (events(out, 'ADDED') === 0 && ticks < 100) {
      s.advance();
      ticks++;
    }
    expect(events(out, 'ADDED')).toBeGreaterThan(0);
    // Not the binding's MODIFIED to every watcher, nor the kubelet's status patch after it. (Copies
    // on one link keep their order, so those that queued behind a slow one arrive with it.)
    expect(events(out, 'MODIFIED')).toBeLessThan(WATCHERS);
    expect(sim.now).toBeLessThan(target - 5);
    expect(s.wallMsToNextEvent()).toBeLessThanOrEqual(0);
    while ((s.wallMsToNextEvent() ?? 1) <= 0 && ticks < 1000) {
      s.advance();
      ticks++;
    }
    expect(sim.now).toBeCloseTo(target, 6);
    expect(events(out, 'ADDED')).toBe(WATCHERS);
    expect(events(out, 'MODIFIED')).toBeGreaterThanOrEqual(WATCHERS);
  });
});
