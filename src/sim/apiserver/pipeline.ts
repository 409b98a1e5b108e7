// One client request through the seed's pipeline, stage by stage, each a separate function with
// its real name: Authentication -> Authorization -> Admission (mutating, then validating) ->
// Validation -> Storage. A stage that rejects the request answers with the real code and message
// and the request goes no further; the audit line records how far it got.

import type { HttpRequest } from '../api/http';
import { methodNotSupported, requestEntityTooLarge } from '../api/errors';
import { groupResource } from '../api/resources';
import { isStatus } from '../api/types';
import type { Effects, Message } from '../kernel/component';
import { discoveryDocument, isDiscoveryRoot } from './discovery';
import { aggregatedDiscoveryItems } from './aggregator/aggregated-discovery';
import { locallyServed } from './aggregator/local-apiservices';
import { proxyAggregated } from './aggregator/proxy';
import { startDeleteCollection } from './delete-collection';
import { startExec } from './exec';
import { startPortForward } from './port-forward';
import { startAttach } from './attach';
import { startLogs } from './logs';
import { serveNonResource } from './nonresource';
import { cacheNodeGraph } from './node-graph-source';
import { cacheRbacSource } from './rbac-bootstrap';
import { createSelfSubjectAccessReview, createSelfSubjectRulesReview } from './registry/access-review';
import { createTokenRequest } from './registry/token-request';
import { createSelfSubjectReview } from './registry/self-subject-review';
import { parseRequestInfo } from './requestinfo';
import { MAX_REQUEST_BODY_BYTES, REQUEST_BODY, requestBodyTooLarge } from './request-body';
import { passed, respond, respondRaw } from './respond';
import { REQUEST_OPTIONS, validateWriteOptions } from './request-options';
import { authnConfigOf } from './serviceaccount/authenticator';
import { AUTHENTICATION, IMPERSONATION, runAuthentication, runImpersonation } from './stages/authentication';
import { AUTHORIZATION, runAuthorization } from './stages/authorization';
import { startList } from './stages/list';
import { startCreate, startGet, startWrite } from './stages/storage';
import type { ApiserverState, RequestContext } from './state';
import { startWatch } from './watch';

export function handleRequest(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>): void {
  const req = msg.body;
  if (serveNonResource(ctx, s, msg)) return;
  const root = isDiscoveryRoot(req.method, req.path);
  if (root) return serveDiscovery(ctx, s, msg, root === 'api');
  if (proxyAggregated(ctx, s, msg)) return;
  const ri = parseRequestInfo(req);
  if (isStatus(ri)) return respondRaw(ctx, msg, ri.code, ri);
  const authn = runAuthentication(req.credentials ?? {}, authnConfigOf(s, ctx));
  if (isStatus(authn)) return respondRaw(ctx, msg, 401, authn);
  const rc: RequestContext = { msg, ri, user: authn, stages: [passed(AUTHENTICATION, authn.username)], attempts: 0 };
  const rbac = cacheRbacSource(s);
  const acting = runImpersonation(req.credentials ?? {}, authn, rbac);
  if (isStatus(acting)) return respond(ctx, rc, acting.code, acting, IMPERSONATION);
  if (acting !== authn) {
    rc.user = acting;
    rc.stages.push(passed(IMPERSONATION, `as ${acting.username}`));
  }
  const denied = runAuthorization(ri, rc.user, req.path, rbac, cacheNodeGraph(s));
  if (denied) return respond(ctx, rc, denied.code, denied, AUTHORIZATION);
  rc.stages.push(passed(AUTHORIZATION, 'allowed'));
  // The handler reads the body (limitedReadBody) before it decodes it: after the filters, before Validation.
  if (req.method !== 'GET' && requestBodyTooLarge(req.body)) {
    const st = requestEntityTooLarge(MAX_REQUEST_BODY_BYTES);
    return respond(ctx, rc, st.code, st, REQUEST_BODY);
  }
  // Then the handler decodes and validates its options (fieldValidation), still before the body.
  const badOptions = validateWriteOptions(rc.ri.verb, req.query, req.contentType);
  if (badOptions) return respond(ctx, rc, badOptions.code, badOptions, REQUEST_OPTIONS);
  dispatch(ctx, s, rc);
}

/** GET /api or /apis: any authenticated user may read discovery (system:discovery). */
function serveDiscovery(ctx: Effects, s: ApiserverState, msg: Message<HttpRequest>, core: boolean): void {
  const authn = runAuthentication(msg.body.credentials ?? {}, authnConfigOf(s, ctx));
  if (isStatus(authn)) return respondRaw(ctx, msg, 401, authn);
  const resp = { type: 'http.response' as const, requestId: msg.id, status: 200, body: discoveryDocument(core, core ? [] : aggregatedDiscoveryItems(s), (g, v) => locallyServed(s, g, v)) };
  ctx.reply(msg, resp, { summary: `200 OK ${core ? 'APIGroupDiscoveryList /api' : 'APIGroupDiscoveryList /apis'}`, stream: msg.stream });
}

function dispatch(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const { verb, subresource } = rc.ri;
  switch (verb) {
    case 'watch':
      return startWatch(ctx, s, rc);
    case 'get':
      if (subresource === 'exec') return startExec(ctx, s, rc);
      if (subresource === 'portforward') return startPortForward(ctx, s, rc);
      if (subresource === 'attach') return startAttach(ctx, s, rc);
      return subresource === 'log' ? startLogs(ctx, s, rc) : startGet(ctx, s, rc);
    case 'list':
      return startList(ctx, s, rc);
    case 'create':
      if (subresource === 'binding') return startWrite(ctx, s, rc, 'binding');
      if (rc.ri.info.resource === 'selfsubjectaccessreviews') return createSelfSubjectAccessReview(ctx, s, rc);
      if (rc.ri.info.resource === 'selfsubjectrulesreviews') return createSelfSubjectRulesReview(ctx, s, rc);
      if (rc.ri.info.resource === 'selfsubjectreviews') return createSelfSubjectReview(ctx, rc);
      if (subresource === 'eviction') return startWrite(ctx, s, rc, 'eviction');
      if (subresource === 'token' && rc.ri.info.resource === 'serviceaccounts') return createTokenRequest(ctx, s, rc);
      if (subresource === 'exec') return startExec(ctx, s, rc);
      if (subresource === 'portforward') return startPortForward(ctx, s, rc);
      if (subresource === 'attach') return startAttach(ctx, s, rc);
      return startCreate(ctx, s, rc);
    case 'update':
      return startWrite(ctx, s, rc, 'update');
    case 'patch':
      return startWrite(ctx, s, rc, 'patch');
    case 'delete':
      return startWrite(ctx, s, rc, 'delete');
    case 'deletecollection':
      return startDeleteCollection(ctx, s, rc);
    default: {
      const st = methodNotSupported(groupResource(rc.ri.info), verb);
      return respond(ctx, rc, st.code, st);
    }
  }
}
