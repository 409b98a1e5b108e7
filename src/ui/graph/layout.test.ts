import { describe, expect, it } from 'vitest';
import { type Box, CHIP_COLS, CHIP_ROWS, COMPACT_SVC_ROWS, type LayoutComponent, type LayoutHost, type LayoutPod, type LayoutService, POD_SLOTS, SERVICES_ID, SVC_ROWS, TRAY_ID, componentNodeId, layoutCluster, moreNodeId, podNodeId, regionId, fitZoom, serviceColumns, serviceNodeId } from './layout';

function cluster(workers: number, etcd = 1): { hosts: LayoutHost[]; components: LayoutComponent[] } {
  const hosts: LayoutHost[] = [
    { id: 'control-plane', role: 'control-plane' },
    { id: 'laptop', role: 'client' },
    { id: 'registry-1.docker.io', role: 'registry' },
  ];
  const components: LayoutComponent[] = [
    { id: 'kube-apiserver', kind: 'kube-apiserver', host: 'control-plane' },
    { id: 'kube-scheduler', kind: 'kube-scheduler', host: 'control-plane' },
    { id: 'kube-controller-manager', kind: 'kube-controller-manager', host: 'control-plane' },
    { id: 'kubeadm', kind: 'kubeadm', host: 'control-plane' },
    { id: 'kubectl', kind: 'kubectl', host: 'laptop' },
    { id: 'registry', kind: 'registry', host: 'registry-1.docker.io' },
  ];
  for (let i = 1; i <= etcd; i++) components.push({ id: `etcd/etcd-${i}`, kind: 'etcd', host: 'control-plane' });
  const nodeNames = ['control-plane'];
  for (let i = 1; i <= workers; i++) {
    hosts.push({ id: `worker-${i}`, role: 'worker' });
    nodeNames.push(`worker-${i}`);
  }
  for (const n of nodeNames) {
    components.push({ id: `kubelet/${n}`, kind: 'kubelet', host: n }, { id: `containerd/${n}`, kind: 'containerd', host: n }, { id: `cni/${n}`, kind: 'cni', host: n });
  }
  return { hosts, components };
}

const pods = (n: number, node?: string, from = 0): LayoutPod[] =>
  Array.from({ length: n }, (_, i) => ({ id: `pods/default/p-${node ?? 'none'}-${from + i}`, node, order: from + i }));

function overlaps(a: Box, b: Box): boolean {
  return a.ax < b.ax + b.w && b.ax < a.ax + a.w && a.ay < b.ay + b.h && b.ay < a.ay + a.h;
}

