import { describe, expect, it } from 'vitest';
import type { ComponentView, HostView, ObjectView } from '../../protocol/view';
import { componentNodeId, layoutCluster, moreNodeId, podNodeId, regionId, serviceNodeId } from './layout';
import { type SimSlice, buildServiceEdges } from './model';
import { compactServiceSpec, endpointTarget, serviceEndpoints, serviceLabel, serviceSummary, sliceService } from './services';

const view = (id: string, kind: string, object: Record<string, unknown>): ObjectView => {
  const [, namespace = '', name = ''] = id.split('/');
  return { id, kind, namespace, name, resourceVersion: '1', object };
};

const service = (name: string, spec: Record<string, unknown>) => view(`services/default/${name}`, 'Service', { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });

function slice(name: string, svc: string, endpoints: unknown[]): ObjectView {
  return view(`endpointslices/default/${name}`, 'EndpointSlice', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': svc } },
    addressType: 'IPv4',
    endpoints,
    ports: [{ name: '', port: 80, protocol: 'TCP' }],
  });
}

const podEp = (name: string, ip: string, ready: boolean, terminating = false) => ({
  addresses: [ip],
  conditions: { ready, serving: ready, terminating },
  targetRef: { kind: 'Pod', name, namespace: 'default', uid: `uid-${name}` },
  nodeName: 'worker-1',
});

// The `kubernetes` Service's slice as kube-apiserver writes it: an address, no targetRef
// (pkg/controlplane/reconcilers: the master's endpoints).
const kubernetesSlice = slice('kubernetes', 'kubernetes', [{ addresses: ['10.0.0.10'], conditions: { ready: true } }]);

describe('serviceEndpoints', () => {
  it('collects each Service endpoints from the slices labelled kubernetes.io/service-name', () => {
    const m = serviceEndpoints([kubernetesSlice, slice('web-abcde', 'web', [podEp('web-1', '10.244.1.2', true), podEp('web-2', '10.244.2.2', false)])]);
    expect(m.get('services/default/kubernetes')).toEqual([{ address: '10.0.0.10', ready: true, terminating: false }]);
    expect(m.get('services/default/web')).toEqual([
      { address: '10.244.1.2', ready: true, terminating: false, pod: 'pods/default/web-1', nodeName: 'worker-1' },
      { address: '10.244.2.2', ready: false, terminating: false, pod: 'pods/default/web-2', nodeName: 'worker-1' },
    ]);
  });

  it('lists a Service whose slice has no endpoints with none, and ignores slices without the label', () => {
    const unlabelled = view('endpointslices/default/manual', 'EndpointSlice', { metadata: { name: 'manual' }, endpoints: [podEp('x', '10.244.1.9', true)] });
    const m = serviceEndpoints({ a: slice('web-abcde', 'web', []), b: unlabelled });
    expect(m.get('services/default/web')).toEqual([]);
    expect(m.size).toBe(1);
    expect(sliceService(unlabelled)).toBeUndefined();
  });

  it('treats a nil ready condition as ready, as EndpointConditions documents', () => {
    // discovery/v1 EndpointConditions: "nil should be interpreted as true".
    const m = serviceEndpoints([slice('s', 'web', [{ addresses: ['10.244.1.3'] }])]);
    expect(m.get('services/default/web')![0]!.ready).toBe(true);
  });

  it('merges several slices of one Service in name order, each address once', () => {
    const a = slice('web-b', 'web', [podEp('web-2', '10.244.2.2', true)]);
    const b = slice('web-a', 'web', [podEp('web-1', '10.244.1.2', true), podEp('web-2', '10.244.2.2', true)]);
    const m1 = serviceEndpoints([a, b]);
    const m2 = serviceEndpoints([b, a]);
    expect(m1).toEqual(m2);
    expect(m1.get('services/default/web')!.map((e) => e.address)).toEqual(['10.244.1.2', '10.244.2.2']);
  });
});

describe('serviceSummary', () => {
  it.each([
    ['a ClusterIP Service', { type: 'ClusterIP', clusterIP: '10.96.12.7', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] }, 'web  ClusterIP 10.96.12.7  80/TCP'],
    ['a NodePort Service, port:nodePort as kubectl prints it', { type: 'NodePort', clusterIP: '10.96.3.4', ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }] }, 'web  NodePort 10.96.3.4  80:30080/TCP'],
    ['several ports, comma-separated', { type: 'ClusterIP', clusterIP: '10.96.3.5', ports: [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] }, 'web  ClusterIP 10.96.3.5  80/TCP,53/UDP'],
    ['a headless Service', { type: 'ClusterIP', clusterIP: 'None', ports: [] }, 'web  ClusterIP None  <none>'],
  ])('labels %s like kubectl get service', (_name, spec, label) => {
    // kubectl get service columns TYPE, CLUSTER-IP, PORT(S) (pkg/printers/internalversion/printers.go printService).
    expect(serviceLabel(serviceSummary(service('web', spec)))).toBe(label);
  });
});

