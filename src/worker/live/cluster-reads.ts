// Live mode's reads beyond list and watch: a pod's container log and the control plane's health,
// each one GET through kubectl proxy (same origin as the page, so no credentials here), as kubectl
// asks for them. `kubectl logs POD -c C --tail N --previous` is GET /api/v1/namespaces/NS/pods/POD/
// log?container=C&tailLines=N&previous=true (plain text; an error is a metav1.Status whose message
// kubectl prints after `Error from server (...)`); kube-apiserver's `/readyz?verbose` and
// `/livez?verbose` answer healthz.go's text: one `[+]name ok` or `[-]name failed: reason withheld`
// line per check, then `readyz check passed` (200) or `readyz check failed` (500).

import type { HealthReport, UiToWorker, WorkerToUi } from '../../protocol/view';

export interface ReadDeps {
  /** The API's root through the proxy, ending in `/`. */
  apiRoot: string;
  fetch(url: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }): Promise<Response>;
}

/** How often live mode reads the health endpoints (the page shows when they change). */
export const LIVE_HEALTH_EVERY_MS = 5000;
/** The most log text kept for the inspector (the newest part); `kubectl logs` pages nothing either. */
export const MAX_LOG_CHARS = 256 * 1024;

/** The error text of an answer that is not 2xx: the Status's message when it is one, else the status line. */
async function errorOf(r: Response): Promise<string> {
  const text = await r.text().catch(() => '');
  try {
    const st = JSON.parse(text) as { kind?: unknown; message?: unknown };
    if (st.kind === 'Status' && typeof st.message === 'string') return st.message;
  } catch {
    // Not JSON: a proxy's own page or plain text.
  }
  const line = text.trim().split('\n')[0] ?? '';
  return `${r.status} ${r.statusText}${line ? `: ${line}` : ''}`.trim();
}

const why = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export async function readPodLog(deps: ReadDeps, q: Extract<UiToWorker, { type: 'podLog' }>, signal?: AbortSignal): Promise<Extract<WorkerToUi, { type: 'podLog' }>> {
  const base = { type: 'podLog' as const, namespace: q.namespace, pod: q.pod, container: q.container, previous: q.previous === true };
  const query = new URLSearchParams({ container: q.container, tailLines: String(Math.max(0, Math.floor(q.tail))) });
  if (q.previous) query.set('previous', 'true');
  const url = new URL(`api/v1/namespaces/${encodeURIComponent(q.namespace)}/pods/${encodeURIComponent(q.pod)}/log?${query.toString()}`, deps.apiRoot).href;
  try {
    const r = await deps.fetch(url, { ...(signal && { signal }), headers: { Accept: 'application/json, */*' } });
    if (!r.ok) return { ...base, error: await errorOf(r) };
    const text = await r.text();
    return { ...base, text: text.length > MAX_LOG_CHARS ? text.slice(text.length - MAX_LOG_CHARS) : text };
  } catch (e) {
    return { ...base, error: why(e) };
  }
}

/** healthz.go's verbose text as checks; `error` when the text has none. */
export function parseHealth(text: string, ok: boolean): HealthReport {
  const checks: HealthReport['checks'] = [];
  for (const line of text.split('\n')) {
    const m = /^\[([+-])\](\S+) (.*)$/.exec(line);
    if (!m) continue;
    const [, sign, name, rest] = m as unknown as [string, string, string, string];
    const check: HealthReport['checks'][number] = { name, ok: sign === '+' };
    if (rest !== 'ok') check.detail = rest;
    checks.push(check);
  }
  if (checks.length === 0) return { passed: ok, checks, error: text.trim().split('\n')[0] || 'no checks in the answer' };
  return { passed: ok, checks };
}

export async function readHealth(deps: ReadDeps, endpoint: 'readyz' | 'livez', signal?: AbortSignal): Promise<HealthReport> {
  try {
    const r = await deps.fetch(new URL(`${endpoint}?verbose`, deps.apiRoot).href, { ...(signal && { signal }), headers: { Accept: 'text/plain, */*' } });
    // 200 passed, 500 failed (with the checks); anything else (403, a proxy's 502) is not an answer.
    if (r.status !== 200 && r.status !== 500) return { passed: false, checks: [], error: await errorOf(r) };
    return parseHealth(await r.text(), r.status === 200);
  } catch (e) {
    return { passed: false, checks: [], error: why(e) };
  }
}