describe('layoutCluster', () => {
  it('puts each component inside its host region and every pod inside its node region', () => {
    const { hosts, components } = cluster(2);
    const l = layoutCluster(hosts, components, [...pods(2, 'worker-1'), ...pods(1, 'worker-2'), ...pods(1)], []);
    expect(l.byId[componentNodeId('kubelet/worker-1')]!.parent).toBe(regionId('worker-1'));
    expect(l.byId[componentNodeId('etcd/etcd-1')]!.parent).toBe(regionId('control-plane'));
    expect(l.byId[componentNodeId('kubelet/control-plane')]!.kind).toBe('small-component');
    expect(l.byId[componentNodeId('kubectl')]!.parent).toBe(regionId('laptop'));
    expect(l.byId[podNodeId('pods/default/p-worker-1-0')]!.parent).toBe(regionId('worker-1'));
    expect(l.podRegion['pods/default/p-none-0']).toBe(TRAY_ID);
    // One-shot tools are not drawn.
    expect(l.byId[componentNodeId('kubeadm')]).toBeUndefined();
  });

  it('lists parents before their children, as React Flow requires', () => {
    const { hosts, components } = cluster(3);
    const l = layoutCluster(hosts, components, pods(5, 'worker-2'), []);
    const seen = new Set<string>();
    for (const b of l.boxes) {
      if (b.parent) expect(seen.has(b.parent)).toBe(true);
      seen.add(b.id);
    }
  });

  it('keeps every existing position when a pod is added', () => {
    const { hosts, components } = cluster(3);
    const before = layoutCluster(hosts, components, [...pods(3, 'worker-1'), ...pods(2)], []);
    const after = layoutCluster(hosts, components, [...pods(3, 'worker-1'), ...pods(2), ...pods(1, 'worker-1', 3), ...pods(1, undefined, 2)], []);
    for (const b of before.boxes) expect(after.byId[b.id]).toEqual(b);
  });

  it('is deterministic: the same input gives the same layout whatever the input order', () => {
    const { hosts, components } = cluster(4, 3);
    const ps = [...pods(4, 'worker-3'), ...pods(2, 'worker-1')];
    const a = layoutCluster(hosts, components, ps, []);
    const b = layoutCluster([...hosts].reverse(), [...components].reverse(), [...ps].reverse(), []);
    expect(b.byId).toEqual(a.byId);
  });

  it('shows a +N badge instead of the pods beyond the last slot of a region', () => {
    const { hosts, components } = cluster(1);
    // Every cluster with a worker is compact: CHIP_COLS x CHIP_ROWS chips a node.
    const slots = CHIP_COLS * CHIP_ROWS;
    const l = layoutCluster(hosts, components, pods(slots + 5, 'worker-1'), []);
    const drawn = l.boxes.filter((b) => b.kind === 'pod' && b.parent === regionId('worker-1'));
    expect(drawn).toHaveLength(slots - 1);
    expect(l.byId[moreNodeId(regionId('worker-1'))]!.count).toBe(6);
    // Without workers, the control plane's full geometry: POD_SLOTS is a full worker region's.
    expect(POD_SLOTS).toBeGreaterThan(slots);
  });

  it('never overlaps two regions, for 1 to 50 workers', () => {
    for (const n of [1, 2, 3, 5, 8, 13, 21, 34, 50]) {
      const { hosts, components } = cluster(n, 3);
      const l = layoutCluster(hosts, components, pods(3), []);
      const regions = l.boxes.filter((b) => !b.parent);
      for (let i = 0; i < regions.length; i++)
        for (let j = i + 1; j < regions.length; j++) expect(overlaps(regions[i]!, regions[j]!), `${n} workers: ${regions[i]!.id} / ${regions[j]!.id}`).toBe(false);
      for (const b of l.boxes.filter((x) => x.parent)) {
        const p = l.byId[b.parent!]!;
        expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= p.w && b.y + b.h <= p.h, `${b.id} inside ${p.id}`).toBe(true);
      }
    }
  });

  // Issue 11, "A graph that stays readable": the grid's columns follow the pane's shape, so the fit
  // zoom (fitView's, layout.ts fitZoom) is the largest any column count would give in that pane.
  it('picks the worker columns that give the largest fit zoom in a pane of the given shape', () => {
    const layoutAt = (n: number, aspect: number) => {
      const { hosts, components } = cluster(n, 2);
      return layoutCluster(hosts, components, [], [], [], aspect);
    };
    const columnsOf = (l: ReturnType<typeof layoutAt>) => new Set(l.boxes.filter((b) => b.role === 'worker').map((b) => b.ax)).size;
    for (const n of [3, 6, 10, 50]) {
      for (const [w, h] of [
        [1138, 364],
        [1298, 483],
        [700, 700],
      ] as const) {
        const own = fitZoom(layoutAt(n, w / h), w, h, 0);
        for (const other of [0.5, 1, 2, 3, 4, 6, 10]) expect(own, `${n} workers in ${w}x${h}, against aspect ${other}`).toBeGreaterThanOrEqual(fitZoom(layoutAt(n, other), w, h, 0) - 1e-9);
      }
      expect(columnsOf(layoutAt(n, 4))).toBeGreaterThanOrEqual(columnsOf(layoutAt(n, 1)));
    }
    expect(columnsOf(layoutAt(1, 3))).toBe(1);
  });

  it('never lets two regions overlap, whatever the pane shape and the number of workers', () => {
    for (const n of [0, 1, 3, 6, 10, 50]) {
      for (const aspect of [0.5, 1, 2, 3.1, 5, 10]) {
        const { hosts, components } = cluster(n, 2);
        const l = layoutCluster(hosts, components, pods(3), [], svcs(3), aspect);
        const top = l.boxes.filter((b) => !b.parent);
        for (const p of top) for (const q of top) if (p !== q) expect(overlaps(p, q), `${n} workers, aspect ${aspect}: ${p.id} / ${q.id}`).toBe(false);
      }
    }
  });

  it('places the laptop left of the cluster, level with the apiserver (full) or the top row (compact), and the registry right of it', () => {
    const full = layoutCluster(...Object.values(cluster(0)) as [LayoutHost[], LayoutComponent[]], [], []);
    expect(full.compact).toBe(false);
    expect(full.byId[componentNodeId('kubectl')]!.ay).toBe(full.byId[componentNodeId('kube-apiserver')]!.ay);
    const { hosts, components } = cluster(2);
    const l = layoutCluster(hosts, components, [], []);
    expect(l.compact).toBe(true);
    const kubectl = l.byId[componentNodeId('kubectl')]!;
    expect(l.byId[regionId('laptop')]!.ay).toBe(l.byId[regionId('control-plane')]!.ay);
    expect(kubectl.ax + kubectl.w).toBeLessThan(l.byId[regionId('control-plane')]!.ax);
    const reg = l.byId[regionId('registry-1.docker.io')]!;
    for (const b of l.boxes.filter((x) => !x.parent && x.id !== reg.id)) expect(reg.ax).toBeGreaterThan(b.ax + b.w);
  });

  it('gives a Node object without a simulated host its own region', () => {
    const { hosts, components } = cluster(1);
    const l = layoutCluster(hosts, components, pods(1, 'virtual-1'), [{ name: 'virtual-1' }]);
    expect(l.byId[regionId('virtual-1')]).toBeDefined();
    expect(l.podRegion['pods/default/p-virtual-1-0']).toBe(regionId('virtual-1'));
  });

  it('draws Services in a band beside the control plane, in the row above the workers', () => {
    const { hosts, components } = cluster(3);
    const l = layoutCluster(hosts, components, [], [], svcs(2));
    const band = l.byId[SERVICES_ID]!;
    const cp = l.byId[regionId('control-plane')]!;
    const tray = l.byId[TRAY_ID]!;
    const w1 = l.byId[regionId('worker-1')]!;
    expect(band.ay).toBe(cp.ay);
    expect(band.ax).toBeGreaterThan(cp.ax + cp.w);
    expect(tray.ay).toBe(cp.ay);
    expect(tray.ax).toBeGreaterThan(band.ax + band.w);
    expect(w1.ay).toBeGreaterThan(Math.max(band.ay + band.h, cp.ay + cp.h, tray.ay + tray.h));
    expect(l.byId[serviceNodeId('services/default/svc-0')]!.parent).toBe(SERVICES_ID);
  });

  it('keeps every existing position when a Service or a pod is added, and the first Service moves nothing', () => {
    const { hosts, components } = cluster(3);
    const none = layoutCluster(hosts, components, pods(2, 'worker-1'), [], []);
    const before = layoutCluster(hosts, components, pods(2, 'worker-1'), [], svcs(2));
    const after = layoutCluster(hosts, components, [...pods(2, 'worker-1'), ...pods(1, 'worker-2')], [], [...svcs(2), ...svcs(1, 2)]);
    for (const b of none.boxes) expect(before.byId[b.id]).toEqual(b);
    for (const b of before.boxes) expect(after.byId[b.id]).toEqual(b);
  });

  it('places Services in first-seen order whatever the input order, and counts the ones past the last slot', () => {
    // Without workers the full band (serviceColumns x SVC_ROWS slots); with one, compact (COMPACT_SVC_ROWS rows).
    for (const workers of [0, 1]) {
      const { hosts, components } = cluster(workers);
      const slots = workers ? COMPACT_SVC_ROWS : serviceColumns(l0(hosts, components).byId[SERVICES_ID]!.w) * SVC_ROWS;
      const many = svcs(slots + 3);
      const a = layoutCluster(hosts, components, [], [], many);
      const b = layoutCluster(hosts, components, [], [], [...many].reverse());
      expect(b.byId).toEqual(a.byId);
      expect(a.boxes.filter((x) => x.kind === 'service')).toHaveLength(slots - 1);
      expect(a.byId[moreNodeId(SERVICES_ID)]!.count).toBe(4);
    }
  });

  it('keeps the Services band inside the cluster and clear of other regions, for 1 to 50 workers', () => {
    for (const n of [1, 3, 8, 50]) {
      const { hosts, components } = cluster(n, 3);
      const l = layoutCluster(hosts, components, [], [], svcs(5));
      const band = l.byId[SERVICES_ID]!;
      for (const r of l.boxes.filter((x) => !x.parent && x.id !== band.id)) expect(overlaps(band, r), `${n} workers: ${r.id}`).toBe(false);
      for (const s of l.boxes.filter((x) => x.parent === band.id)) expect(s.x >= 0 && s.x + s.w <= band.w && s.y + s.h <= band.h).toBe(true);
    }
  });
});

function svcs(n: number, from = 0): LayoutService[] {
  return Array.from({ length: n }, (_, i) => ({ id: `services/default/svc-${from + i}`, order: from + i }));
}

function l0(hosts: LayoutHost[], components: LayoutComponent[]) {
  return layoutCluster(hosts, components, [], [], []);
}
