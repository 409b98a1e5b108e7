// kube-apiserver's etcd client keepalive (storagebackend/factory/etcd3.go: keepaliveTime 30 s,
// keepaliveTimeout 10 s). The watch cache's one etcd watch runs on one member; when that member's
// machine loses power nothing closes the watch, and without the keepalive the cache would never
// hear of another write. With it, the silence is noticed, the cache lists and watches again on a
// member that answers, and what was written meanwhile reaches every watcher (found by the chaos
// runner, seed 2).
import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster';
import type { ApiserverState } from './state';

describe('kube-apiserver on a three-member etcd', () => {
  it('notices its etcd watch went silent when that member lost power, and lists again elsewhere', () => {
    const c = new Cluster({ etcd: { members: 3 }, nodes: [{ name: 'worker-1' }] }, { seed: 4 });
    const api = () => c.sim.process('kube-apiserver')!.state as ApiserverState;
    const watched = api().etcd.endpoints[api().etcd.watchEndpoint!]!;
    const host = c.sim.process(watched)!.host;
    c.kill(host); // power off the machine of the member the watch is on
    // The apiserver's next call to that member times out (10 s) and moves to the next endpoint;
    // then writes commit on the two members left.
    c.run('kubectl run before --image=nginx:1.25');
    const created = c.run('kubectl run after --image=nginx:1.25');
    expect(created.stderr + created.stdout).toBe('pod/after created\n');
    c.sim.runFor(60_000);
    expect(api().etcd.endpoints[api().etcd.watchEndpoint!]).not.toBe(watched);
    expect(c.sim.process('kube-apiserver')!.log.map((l) => l.line)).toContain('cacher: etcd connection lost (keepalive timed out); listing again');
    expect(c.run('kubectl get pod after -o jsonpath={.spec.nodeName}').stdout).toBe('worker-1');
  });
});