describe('endpointTarget', () => {
  const ctx = {
    podNode: (id: string) => (id === 'pods/default/web-1' ? podNodeId(id) : undefined),
    podByIP: new Map([['10.244.1.2', 'pods/default/web-1']]),
    hostNode: (a: string) => (a === '10.0.0.10' ? componentNodeId('kube-apiserver') : undefined),
  };
  it('points at the pod its targetRef names, or the pod with its IP, or the process on a host address', () => {
    expect(endpointTarget({ address: '10.244.1.2', ready: true, terminating: false, pod: 'pods/default/web-1' }, ctx)).toBe(podNodeId('pods/default/web-1'));
    expect(endpointTarget({ address: '10.244.1.2', ready: true, terminating: false }, ctx)).toBe(podNodeId('pods/default/web-1'));
    expect(endpointTarget({ address: '10.0.0.10', ready: true, terminating: false }, ctx)).toBe(componentNodeId('kube-apiserver'));
    expect(endpointTarget({ address: '10.9.9.9', ready: true, terminating: false }, ctx)).toBeUndefined();
  });
});

describe('buildServiceEdges', () => {
  const hosts: Record<string, HostView> = {
    'control-plane': { id: 'control-plane', address: '10.0.0.10', role: 'control-plane', up: true },
    'worker-1': { id: 'worker-1', address: '10.0.0.11', role: 'worker', up: true },
  };
  const components: Record<string, ComponentView> = { 'kube-apiserver': { id: 'kube-apiserver', kind: 'kube-apiserver', host: 'control-plane', alive: true, incarnation: 1, detail: {} } };
  const pod = (name: string, ip: string) => view(`pods/default/${name}`, 'Pod', { metadata: { name }, spec: { nodeName: 'worker-1' }, status: { podIP: ip } });

  function build(podCount: number) {
    const pods = Array.from({ length: podCount }, (_, i) => pod(`web-${i}`, `10.244.1.${i + 2}`));
    const eps = pods.map((p, i) => podEp(p.name, `10.244.1.${i + 2}`, i !== 1));
    const objects = Object.fromEntries([service('kubernetes', {}), service('web', {}), kubernetesSlice, slice('web-x', 'web', eps), ...pods].map((o) => [o.id, o]));
    const s: SimSlice = { hosts, components, objects, partitions: [] };
    const layout = layoutCluster(
      Object.values(hosts).map((h) => ({ id: h.id, role: h.role })),
      [{ id: 'kube-apiserver', kind: 'kube-apiserver', host: 'control-plane' }],
      pods.map((p, i) => ({ id: p.id, node: 'worker-1', order: i })),
      [],
      [
        { id: 'services/default/kubernetes', order: 0 },
        { id: 'services/default/web', order: 1 },
      ],
    );
    return buildServiceEdges(s, layout, serviceEndpoints(objects));
  }

  it('draws the kubernetes Service to the apiserver and a Service to each endpoint pod, dashed when not ready', () => {
    const edges = build(3);
    expect(edges.map((e) => [e.source, e.target, e.data!.ready])).toEqual([
      [serviceNodeId('services/default/kubernetes'), componentNodeId('kube-apiserver'), true],
      [serviceNodeId('services/default/web'), podNodeId('pods/default/web-0'), true],
      [serviceNodeId('services/default/web'), podNodeId('pods/default/web-1'), false],
      [serviceNodeId('services/default/web'), podNodeId('pods/default/web-2'), true],
    ]);
    expect(edges.every((e) => e.type === 'service')).toBe(true);
  });

  it('sends the endpoints beyond a region last slot to its +N badge, as one edge', () => {
    const edges = build(20);
    const more = edges.filter((e) => e.target === moreNodeId(regionId('worker-1')));
    expect(more).toHaveLength(1);
    expect(more[0]!.data!.ready).toBe(true);
    expect(new Set(edges.map((e) => e.id)).size).toBe(edges.length);
  });
});

// kubectl's PORT(S) column (kubectl get service; k8s.io/kubectl/pkg/cmd/get printers, makePortString):
// CoreDNS's kube-dns Service prints `53/UDP,53/TCP,9153/TCP`, too long for a compact row.
describe('compactServiceSpec', () => {
  it('shows the ClusterIP and every port when they fit, the first and a count when not', () => {
    expect(compactServiceSpec({ clusterIP: '10.96.0.1', ports: '443/TCP' })).toBe('10.96.0.1 443/TCP');
    expect(compactServiceSpec({ clusterIP: '10.96.12.7', ports: '80/TCP,443/TCP' })).toBe('10.96.12.7 80/TCP +1');
  });
  it('keeps the first port and counts the rest when the line is too long', () => {
    expect(compactServiceSpec({ clusterIP: '10.96.0.10', ports: '53/UDP,53/TCP,9153/TCP' })).toBe('10.96.0.10 53/UDP +2');
  });
  it('leaves a single long port alone', () => {
    expect(compactServiceSpec({ clusterIP: '10.96.100.200', ports: '8080:30080/TCP' })).toBe('10.96.100.200 8080:30080/TCP');
  });
});
