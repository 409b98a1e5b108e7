// /healthz, /livez and /readyz (k8s.io/apiserver/pkg/server/healthz/healthz.go): each runs its
// checks and answers `ok`, or with `?verbose` one `[+]name ok` line per check and `<name> check
// passed`. A failing check makes the answer 500 and always verbose, with `[-]name failed: reason
// withheld` (the endpoint is public; the reason goes to the log). `?exclude=name` skips a check
// (`[+]name excluded: ok`), and /readyz/etcd runs one check alone. The checks are the subset of
// kube-apiserver v1.31's list that the simulation models, in the real order: etcd is a real call
// to etcd (storagebackend's health check reads a key), the others read the apiserver's state.

export const HEALTH_ENDPOINTS = ['healthz', 'livez', 'readyz'] as const;
export type HealthEndpoint = (typeof HEALTH_ENDPOINTS)[number];

export interface HealthState {
  /** The watch cache has listed etcd (informer-sync, and the post-start hooks that need it). */
  synced: boolean;
  /** The rbac/bootstrap-roles post-start hook has created or found every default RBAC object. */
  rbacBootstrapped: boolean;
  /** The etcd health call's error, or undefined when etcd answered. */
  etcdError?: string;
}

interface Check {
  name: string;
  endpoints: readonly HealthEndpoint[];
  run(h: HealthState): string | undefined;
}

const ALL = HEALTH_ENDPOINTS;
const READY: readonly HealthEndpoint[] = ['readyz'];
const hook = (name: string, run: Check['run']): Check => ({ name: `poststarthook/${name}`, endpoints: ALL, run });
const syncedOnly = (h: HealthState): string | undefined => (h.synced ? undefined : 'not finished');

const CHECKS: Check[] = [
  { name: 'ping', endpoints: ALL, run: () => undefined },
  { name: 'log', endpoints: ALL, run: () => undefined },
  { name: 'etcd', endpoints: ALL, run: (h) => h.etcdError },
  { name: 'etcd-readiness', endpoints: READY, run: (h) => h.etcdError },
  { name: 'informer-sync', endpoints: READY, run: (h) => (h.synced ? undefined : '1 informers not started yet: [*storage.cacher]') },
  hook('start-apiserver-admission-initializer', () => undefined),
  hook('generic-apiserver-start-informers', () => undefined),
  hook('start-system-namespaces-controller', syncedOnly),
  hook('rbac/bootstrap-roles', (h) => (h.rbacBootstrapped ? undefined : 'not finished')),
  hook('bootstrap-controller', syncedOnly),
  { name: 'shutdown', endpoints: READY, run: () => undefined },
];

export interface HealthRequest {
  endpoint: HealthEndpoint;
  /** One check alone (`/readyz/etcd`), or all. */
  check?: string;
  verbose: boolean;
  exclude: string[];
}

/** `/readyz`, `/livez/etcd`: which endpoint and check a path asks for (undefined: not a health path). */
export function parseHealthPath(path: string, query: Record<string, string> | undefined): HealthRequest | undefined {
  const m = /^\/(healthz|livez|readyz)(?:\/(.+?))?\/?$/.exec(path);
  if (!m) return undefined;
  const q = query ?? {};
  const exclude = Object.hasOwn(q, 'exclude') ? String(q.exclude).split(',').filter(Boolean) : [];
  return { endpoint: m[1] as HealthEndpoint, ...(m[2] && { check: m[2] }), verbose: Object.hasOwn(q, 'verbose'), exclude };
}

/** Whether answering needs etcd's health first. */
export function needsEtcd(req: HealthRequest): boolean {
  return checksFor(req).some((c) => (c.name === 'etcd' || c.name === 'etcd-readiness') && !req.exclude.includes(c.name));
}

function checksFor(req: HealthRequest): Check[] {
  const own = CHECKS.filter((c) => c.endpoints.includes(req.endpoint));
  return req.check === undefined ? own : own.filter((c) => c.name === req.check);
}

/** The status and text body healthz.go writes; undefined for an unknown single check (404). */
export function healthAnswer(req: HealthRequest, h: HealthState): { status: number; body: string } | undefined {
  const checks = checksFor(req);
  if (req.check !== undefined) {
    const c = checks[0];
    if (!c) return undefined;
    const err = c.run(h);
    return err === undefined ? { status: 200, body: 'ok' } : { status: 500, body: `internal server error: ${err}\n` };
  }
  const excluded = new Set(req.exclude);
  let out = '';
  let failed = false;
  for (const c of checks) {
    if (excluded.delete(c.name)) {
      out += `[+]${c.name} excluded: ok\n`;
      continue;
    }
    if (c.run(h) === undefined) out += `[+]${c.name} ok\n`;
    else {
      out += `[-]${c.name} failed: reason withheld\n`;
      failed = true;
    }
  }
  if (excluded.size) out += `warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map((n) => `"${n}"`).join(',')}\n`;
  // http.Error adds the newline.
  if (failed) return { status: 500, body: `${out}${req.endpoint} check failed\n` };
  if (!req.verbose) return { status: 200, body: 'ok' };
  return { status: 200, body: `${out}${req.endpoint} check passed\n` };
}
