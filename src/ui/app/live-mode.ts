// Live mode: the page opened through `kubectl proxy --www=dist --www-prefix=/kubeplay/` reads the
// real cluster behind the proxy instead of simulating one (issue 17 point 6). The proxy serves the
// page and the API from one origin, the API at its root (`--api-prefix=/`, the default), so the page
// is in live mode when its path starts with /kubeplay/ and `GET ../api` answers the APIVersions a
// kube-apiserver serves there; `?live` says so without asking.

import type { WorkerToUi } from '../../protocol/view';
import type { SimTransport } from './transport';

/** kubectl proxy's --www-prefix the README tells people to use. */
export const LIVE_PREFIX = '/kubeplay/';

export type LiveStatus = Omit<Extract<WorkerToUi, { type: 'live' }>, 'type'>;

/** Whether the page's address could be live mode's (only then is the API asked). */
export function mayBeLive(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return new URLSearchParams(location.search).has('live') || location.pathname.startsWith(LIVE_PREFIX);
}

/** The page is live when `?live` says so, or when `../api` (the proxy's API root) answers APIVersions. */
export async function detectLive(location: Pick<Location, 'pathname' | 'search' | 'href'>, get: (url: string) => Promise<Response> = (u) => fetch(u, { headers: { Accept: 'application/json' } })): Promise<boolean> {
  if (new URLSearchParams(location.search).has('live')) return true;
  if (!location.pathname.startsWith(LIVE_PREFIX)) return false;
  try {
    const r = await get(new URL('../api', location.href).href);
    if (!r.ok) return false;
    const body = (await r.json()) as { kind?: unknown; versions?: unknown };
    return body.kind === 'APIVersions' && Array.isArray(body.versions);
  } catch {
    // No API there (a static host, `kubeplay serve`'s page): the page simulates, as it always did.
    return false;
  }
}

/**
 * The live worker (src/worker/live/live.worker.ts) as the page's transport. `remote`: the cluster
 * lives elsewhere and goes on without the page, so a restart starts a new worker that lists again.
 */
export function liveTransport(w: SimTransport): SimTransport {
  return { ...w, kind: 'remote' };
}
