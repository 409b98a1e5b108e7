// Non-resource paths kube-apiserver serves beside the REST resources: OpenAPI (openapi.ts), the
// health endpoints (health.ts), /version (version.ts) and the legacy discovery documents (legacy-discovery.ts). They pass
// Authentication and Authorization as non-resource requests (`get` on the path): the bootstrap
// policy lets every user read discovery and OpenAPI (system:discovery) and everyone, anonymous
// too, read the health endpoints (system:public-info-viewer).

import type { HttpRequest } from '../api/http';
import { isStatus } from '../api/types';
import { opRange } from '../etcd/protocol';
import type { Effects, Message } from '../kernel/component';
import { authorize } from './authz';
import { forbiddenStatus } from './authz/forbidden';
import type { EtcdOutcome } from './etcdclient';
import { etcdCall } from './etcdclient';
import { healthAnswer, needsEtcd, parseHealthPath, type HealthRequest, type HealthState } from './health';
import { legacyDiscovery } from './legacy-discovery';
import { aggregatedLegacyGroups } from './aggregator/aggregated-discovery';
import { locallyServed } from './aggregator/local-apiservices';
import { SERVER_VERSION } from './version';
import { openApiFor } from './openapi';
import { cacheRbacSource, rbacBootstrapping } from './rbac-bootstrap';
import { REGISTRY_PREFIX } from './registry/keys';
import { pathNotFound } from './requestinfo';
import { respondRaw } from './respond';
import { authnConfigOf } from './serviceaccount/authenticator';
import { runAuthentication } from './stages/authentication';
import type { ApiserverState } from './state';

type Answer = { status: number; body: unknown } | undefined;

function reply(ctx: Effects, msg: Message<HttpRequest>, status: number, body: unknown, user: string): void {
  if (status === 404) return respondRaw(ctx, msg, 404, pathNotFound(), user);
  ctx.reply(msg, { type: 'http.response' as const, requestId: msg.id, status, body }, { summary: `${status} ${status === 200 ? 'OK' : 'InternalError'} ${msg.body.path}`, stream: msg.stream });
}

/** Authentication, then Authorization of `get` on the path; false when the request was answered (401, 403). */
function admitted(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>): string | undefined {
  const req = msg.body;
  const user = runAuthentication(req.credentials ?? {}, authnConfigOf(s, ctx));
  if (isStatus(user)) {
    respondRaw(ctx, msg, 401, user);
    return undefined;
  }
  const attrs = { user, verb: req.method.toLowerCase(), resourceRequest: false, apiGroup: '', resource: '', subresource: '', namespace: '', name: '', path: req.path };
  const decision = authorize(attrs, cacheRbacSource(s));
  if (!decision.allowed) {
    const st = forbiddenStatus(attrs, decision);
    respondRaw(ctx, msg, st.code, st, user.username);
    return undefined;
  }
  return user.username;
}

/** Health answers come before the watch cache syncs: a not-ready apiserver says so. */
export function serveHealth(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>): boolean {
  const hr = msg.body.method === 'GET' ? parseHealthPath(msg.body.path, msg.body.query) : undefined;
  if (!hr) return false;
  const user = admitted(ctx, s, msg);
  if (user === undefined) return true;
  if (needsEtcd(hr)) {
    etcdCall(ctx, s.etcd, opRange(`${REGISTRY_PREFIX}health`), { kind: 'health', msg, health: hr, user }, `Range ${REGISTRY_PREFIX}health`);
  } else answerHealth(ctx, s, msg, hr, user, undefined);
  return true;
}

function answerHealth(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>, hr: HealthRequest, user: string, etcdError: string | undefined): void {
  const state: HealthState = { synced: s.synced, rbacBootstrapped: s.synced && !rbacBootstrapping(s), etcdError };
  const a = healthAnswer(hr, state);
  if (!a) return reply(ctx, msg, 404, undefined, user);
  if (a.status !== 200) ctx.log(`healthz: ${hr.endpoint} check failed${etcdError ? `: [-]etcd failed: ${etcdError}` : ''}`);
  reply(ctx, msg, a.status, a.body, user);
}

/** etcd answered the health read (or failed to). */
export function healthOnEtcd(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>, hr: HealthRequest, user: string, out: EtcdOutcome): void {
  answerHealth(ctx, s, msg, hr, user, 'error' in out ? `error getting data from etcd: ${out.error.message}` : undefined);
}

function nonResourceAnswer(req: HttpRequest, apiserverAddress: string, s: ApiserverState): Answer {
  if (req.method !== 'GET') return undefined;
  if (req.path === '/openapi' || req.path.startsWith('/openapi/')) {
    const doc = openApiFor(req.path);
    return { status: doc ? 200 : 404, body: doc };
  }
  if (req.path === '/version') return { status: 200, body: SERVER_VERSION };
  const legacy = legacyDiscovery(req.path, req.accept, apiserverAddress, req.path.replace(/\/+$/, '') === '/apis' ? aggregatedLegacyGroups(s) : [], (g, v) => locallyServed(s, g, v));
  return legacy && { status: 200, body: legacy };
}

/** Answer OpenAPI and legacy discovery; false when the path is a resource path for the pipeline. */
export function serveNonResource(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>): boolean {
  const a = nonResourceAnswer(msg.body, `${s.config.advertiseAddress}:6443`, s);
  if (!a) return false;
  const user = admitted(ctx, s, msg);
  if (user !== undefined) reply(ctx, msg, a.status, a.body, user);
  return true;
}
