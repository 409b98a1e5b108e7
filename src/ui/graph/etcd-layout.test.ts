import { describe, expect, it } from 'vitest';
import { type Box, ETCD_CARD_H, ETCD_CARD_W, ETCD_CLUSTER_ID, ETCD_COMPACT_CARD, type LayoutComponent, type LayoutHost, SERVICES_ID, TRAY_ID, componentNodeId, etcdRing, layoutCluster, regionId } from './layout';

/** kubeadm's external etcd topology: each member on a host of its own (`etcd-k`). */
function externalEtcd(members: number): { hosts: LayoutHost[]; components: LayoutComponent[] } {
  const hosts: LayoutHost[] = [
    { id: 'control-plane', role: 'control-plane' },
    { id: 'laptop', role: 'client' },
    { id: 'worker-1', role: 'worker' },
  ];
  const components: LayoutComponent[] = [
    { id: 'kube-apiserver', kind: 'kube-apiserver', host: 'control-plane' },
    { id: 'kube-scheduler', kind: 'kube-scheduler', host: 'control-plane' },
    { id: 'kubelet/worker-1', kind: 'kubelet', host: 'worker-1' },
  ];
  for (let i = 1; i <= members; i++) {
    hosts.push({ id: `etcd-${i}`, role: 'etcd' });
    components.push({ id: `etcd/etcd-${i}`, kind: 'etcd', host: `etcd-${i}` });
  }
  return { hosts, components };
}

function overlaps(a: Box, b: Box): boolean {
  return a.ax < b.ax + b.w && b.ax < a.ax + a.w && a.ay < b.ay + b.h && b.ay < a.ay + a.h;
}

describe('etcdRing', () => {
  it.each([2, 3, 4, 5, 7])('places %i member cards on a ring without overlaps, inside the box', (n) => {
    const r = etcdRing(n);
    expect(r.cells).toHaveLength(n);
    for (const [i, a] of r.cells.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.y).toBeGreaterThanOrEqual(0);
      expect(a.x + ETCD_CARD_W).toBeLessThanOrEqual(r.w);
      expect(a.y + ETCD_CARD_H).toBeLessThanOrEqual(r.h);
      for (const b of r.cells.slice(i + 1)) expect(Math.abs(a.x - b.x) >= ETCD_CARD_W || Math.abs(a.y - b.y) >= ETCD_CARD_H).toBe(true);
    }
  });

  it('puts the first member at the top, in the middle', () => {
    const r = etcdRing(3);
    expect(r.cells[0]!.y).toBeLessThan(r.cells[1]!.y);
    expect(Math.abs(r.cells[0]!.x + ETCD_CARD_W / 2 - r.w / 2)).toBeLessThanOrEqual(1);
  });
});

describe('layoutCluster with external etcd', () => {
  it('draws an etcd cluster box right of the control plane holding one host card per member, each holding its process', () => {
    const { hosts, components } = externalEtcd(3);
    const l = layoutCluster(hosts, components, [], []);
    const box = l.byId[ETCD_CLUSTER_ID]!;
    const cp = l.byId[regionId('control-plane')]!;
    expect(box.role).toBe('etcd-cluster');
    expect(box.ax).toBeGreaterThanOrEqual(cp.ax + cp.w);
    for (let i = 1; i <= 3; i++) {
      const card = l.byId[regionId(`etcd-${i}`)]!;
      expect(card.parent).toBe(ETCD_CLUSTER_ID);
      expect(card.role).toBe('etcd');
      expect(l.byId[componentNodeId(`etcd/etcd-${i}`)]!.parent).toBe(regionId(`etcd-${i}`));
    }
    // An etcd host is no worker: it gets no worker region of its own elsewhere.
    expect(l.boxes.filter((b) => b.kind === 'region' && b.role === 'worker').map((b) => b.ref)).toEqual(['worker-1']);
  });

  it('keeps the etcd box clear of the control plane, the pending tray and the Services band', () => {
    for (const n of [3, 5, 7]) {
      const { hosts, components } = externalEtcd(n);
      const l = layoutCluster(hosts, components, [], []);
      const box = l.byId[ETCD_CLUSTER_ID]!;
      for (const other of [regionId('control-plane'), TRAY_ID, SERVICES_ID, regionId('worker-1'), regionId('laptop')]) expect(overlaps(box, l.byId[other]!), `${n} members vs ${other}`).toBe(false);
    }
  });

  it('with workers (compact) draws each member as its name over its etcd cell, so the ring of 3 is no taller than the top row needs', () => {
    const { hosts, components } = externalEtcd(3);
    const l = layoutCluster(hosts, components, [], []);
    expect(l.compact).toBe(true);
    for (let i = 1; i <= 3; i++) {
      const card = l.byId[regionId(`etcd-${i}`)]!;
      const cell = l.byId[componentNodeId(`etcd/etcd-${i}`)]!;
      expect([card.w, card.h, card.compact]).toEqual([ETCD_COMPACT_CARD.w, ETCD_COMPACT_CARD.h, true]);
      expect(cell.compact).toBe(true);
      expect(cell.x + cell.w).toBeLessThanOrEqual(card.w);
      expect(cell.y + cell.h).toBeLessThanOrEqual(card.h);
    }
    // The full cards on a circle made a ring of 3 about 437 x 397 units; compact cards 26 units apart
    // 404 x 239. A region gap apart it is narrower, and its header holds a third line (the words
    // "only kube-apiserver talks to etcd", off the edge where they covered other labels).
    const box = l.byId[ETCD_CLUSTER_ID]!;
    expect(box.w).toBeLessThanOrEqual(390);
    expect(box.h).toBeLessThanOrEqual(245);
  });

  it('lists parents before their children', () => {
    const { hosts, components } = externalEtcd(5);
    const l = layoutCluster(hosts, components, [], []);
    const seen = new Set<string>();
    for (const b of l.boxes) {
      if (b.parent) expect(seen.has(b.parent), b.id).toBe(true);
      seen.add(b.id);
    }
  });

  it('draws no etcd box while every member runs on the control plane', () => {
    const hosts: LayoutHost[] = [{ id: 'control-plane', role: 'control-plane' }];
    const components: LayoutComponent[] = [{ id: 'etcd/etcd-1', kind: 'etcd', host: 'control-plane' }];
    const l = layoutCluster(hosts, components, [], []);
    expect(l.byId[ETCD_CLUSTER_ID]).toBeUndefined();
    expect(l.byId[componentNodeId('etcd/etcd-1')]!.parent).toBe(regionId('control-plane'));
  });
});
