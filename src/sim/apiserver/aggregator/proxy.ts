// kube-aggregator's proxy (kube-aggregator/pkg/apiserver/handler_proxy.go, v1.31): a request under
// /apis/<group>/<version>/ of an APIService backed by a Service passes authentication and
// authorization like any other (RBAC on the group's resources: metrics-server's manifest grants
// `system:aggregated-metrics-reader` to view/edit/admin), then goes to the Service: its ClusterIP
// through the control-plane host's kernel as kube-proxy programmed it, DNATed to a pod, over the
// pod network to that pod's node. While the APIService is not Available the answer is 503
// `service unavailable`; a REJECT (no endpoints) or no answer in time is a 503 too.

import type { HttpRequest } from '../../api/http';
import type { ResourceInfo } from '../../api/resources';
import { isStatus, type KubeObject } from '../../api/types';
import type { Effects, Message } from '../../kernel/component';
import type { MessageId, TimerId } from '../../kernel/units';
import { containerdId } from '../../names';
import { closeConnection, connectPort, createNodeKernel, routeConnection, routeCost, type Connection, type NodeKernel } from '../../node/kernel/packet-path';
import type { KernelRules } from '../../node/kube-proxy/kube-proxy';
import type { PodHttpRequestBody, PodHttpResponseBody } from '../../node/runtime/outgoing';
import { authnConfigOf } from '../serviceaccount/authenticator';
import { cacheNodeGraph } from '../node-graph-source';
import { cacheRbacSource } from '../rbac-bootstrap';
import { passed, respond, respondRaw } from '../respond';
import type { RequestInfo } from '../requestinfo';
import { AUTHENTICATION, runAuthentication } from '../stages/authentication';
import { AUTHORIZATION, runAuthorization } from '../stages/authorization';
import type { ApiserverState, RequestContext } from '../state';
import { cachedObject } from '../watchcache';
import { apiServices, isAvailable, type APIServiceSpec } from './available-condition';

export const AGGREGATOR_PROXY_TIMER = 'aggregator.proxy.timeout';
/** How long the proxy waits for the extension server before it gives up. */
const PROXY_TIMEOUT_MS = 30_000;

export interface AggregatorCall {
  rc: RequestContext;
  conn: Connection;
  timer: TimerId;
  dialed: string;
}

function kernelOf(s: ApiserverState): NodeKernel {
  return (s.aggregatorKernel ??= createNodeKernel());
}

/** The APIService serving this path through a Service, if any. */
export function apiServiceFor(s: ApiserverState, path: string): KubeObject | undefined {
  for (const obj of apiServices(s)) {
    const spec = obj.spec as APIServiceSpec | undefined;
    if (!spec?.service || !spec.group) continue;
    const prefix = `/apis/${spec.group}/${spec.version ?? ''}`;
    if (path === prefix || path.startsWith(`${prefix}/`)) return obj;
  }
  return undefined;
}

/** The request info for the authorizer: `get`/`list`/`watch` of the group's resource (requestinfo.go). */
function requestInfoOf(req: HttpRequest, spec: APIServiceSpec): RequestInfo {
  const rest = req.path.slice(`/apis/${spec.group}/${spec.version}`.length).split('/').filter(Boolean);
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1]!;
    rest.splice(0, 2);
  }
  const [resource = '', name = '', subresource = ''] = rest;
  const verb = req.method !== 'GET' ? req.method.toLowerCase() : name ? 'get' : req.query?.watch === 'true' ? 'watch' : 'list';
  const info: ResourceInfo = { group: spec.group ?? '', version: spec.version ?? '', resource, singular: resource, kind: '', listKind: '', namespaced: !!namespace, shortNames: [], verbs: [], subresources: [] };
  return { verb, info, namespace, name, subresource };
}

