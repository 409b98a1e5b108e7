// The cacher's progress requests (cacher/watch_progress.go) on a three-member etcd with a member
// down. Progress notifications come on the cache's one watch stream (clientv3 RequestProgress goes
// to the member the watch is on; etcd server/etcdserver/api/v3rpc/watch.go answers with that
// member's revision), so a member that is down but carries no watch changes nothing: a consistent
// LIST after a write the cache does not watch (the compactor's `compact_rev_key`) is answered after
// one progress notification. When the member the watch is on loses power, nothing answers the
// requests: the keepalive (storagebackend/factory/etcd3.go, 30 s + 10 s) ends the watch and the
// cache lists again elsewhere; a read waiting meanwhile asks every 100 ms until watch_cache.go's
// 3 s blockTimeout, then reads etcd instead (cacher.go GetList's fallback), and the requests stop
// once no read waits.
import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster';
import type { EtcdMemberState } from '../etcd/member';
import type { ApiserverState } from './state';
import { PROGRESS_REQUEST_PERIOD_MS } from './watch-progress';

const WRITERS = ['kube-controller-manager', 'kube-scheduler', 'kubelet/control-plane', 'kubelet/worker-1'];

function quietCluster() {
  const c = new Cluster({ etcd: { members: 3 }, nodes: [{ name: 'worker-1' }] }, { seed: 5 });
  c.sim.runUntil(60_000);
  // Quiet the writers that renew leases every few seconds, so no /registry/ event follows the
  // compactor's write for a while.
  for (const p of WRITERS) c.kill(p);
  const api = () => c.sim.process('kube-apiserver')!.state as ApiserverState;
  return { c, api, watched: () => api().etcd.endpoints[api().etcd.watchEndpoint!]! };
}

function leaderRevision(c: Cluster): number {
  const members = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'].map((m) => c.sim.process(m)).filter((p) => p?.alive);
  return Math.max(...members.map((p) => (p!.state as EtcdMemberState).store.revision));
}

describe('a consistent LIST while an etcd member is down', () => {
  it('is answered after one progress notification when the member down is not the watch\'s', () => {
    const { c, api, watched } = quietCluster();
    const other = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'].find((m) => m !== watched())!;
    c.kill(other);
    while (api().compactor?.compactTime !== 1 && c.sim.step());
    expect(api().revision).toBe(leaderRevision(c) - 1);
    const trace = c.sim.world.trace;
    const from = trace.length;
    expect(c.run('kubectl delete pods -l app=nothing').stdout).toBe('No resources found\n');
    const after = trace.slice(from).filter((r) => r.kind === 'message');
    const asks = after.filter((r) => r.summary.startsWith('WatchProgress #'));
    expect(asks.length).toBe(1);
    expect(asks[0]).toMatchObject({ from: 'kube-apiserver', to: watched() });
    expect(api().revision).toBe(leaderRevision(c));
  });

  it('asks every period until the block timeout when the watch\'s member lost power, then stops', () => {
    const { c, api, watched } = quietCluster();
    while (api().compactor?.compactTime !== 1 && c.sim.step());
    const trace = c.sim.world.trace;
    const from = trace.length;
    const job = c.exec('kubectl delete pods -l app=nothing');
    // Up to the first progress request: the read knows etcd's revision and waits for the cache.
    const isAsk = (r: (typeof trace)[number]) => r.kind === 'message' && r.summary.startsWith('WatchProgress #');
    while (!trace.slice(from).some(isAsk) && c.sim.step());
    c.kill(c.sim.process(watched())!.host);
    while (c.output(job) === undefined && c.sim.step());
    const asks = trace.slice(from).filter(isAsk);
    // One request per 100 ms on the watch's stream while the read waits, 3 s (blockTimeout) in all;
    // then the read goes to etcd, whose call to the lost member times out after 10 s (the client's
    // per-call timeout, as in etcd-keepalive.cluster.test.ts) and the LIST fails with it.
    expect(asks.length).toBe(3000 / PROGRESS_REQUEST_PERIOD_MS);
    expect(new Set(asks.map((r) => r.to))).toEqual(new Set([watched()]));
    expect(c.output(job)!.stderr).toBe('Error from server: etcdserver: request timed out\n');
    // No read waits any more: the requester sleeps; the next LIST, on another member, is answered.
    const end = trace.length;
    c.sim.runFor(10_000);
    expect(trace.slice(end).filter(isAsk)).toEqual([]);
    expect(c.run('kubectl delete pods -l app=nothing').stdout).toBe('No resources found\n');
  });
});
