// sendInitialEvents on a watch, as kube-apiserver v1.31 decides it: the WatchList feature gate is
// off by default there (pkg/features/kube_features.go: alpha since v1.27), and
// apimachinery/pkg/apis/meta/internalversion/validation/validation.go validateWatchOptions then adds
// `sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature
// gate is enabled` to the 422. With --feature-gates=WatchList=true the watch-list protocol (KEP-3157)
// answers: every object ADDED, then the BOOKMARK annotated k8s.io/initial-events-end.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, WatchEventBody } from '../api/http';
import { testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver } from './apiserver';
import { syncedApiserver } from './apiserver-fixture';

const watch = (query: Record<string, string>, id: number) =>
  testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api/v1/namespaces', query: { watch: 'true', ...query }, credentials: ADMIN_CREDENTIALS, userAgent: 'test' }, { id, stream: id, from: 'client' });

const WATCH_LIST = { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' };

describe('sendInitialEvents with the WatchList feature gate of v1.31', () => {
  it('off (the default): 422 on the ListOptions, naming the gate, and no watcher', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, watch(WATCH_LIST, 300), ctx);
    const r = ctx.sent[0]!.body as HttpResponse;
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      reason: 'Invalid',
      message: 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
    });
    expect(s.watchers.size).toBe(0);
  });

  it('off, without resourceVersionMatch too: both errors, as one aggregate', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, watch({ sendInitialEvents: 'false' }, 301), ctx);
    expect((ctx.sent[0]!.body as HttpResponse).body).toMatchObject({
      message:
        'ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled]',
    });
  });

  it('on (--feature-gates=WatchList=true): every object ADDED, then the initial-events-end BOOKMARK', () => {
    const { s, ctx } = syncedApiserver();
    s.config = { ...s.config, featureGates: { WatchList: true } };
    kubeApiserver.onMessage(s, watch(WATCH_LIST, 302), ctx);
    const evs = ctx.sent.map((m) => (m.body as WatchEventBody).event as { type: string; object: { metadata: { name?: string; annotations?: Record<string, string> } } });
    expect(evs.map((e) => `${e.type} ${e.object.metadata.name ?? ''}`)).toEqual(['ADDED default', 'ADDED kube-system', 'ADDED kube-public', 'ADDED kube-node-lease', 'BOOKMARK ']);
    expect(evs[4]!.object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
    expect(s.watchers.size).toBe(1);
  });
});
