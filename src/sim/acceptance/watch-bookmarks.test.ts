// The in-cluster reflectors ask for allowWatchBookmarks=true (client-go tools/cache/reflector.go
// watchList/ListAndWatch: `AllowWatchBookmarks: true`), so kube-apiserver's cacher sends each of them a
// BOOKMARK about once a minute (cacher.go defaultBookmarkFrequency) carrying the cache's newest
// resourceVersion, and the reflector moves its resourceVersion on to it (reflector.go
// handleWatch: `case watch.Bookmark: // A `Bookmark` means watch has synced here, just update the resourceVersion`).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';

describe('watch bookmarks for the in-cluster informers', () => {
  it('reach the scheduler, the controller manager and the kubelets every minute, each newer than the last', () => {
    const c = buildCluster({}, { seed: 21 });
    c.sim.runUntil(190_000);
    const marks = c.sim.world.trace.filter((r) => r.kind === 'message' && r.from === 'kube-apiserver' && r.summary.startsWith('BOOKMARK '));
    const to = new Set(marks.map((r) => r.to.split('/')[0]));
    expect([...to]).toEqual(expect.arrayContaining(['kube-scheduler', 'kube-controller-manager', 'kubelet']));
    // One watch stream's bookmarks: a minute apart (or 2 s before its deadline), resourceVersions rising.
    const byStream = new Map<string, { time: number; rv: number }[]>();
    for (const r of marks) {
      const key = `${r.to} ${r.summary.split(' ')[1]}`;
      const list = byStream.get(key) ?? [];
      list.push({ time: r.time, rv: Number(/rv=(\d+)/.exec(r.summary)![1]) });
      byStream.set(key, list);
    }
    const sched = byStream.get('kube-scheduler pod')!;
    expect(sched.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < sched.length; i++) {
      expect(sched[i]!.time - sched[i - 1]!.time).toBeLessThan(60_001);
      expect(sched[i]!.rv).toBeGreaterThanOrEqual(sched[i - 1]!.rv);
    }
    expect(c.run('kubectl get nodes').exitCode).toBe(0);
  });
});
