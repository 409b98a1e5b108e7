// TokenRequest (POST /api/v1/namespaces/{ns}/serviceaccounts/{name}/token, authentication.k8s.io/v1;
// pkg/registry/core/serviceaccount/storage/token.go, v1.31): issue a signed, time-bound token for the
// ServiceAccount, optionally bound to a Pod or Secret so that it dies with it. Nothing is stored.
// The expiry defaults to 3600 s (SetDefaults_TokenRequestSpec) and must lie between 10 minutes and
// 2^32 s (ValidateTokenRequest). A pod-bound request for exactly 3607 s (what the kubelet asks for
// the projected kube-api-access volume) gets a token that really lasts a year and only "warns after"
// 3607 s (--service-account-extend-token-expiration, true by default), while the status still says
// 3607 s. `kubectl create token` and the kubelet's token manager use it.

import { badRequest, conflict, invalid, notFound } from '../../api/errors';
import { rfc3339 } from '../../api/time';
import type { KubeObject } from '../../api/types';
import type { Effects } from '../../kernel/component';
import { respond } from '../respond';
import { API_AUDIENCES, EXPIRATION_EXTENSION_SECONDS, issueToken, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS } from '../serviceaccount/claims';
import type { ApiserverState, RequestContext } from '../state';
import { newUID } from './strategy';

const DEFAULT_EXPIRATION_SECONDS = 3600;
const MIN_TOKEN_AGE_SECONDS = 10 * 60;
const MAX_TOKEN_AGE_SECONDS = 2 ** 32;
const GROUP = 'authentication.k8s.io';

interface BoundObjectRef {
  kind?: string;
  apiVersion?: string;
  name?: string;
  uid?: string;
}

interface TokenRequestBody {
  metadata?: { name?: string; namespace?: string };
  spec?: { audiences?: string[] | null; expirationSeconds?: number; boundObjectRef?: BoundObjectRef | null };
}

function cached(s: ApiserverState, resource: string, namespace: string, name: string): KubeObject | undefined {
  return s.cache.get(resource)?.objects.get(namespace ? `${namespace}/${name}` : name)?.obj;
}

type Bound = { pod?: KubeObject; node?: { name: string; uid?: string } } | { error: ReturnType<typeof badRequest> };

/** The bound object, looked up as token.go does (a Pod also names its node). */
function boundObject(s: ApiserverState, ns: string, saName: string, ref: BoundObjectRef): Bound {
  const group = (ref.apiVersion ?? '').includes('/') ? ref.apiVersion!.split('/')[0] : '';
  const name = ref.name ?? '';
  let uid: string | undefined;
  let out: Bound = {};
  if (group === '' && ref.kind === 'Pod') {
    const pod = cached(s, 'pods', ns, name);
    if (!pod) return { error: notFound({ group: '', resource: 'pods' }, name) };
    if ((pod.spec as { serviceAccountName?: string }).serviceAccountName !== saName) {
      return { error: badRequest(`cannot bind token for serviceaccount "${saName}" to pod running with different serviceaccount name.`) };
    }
    uid = pod.metadata.uid;
    const nodeName = (pod.spec as { nodeName?: string }).nodeName;
    const node = nodeName ? cached(s, 'nodes', '', nodeName) : undefined;
    out = { pod, node: nodeName ? { name: nodeName, uid: node?.metadata.uid } : undefined };
  } else if (group === '' && ref.kind === 'Secret') {
    const secret = cached(s, 'secrets', ns, name);
    if (!secret) return { error: notFound({ group: '', resource: 'secrets' }, name) };
    uid = secret.metadata.uid;
  } else {
    const gvk = group ? `${group}/${ref.apiVersion!.split('/')[1] ?? ''}, Kind=${ref.kind ?? ''}` : `/${ref.apiVersion ?? ''}, Kind=${ref.kind ?? ''}`;
    return { error: badRequest(`cannot bind token to object of type ${gvk}`) };
  }
  if (ref.uid && uid !== ref.uid) {
    const detail = `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`;
    return { error: conflict({ group, resource: ref.kind ?? '' }, name, detail) };
  }
  return out;
}

export function createTokenRequest(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const ns = rc.ri.namespace;
  const name = rc.ri.name;
  const req = (rc.msg.body.body ?? {}) as TokenRequestBody;
  const meta = req.metadata ?? {};
  if (meta.name && meta.name !== name) {
    const st = invalid('TokenRequest', GROUP, name, [{ type: 'Invalid value', field: 'metadata.name', value: meta.name, detail: 'must match the service account name if specified' }]);
    return respond(ctx, rc, 422, st, 'Validation');
  }
  if (meta.namespace && meta.namespace !== ns) {
    const st = invalid('TokenRequest', GROUP, name, [{ type: 'Invalid value', field: 'metadata.namespace', value: meta.namespace, detail: 'must match the service account namespace if specified' }]);
    return respond(ctx, rc, 422, st, 'Validation');
  }
  const sa = cached(s, 'serviceaccounts', ns, name);
  if (!sa) return respond(ctx, rc, 404, notFound({ group: '', resource: 'serviceaccounts' }, name), 'Storage');
  const spec = req.spec ?? {};
  const expirationSeconds = spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  const audiences = spec.audiences?.length ? spec.audiences : API_AUDIENCES;
  const tooShort = expirationSeconds < MIN_TOKEN_AGE_SECONDS;
  if (tooShort || expirationSeconds > MAX_TOKEN_AGE_SECONDS) {
    const detail = tooShort ? 'may not specify a duration less than 10 minutes' : 'may not specify a duration larger than 2^32 seconds';
    const st = invalid('TokenRequest', GROUP, '', [{ type: 'Invalid value', field: 'spec.expirationSeconds', value: expirationSeconds, detail }]);
    return respond(ctx, rc, 422, st, 'Validation');
  }
  const bound = spec.boundObjectRef ? boundObject(s, ns, name, spec.boundObjectRef) : {};
  if ('error' in bound) return respond(ctx, rc, bound.error.code, bound.error, 'Validation');
  const kube = audiences.every((a) => API_AUDIENCES.includes(a));
  const extend = bound.pod !== undefined && expirationSeconds === WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS && kube;
  const token = issueToken(
    {
      serviceAccount: sa,
      pod: bound.pod,
      node: bound.node,
      audiences,
      expirationSeconds: extend ? EXPIRATION_EXTENSION_SECONDS : expirationSeconds,
      warnAfterSeconds: extend ? expirationSeconds : 0,
      jti: newUID(() => ctx.rand()),
    },
    ctx.now,
    s.serviceAccountKey,
  );
  const outSpec: Record<string, unknown> = { audiences, expirationSeconds };
  if (spec.boundObjectRef) outSpec.boundObjectRef = spec.boundObjectRef;
  const out = {
    kind: 'TokenRequest',
    apiVersion: `${GROUP}/v1`,
    metadata: { name, namespace: ns, creationTimestamp: rfc3339(ctx.now) },
    spec: outSpec,
    status: { token, expirationTimestamp: rfc3339(ctx.now + expirationSeconds * 1000) },
  };
  respond(ctx, rc, 201, out, 'TokenRequest');
}