function queryString(q: Record<string, string> | undefined): string {
  const parts = Object.entries(q ?? {}).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A request for an aggregated group: authenticate, authorize, proxy. False when the path is not one. */
export function proxyAggregated(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>): boolean {
  const apiService = apiServiceFor(s, msg.body.path);
  if (!apiService) return false;
  const spec = apiService.spec as APIServiceSpec;
  const req = msg.body;
  const authn = runAuthentication(req.credentials ?? {}, authnConfigOf(s, ctx));
  if (isStatus(authn)) return respondRaw(ctx, msg, 401, authn), true;
  const rc: RequestContext = { msg, ri: requestInfoOf(req, spec), user: authn, stages: [passed(AUTHENTICATION, authn.username)], attempts: 0 };
  const denied = runAuthorization(rc.ri, rc.user, req.path, cacheRbacSource(s), cacheNodeGraph(s));
  if (denied) return respond(ctx, rc, denied.code, denied, AUTHORIZATION), true;
  rc.stages.push(passed(AUTHORIZATION, 'allowed'));
  if (!isAvailable(apiService)) return respond(ctx, rc, 503, 'service unavailable\n', 'Proxy'), true;
  const ref = spec.service!;
  const svc = cachedObject(s, 'services', `${ref.namespace ?? ''}/${ref.name ?? ''}`);
  const clusterIP = (svc?.spec as { clusterIP?: string } | undefined)?.clusterIP;
  if (!clusterIP || clusterIP === 'None') return respond(ctx, rc, 503, 'service unavailable\n', 'Proxy'), true;
  const port = ref.port ?? 443;
  const k = kernelOf(s);
  const rules = (ctx.hostData('kube-proxy') as KernelRules | undefined)?.rules;
  const src = s.config.advertiseAddress;
  const conn: Connection = { src, sport: connectPort(k, src, clusterIP, port, ctx.now, () => ctx.rand()), dst: clusterIP, dport: port, proto: 'tcp' };
  const route = routeConnection(k, rules, conn, ctx.now, () => ctx.rand(), 'host');
  const dialed = `${clusterIP}:${port}`;
  const cost = routeCost(rules?.mode ?? 'iptables', route);
  if (route.kind === 'refused') {
    closeConnection(k, conn, ctx.now, 'reset');
    return respond(ctx, rc, 503, `Error trying to reach service: 'dial tcp ${dialed}: connect: connection refused'\n`, 'Proxy'), true;
  }
  let node: string | undefined;
  for (const svcRule of rules?.services ?? []) for (const e of svcRule.endpoints) if (e.ip === route.ip && e.port === route.port && e.nodeName) node = e.nodeName;
  const timer = ctx.setTimer(PROXY_TIMEOUT_MS, AGGREGATOR_PROXY_TIMER, msg.id);
  const call: AggregatorCall = { rc, conn, timer, dialed };
  const pathWithQuery = `${req.path}${queryString(req.query)}`;
  if (!node) {
    (s.aggregatorCalls ??= new Map()).set(-msg.id, call);
    return true;
  }
  const body: PodHttpRequestBody = { type: 'pod.http.request', ip: route.ip, port: route.port, method: req.method, path: pathWithQuery, src, userAgent: req.userAgent, srcNode: undefined };
  const via = route.dnat ? `DNAT ${route.ip}:${route.port}` : 'routed';
  const id = ctx.send(containerdId(node), body, { summary: `${req.method} https://${ref.name}.${ref.namespace}.svc:${port}${pathWithQuery} (aggregated ${spec.group}/${spec.version}) ${src}:${conn.sport} -> ${dialed} ${via} (${cost})`, phase: 'networking' });
  (s.aggregatorCalls ??= new Map()).set(id, call);
  return true;
}

function finish(ctx: Effects, s: ApiserverState, call: AggregatorCall, status: number, body: unknown): void {
  ctx.cancelTimer(call.timer);
  respond(ctx, call.rc, status, body, 'Proxy');
}

/** The extension server's pod answered. */
export function aggregatorOnAnswer(ctx: Effects, s: ApiserverState, msg: Message): boolean {
  const b = msg.body as PodHttpResponseBody;
  const call = s.aggregatorCalls?.get(b.requestId);
  if (!call) return false;
  s.aggregatorCalls!.delete(b.requestId);
  const sv = b.served;
  closeConnection(kernelOf(s), call.conn, ctx.now, sv.kind === 'response' ? 'closed' : 'reset');
  if (sv.kind === 'refused') return finish(ctx, s, call, 503, `Error trying to reach service: 'dial tcp ${call.dialed}: connect: connection refused'\n`), true;
  if (sv.kind !== 'response') return finish(ctx, s, call, 503, `Error trying to reach service: 'EOF'\n`), true;
  let body: unknown = sv.body;
  try {
    body = JSON.parse(sv.body) as unknown;
  } catch {
    // Not JSON: passed on as text.
  }
  finish(ctx, s, call, sv.status, body);
  return true;
}

/** No answer in time. */
export function aggregatorOnTimeout(ctx: Effects, s: ApiserverState, requestId: MessageId): void {
  for (const [id, call] of s.aggregatorCalls ?? []) {
    if (call.rc.msg.id !== requestId) continue;
    s.aggregatorCalls!.delete(id);
    closeConnection(kernelOf(s), call.conn, ctx.now, 'unanswered');
    respond(ctx, call.rc, 503, `Error trying to reach service: 'dial tcp ${call.dialed}: i/o timeout'\n`, 'Proxy');
    return;
  }
}
