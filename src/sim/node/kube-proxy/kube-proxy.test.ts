// kube-proxy (seed, chapter 3: "kube-proxy is not a proxy... watches Services and pod IPs and writes
// kernel rules"; pkg/proxy/iptables/proxier.go): it only ever talks to kube-apiserver, lists and
// watches Services, EndpointSlices and its own Node, and rewrites its rules after changes, at most
// once per min sync period.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, WatchEventBody } from '../../api/http';
import type { EndpointSlice, Service } from '../../api/service';
import type { KubeObject } from '../../api/types';
import { DEFAULT_TIMINGS } from '../../config';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { ms } from '../../kernel/units';
import { iptablesSave, KUBE_PROXY_CREDENTIALS, kubeProxy, type KubeProxyState } from './kube-proxy';
import { dnatTargets, probability } from './rules';

const SVC: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default', resourceVersion: '10' },
  spec: { type: 'ClusterIP', clusterIP: '10.96.12.34', selector: { app: 'web' }, ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] },
};

function slice(ips: string[], rv: string, ready = true): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'web-abcde', namespace: 'default', resourceVersion: rv, labels: { 'kubernetes.io/service-name': 'web' } },
    addressType: 'IPv4',
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready } })),
    ports: [{ name: '', port: 8080, protocol: 'TCP' }],
  };
}

function started(items: Record<string, KubeObject[]>) {
  const ctx = new RecordingEffects({ self: 'kube-proxy/worker-1', host: 'worker-1' });
  const s: KubeProxyState = kubeProxy.start(ctx, {
    config: { nodeName: 'worker-1', apiserver: 'kube-apiserver', credentials: KUBE_PROXY_CREDENTIALS, mode: 'iptables', timings: DEFAULT_TIMINGS },
  } as Parameters<typeof kubeProxy.start>[1]);
  const lists = [...ctx.sent];
  for (const m of lists) {
    const path = (m.body as HttpRequest).path;
    const kind = path.endsWith('services') ? 'services' : path.endsWith('endpointslices') ? 'endpointslices' : 'nodes';
    const body = { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '20' }, items: items[kind] ?? [] };
    kubeProxy.onMessage(s, testMessage({ type: 'http.response', requestId: m.id, status: 200, body } as HttpResponse, { from: 'kube-apiserver' }), ctx);
  }
  return { s, ctx, lists };
}

function fireSync(s: KubeProxyState, ctx: RecordingEffects): void {
  const t = ctx.timers.filter((x) => x.name === 'proxy.sync').at(-1)!;
  ctx.now = ms(ctx.now + t.afterMs);
  kubeProxy.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
}

describe('kube-proxy', () => {
  it('lists and watches services, endpointslices and its own node, and sends nothing anywhere but kube-apiserver', () => {
    const { s, ctx, lists } = started({ services: [SVC], endpointslices: [slice(['10.244.1.2'], '12')] });
    expect(lists.map((m) => (m.body as HttpRequest).path)).toEqual(['/api/v1/services', '/apis/discovery.k8s.io/v1/endpointslices', '/api/v1/nodes']);
    expect((lists[2]!.body as HttpRequest).query).toEqual({ fieldSelector: 'metadata.name=worker-1', limit: '500', resourceVersion: '0' });
    expect(lists.every((m) => (m.body as HttpRequest).credentials === KUBE_PROXY_CREDENTIALS)).toBe(true);
    fireSync(s, ctx);
    expect(ctx.sent.map((m) => m.to)).toEqual(Array(6).fill('kube-apiserver'));
    expect(ctx.sent.filter((m) => (m.body as HttpRequest).query?.watch === 'true')).toHaveLength(3);
  });

  it('writes a DNAT rule to every ready endpoint once its caches are synced', () => {
    const { s, ctx } = started({ services: [SVC], endpointslices: [slice(['10.244.1.2', '10.244.2.2'], '12')] });
    expect(s.rules.services).toEqual([]);
    fireSync(s, ctx);
    expect(dnatTargets(s.rules)).toEqual(['10.244.1.2:8080', '10.244.2.2:8080']);
    const text = iptablesSave(s, ctx.now);
    expect(text).toContain('-A KUBE-SERVICES -d 10.96.12.34/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-');
    expect(text).toMatch(/-m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-[A-Z2-7]{16}\n/);
    expect(text).toContain('-m tcp -j DNAT --to-destination 10.244.2.2:8080');
  });

  it('rejects traffic to a Service whose endpoints are not ready', () => {
    const { s, ctx } = started({ services: [SVC], endpointslices: [slice(['10.244.1.2'], '12', false)] });
    fireSync(s, ctx);
    expect(dnatTargets(s.rules)).toEqual([]);
    expect(iptablesSave(s, ctx.now)).toContain('--comment "default/web has no endpoints" -m tcp --dport 80 -j REJECT --reject-with icmp-port-unreachable');
  });

  it('applies a watched change no sooner than the min sync period after the last sync', () => {
    const { s, ctx } = started({ services: [SVC], endpointslices: [slice(['10.244.1.2'], '12')] });
    fireSync(s, ctx);
    const watch = ctx.sent.find((m) => (m.body as HttpRequest).path.endsWith('endpointslices') && (m.body as HttpRequest).query?.watch === 'true')!;
    ctx.now = ms(ctx.now + 200);
    const ev: WatchEventBody = { type: 'watch.event', watchId: watch.id, event: { type: 'MODIFIED', object: slice(['10.244.3.2'], '30') } };
    kubeProxy.onMessage(s, testMessage(ev, { from: 'kube-apiserver' }), ctx);
    expect(ctx.timers.at(-1)).toMatchObject({ name: 'proxy.sync', afterMs: 800 });
    expect(dnatTargets(s.rules)).toEqual(['10.244.1.2:8080']);
    fireSync(s, ctx);
    expect(dnatTargets(s.rules)).toEqual(['10.244.3.2:8080']);
    expect(s.syncs).toBe(2);
  });

  it.each([
    [2, '0.50000000000'],
    [3, '0.33333333349'],
    [4, '0.25000000000'],
    [5, '0.20000000019'],
  ])('prints the probability of the first of %i endpoints as iptables-save does: %s', (n, want) => {
    expect(probability(n)).toBe(want);
  });
});
