// The discovery cache's 6-hour ttl counted from its last write (config_flags.go 6*time.Hour,
// client-go discovery/cached/disk cached_discovery.go getCachedFile: ModTime + ttl), at the
// component: `api-versions` writes the cache (it fetches), so a command 6 hours after the start
// but less than 6 hours after api-versions maps without fetching; one more
// than 6 hours after that write fetches /api and /apis first. exec, attach and logs of a bare POD
// build ResourceNames("pods", POD) (exec.go, attach.go, logs.go), which maps `pods` through the cache.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../../names';
import type { CliExec } from '../protocol';
import { DISCOVERY_TTL_MS } from './discovery-cache';
import { kubectl } from './kubectl';

describe('the discovery cache ttl counts from the last write', () => {
  const ctx = new RecordingEffects({ self: 'kubectl', now: 0 });
  const st = kubectl.start(ctx, { config: { apiserver: 'kube-apiserver', credentials: ADMIN_CREDENTIALS, server: '10.0.0.10:6443' }, persisted: undefined, incarnation: 1 });
  let jobId = 1;
  const run = (line: string): void => kubectl.onMessage(st, testMessage({ type: 'cli.exec', jobId: jobId++, line, argv: line.split(' ').slice(1) } as CliExec as unknown as { type: string }, { from: 'user' }), ctx);
  const lastPath = (): string => (ctx.sent[ctx.sent.length - 1]!.body as HttpRequest).path;
  const answer = (body: unknown): void => {
    const resp: HttpResponse = { type: 'http.response', requestId: ctx.sent[ctx.sent.length - 1]!.id, status: 200, body };
    kubectl.onMessage(st, testMessage(resp, { from: 'kube-apiserver' }), ctx);
  };
  const core = { items: [{ metadata: { name: '' }, versions: [{ version: 'v1' }] }] };
  const apps = { items: [{ metadata: { name: 'apps' }, versions: [{ version: 'v1' }] }] };
  const at = (ms: number): void => void (ctx.now = ms as typeof ctx.now);

  it('api-versions just before the ttl writes the cache; it is fresh 6 hours after the start', () => {
    at(DISCOVERY_TTL_MS - 60_000);
    run('kubectl api-versions');
    answer(core);
    answer(apps);
    at(DISCOVERY_TTL_MS + 60_000);
    run('kubectl get pods');
    expect(lastPath()).toBe('/api/v1/namespaces/default/pods');
  });

  it('a command more than 6 hours after that write fetches /api and /apis, then lists', () => {
    at(2 * DISCOVERY_TTL_MS);
    run('kubectl get pods');
    expect(lastPath()).toBe('/api');
    answer(core);
    expect(lastPath()).toBe('/apis');
    answer(apps);
    expect(lastPath()).toBe('/api/v1/namespaces/default/pods');
  });

  it('exec, attach and logs of a bare POD map `pods` too (ResourceNames("pods", POD)), so an expired cache is fetched first', () => {
    for (const line of ['kubectl exec web -- hostname', 'kubectl logs web', 'kubectl attach web']) {
      at(ctx.now + DISCOVERY_TTL_MS + 1);
      run(line);
      expect(lastPath()).toBe('/api');
      answer(core);
      answer(apps);
      expect(lastPath()).toBe('/api/v1/namespaces/default/pods/web');
    }
  });
});
