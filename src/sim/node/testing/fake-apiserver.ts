// A test double for kube-apiserver, for node-level tests: it answers every request (201 for POST,
// 200 otherwise, an empty or test-given PodList for LISTs), keeps watch streams open, records what
// it was sent, and on a `test.push` message sends a watch event to every open pod watch. On
// `test.logs` it asks a kubelet for container logs and records the answer.

import type { HttpRequest, HttpResponse, WatchEventBody } from '../../api/http';
import type { KubeObject } from '../../api/types';
import type { ComponentType, Effects, Message } from '../../kernel/component';
import type { MessageId, ProcessId } from '../../kernel/units';

export interface FakeApiserverState {
  requests: { method: string; path: string; body?: unknown; from: ProcessId; id: MessageId; query?: Record<string, string> }[];
  watches: { id: MessageId; from: ProcessId; incarnation: number; path: string }[];
  logs: HttpResponse[];
  rv: number;
}

export interface TestPush {
  type: 'test.push';
  event: { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject };
}

export interface TestLogs {
  type: 'test.logs';
  kubelet: ProcessId;
  path: string;
  query?: Record<string, string>;
}

function onMessage(s: FakeApiserverState, msg: Message, ctx: Effects): void {
  const b = msg.body as HttpRequest | TestPush | TestLogs | HttpResponse;
  if (b.type === 'test.push') {
    s.rv++;
    const obj = { ...b.event.object, metadata: { ...b.event.object.metadata, resourceVersion: String(s.rv) } };
    // Pushes are pods: they go to the pod watch only (the kubelet also watches configmaps and secrets).
    for (const w of s.watches.filter((x) => x.path === '/api/v1/pods')) {
      const ev: WatchEventBody = { type: 'watch.event', watchId: w.id, event: { type: b.event.type, object: obj } };
      ctx.send({ process: w.from, incarnation: w.incarnation }, ev, { summary: `WATCH ${b.event.type} pod/${obj.metadata.name}`, phase: 'watch', stream: w.id, object: { kind: 'Pod', name: obj.metadata.name ?? '', namespace: obj.metadata.namespace } });
    }
    return;
  }
  if (b.type === 'test.logs') {
    ctx.send(b.kubelet, { type: 'http.request', method: 'GET', path: b.path, query: b.query, credentials: {}, userAgent: 'kube-apiserver' } satisfies HttpRequest, { summary: `GET ${b.path}`, phase: 'user' });
    return;
  }
  if (b.type === 'http.response') {
    s.logs.push(b);
    return;
  }
  if (b.type !== 'http.request') return;
  s.requests.push({ method: b.method, path: b.path, body: b.body, from: msg.from, id: msg.id, query: b.query });
  if (b.query?.watch === 'true') {
    s.watches.push({ id: msg.id, from: msg.from, incarnation: msg.fromIncarnation, path: b.path });
    return;
  }
  let body: unknown = b.body ?? {};
  const lists: Record<string, string> = { '/api/v1/pods': 'PodList', '/api/v1/nodes': 'NodeList', '/api/v1/configmaps': 'ConfigMapList', '/api/v1/secrets': 'SecretList' };
  if (b.method === 'GET' && lists[b.path]) body = { apiVersion: 'v1', kind: lists[b.path], metadata: { resourceVersion: String(s.rv) }, items: [] };
  else if (b.body && typeof b.body === 'object' && 'metadata' in (b.body as object)) {
    s.rv++;
    const o = b.body as KubeObject;
    body = { ...o, metadata: { ...o.metadata, uid: o.metadata.uid ?? `uid-${o.metadata.name}`, resourceVersion: String(s.rv) } };
  }
  const r: HttpResponse = { type: 'http.response', requestId: msg.id, status: b.method === 'POST' ? 201 : 200, body };
  ctx.reply(msg, r, { summary: `${r.status}`, phase: msg.phase });
}

export const fakeApiserver: ComponentType<FakeApiserverState, Record<string, never>> = {
  kind: 'kube-apiserver',
  start() {
    return { requests: [], watches: [], logs: [], rv: 100 };
  },
  onMessage,
  onTimer() {},
};
