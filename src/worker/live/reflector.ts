// client-go's Reflector for one resource, over `fetch`: list, then watch from the list's
// resourceVersion; follow the watch's resourceVersion (bookmarks included) and watch again from it
// when the server ends the stream; relist on `410 Gone` (client-go reflector.go: "The resourceVersion
// for the provided watch is too old"); after an error wait and try again with the reflector's
// back-off (800 ms doubling to 30 s: reflector.go NewReflectorWithOptions'
// `wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, ...)`,
// without the jitter). It survives the cluster going away and coming back. A kind marked `pollMs`
// is listed again after that long instead of watched (a browser's connections per host are few).

import type { KubeObject, LiveResource } from './resources';
import { watchEvents } from './watch-lines';

export const BACKOFF_INITIAL_MS = 800;
export const BACKOFF_MAX_MS = 30_000;
/** client-go's minWatchTimeout: each watch asks the server to end it after 5 to 10 minutes. */
const WATCH_TIMEOUT_S = 300;

export interface ReflectorSink {
  /** A list replaced everything known of the resource. */
  replace(r: LiveResource, items: KubeObject[]): void;
  /** One watch event. */
  apply(r: LiveResource, type: 'ADDED' | 'MODIFIED' | 'DELETED', o: KubeObject): void;
  /** The connection state: `error` says why the last attempt failed (absent once it works again). */
  state(r: LiveResource, s: { connected: boolean; error?: string; retryInMs?: number }): void;
}

export interface ReflectorDeps {
  /** The API's root URL, ending in `/` (the origin behind `kubectl proxy`). */
  apiRoot: string;
  fetch: (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A failed request with the Status the server answered (or the HTTP status line). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function apiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const st = JSON.parse(text) as { message?: string; code?: number };
    if (st.message) return new ApiError(st.code ?? res.status, st.message);
  } catch {
    // Not a Status (a proxy's own page): the status line says enough.
  }
  return new ApiError(res.status, `${res.status} ${res.statusText}`.trim());
}

export function url(root: string, r: LiveResource, query: Record<string, string>): string {
  const q = new URLSearchParams(query).toString();
  return `${root.replace(/\/$/, '')}${r.path}${q ? `?${q}` : ''}`;
}

const JSON_ACCEPT = { Accept: 'application/json' };

/** Runs until `signal` aborts. */
export async function reflect(r: LiveResource, deps: ReflectorDeps, sink: ReflectorSink, signal: AbortSignal): Promise<void> {
  let rv = '';
  let backoff = BACKOFF_INITIAL_MS;
  while (!signal.aborted) {
    try {
      if (!rv) {
        const res = await deps.fetch(url(deps.apiRoot, r, {}), { signal, headers: JSON_ACCEPT });
        if (!res.ok) throw await apiError(res);
        const list = (await res.json()) as { items?: KubeObject[]; metadata?: { resourceVersion?: string } };
        rv = list.metadata?.resourceVersion ?? '';
        sink.replace(r, (list.items ?? []).map((o) => ({ ...o, kind: r.kind, apiVersion: r.apiVersion })));
        sink.state(r, { connected: true });
        backoff = BACKOFF_INITIAL_MS;
      }
      // A polled kind (resources.ts pollMs): list again after a while instead of watching.
      if (r.pollMs !== undefined) {
        rv = '';
        await deps.sleep(r.pollMs, signal).catch(() => undefined);
        continue;
      }
      const res = await deps.fetch(url(deps.apiRoot, r, { watch: '1', resourceVersion: rv, allowWatchBookmarks: 'true', timeoutSeconds: String(WATCH_TIMEOUT_S) }), { signal, headers: JSON_ACCEPT });
      if (res.status === 410) {
        rv = '';
        continue;
      }
      if (!res.ok || !res.body) throw await apiError(res);
      sink.state(r, { connected: true });
      backoff = BACKOFF_INITIAL_MS;
      for await (const ev of watchEvents(res.body)) {
        if (ev.type === 'ERROR') {
          const st = ev.object as { code?: number; message?: string };
          // 410 Gone: the resourceVersion is too old for the watch cache: list again.
          if (st.code === 410) rv = '';
          else throw new ApiError(st.code ?? 500, st.message ?? 'watch error');
          break;
        }
        const o = ev.object as KubeObject;
        rv = o.metadata?.resourceVersion ?? rv;
        if (ev.type !== 'BOOKMARK') sink.apply(r, ev.type, { ...o, kind: r.kind, apiVersion: r.apiVersion });
      }
      // The stream ended (the server's timeout, or a 410): watch again from rv, or list.
    } catch (e) {
      if (signal.aborted) return;
      sink.state(r, { connected: false, error: e instanceof Error ? e.message : String(e), retryInMs: backoff });
      await deps.sleep(backoff, signal).catch(() => undefined);
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    }
  }
}
