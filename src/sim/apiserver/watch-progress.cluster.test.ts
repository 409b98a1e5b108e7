// The cacher's progress requests against the simulated etcd member, in a whole cluster. The
// apiserver's own compactor writes etcd's `compact_rev_key` every --etcd-compaction-interval
// (storage/etcd3/compact.go): a revision outside /registry/, so the watch cache's watch brings no
// event for it. A consistent LIST right after it reads that revision as etcd's current one
// (cacher.go GetList, GetCurrentResourceVersionFromStorage); the cache asks for a progress
// notification (cacher/watch_progress.go, clientv3 RequestProgress), the member answers on the
// watch with its revision (etcd server/etcdserver/api/v3rpc/watch.go, RequestProgressAll) and the
// LIST is answered from the cache at once, not when the next lease renewal's event comes.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';
import type { EtcdMemberState } from '../etcd/member';
import type { ApiserverState } from './state';

describe('a consistent LIST after a write the watch cache does not watch', () => {
  it('is answered after one progress notification from etcd', () => {
    const c = buildCluster({}, { seed: 5 });
    const trace = c.sim.world.trace;
    const api = () => c.sim.process('kube-apiserver')!.state as ApiserverState;
    // Quiet the writers that renew leases every few seconds, so no /registry/ event follows the
    // compactor's write for a while.
    c.sim.runUntil(60_000);
    for (const p of ['kube-controller-manager', 'kube-scheduler', 'kubelet/control-plane', 'kubelet/worker-1', 'kubelet/worker-2', 'kubelet/worker-3']) c.kill(p);
    // Up to the compactor's first round (5 min after start): step until its Txn is answered.
    while (api().compactor?.compactTime !== 1 && c.sim.step());
    const etcdRevision = (c.sim.process('etcd/etcd-1')!.state as EtcdMemberState).store.revision;
    expect(api().revision).toBe(etcdRevision - 1);
    const from = trace.length;
    expect(c.run('kubectl delete pods -l app=nothing').stdout).toBe('No resources found\n');
    const after = trace.slice(from).filter((r) => r.kind === 'message');
    const ask = after.find((r) => r.summary === 'Range /registry/pods (limit 1, current revision)')!;
    expect(ask).toBeDefined();
    const revision = after.find((r) => r.inReplyTo === ask.id)!;
    const request = after.find((r) => r.id > revision.id && r.summary.startsWith('WatchProgress #'))!;
    expect(request).toMatchObject({ from: 'kube-apiserver', to: 'etcd/etcd-1' });
    const notify = after.find((r) => r.id > request.id && r.summary.startsWith('progress rev '))!;
    expect(notify).toMatchObject({ from: 'etcd/etcd-1', to: 'kube-apiserver' });
    const answer = after.find((r) => r.id > notify.id && r.type === 'http.response' && r.from === 'kube-apiserver')!;
    expect(answer.time - revision.deliverAt!).toBeLessThan(100);
    expect(api().revision).toBe(etcdRevision);
  });
});
