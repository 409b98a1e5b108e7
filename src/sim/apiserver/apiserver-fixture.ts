// A kube-apiserver started on a RecordingEffects and synced from a one-member etcd's list (the
// system namespaces and the default RBAC objects), for tests that send it requests as messages.

import type { HttpRequest } from '../api/http';
import { DEFAULT_TIMINGS } from '../config';
import type { EtcdResponseBody, KeyValue } from '../etcd/protocol';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { defaultRbacObjects } from './rbac-bootstrap';

const kv = (key: string, value: unknown, rev: number): KeyValue => ({ key, createRevision: rev, modRevision: rev, version: 1, value: value as KeyValue['value'], valueSize: 10 });

export function syncedApiserver(): { s: ApiserverState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-apiserver' });
  const s = kubeApiserver.start(ctx, {
    config: { etcd: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS, tokens: {}, advertiseAddress: '10.0.0.10' },
    persisted: undefined,
    incarnation: 1,
  });
  const list = ctx.sent[0]!;
  const kvs = [
    ...['default', 'kube-system', 'kube-public', 'kube-node-lease'].map((name, i) => kv(`/registry/namespaces/${name}`, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, i + 1)),
    ...defaultRbacObjects().map(({ key, obj }) => kv(key, obj, 1)),
  ];
  const header = { clusterId: 'c', memberId: 'm', revision: 4, raftTerm: 1 };
  const resp: EtcdResponseBody = { type: 'etcd.response', requestId: list.id, header, result: { op: 'range', kvs, more: false, count: kvs.length } };
  kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
  ctx.clear();
  return { s, ctx };
}

export const apiRequest = (req: Partial<HttpRequest>, id = 100) =>
  testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api', credentials: ADMIN_CREDENTIALS, userAgent: 'test', ...req }, { id, from: 'client' });
