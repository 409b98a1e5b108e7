// kubeplay/policy-webhook: a small admission webhook server for learning, whose policy its
// arguments set (Kubeplay's own image; real clusters run Kyverno, OPA Gatekeeper or their own).
// It serves HTTPS on --port (default 8443): POST /validate answers an AdmissionReview with
// allowed or a refusal, POST /mutate with a JSONPatch. Flags:
//   --deny-latest           refuse pods whose containers use an image tagged :latest (or no tag)
//   --require-label=KEY     refuse objects without the label KEY
//   --add-label=KEY=VALUE   (on /mutate) add the label when the object lacks it
// and, to practise what a broken webhook does to the apiserver:
//   --hang                  accept the connection and never answer
//   --answer-garbage        answer 200 with a body that is not JSON
//   --bad-patch             (on /mutate) patch the first container's image to ""

import { base64OfText } from '../../api/base64';
import type { Step } from './program';

export interface PolicyWebhookConfig {
  denyLatest: boolean;
  requireLabel?: string;
  addLabel?: { key: string; value: string };
  hang: boolean;
  garbage: boolean;
  badPatch: boolean;
}

export function parsePolicyArgs(args: readonly string[]): { config: PolicyWebhookConfig; port: number } {
  const config: PolicyWebhookConfig = { denyLatest: false, hang: false, garbage: false, badPatch: false };
  let port = 8443;
  for (const a of args) {
    const [flag, value] = a.replace(/^--?/, '').split(/=(.*)/s) as [string, string | undefined];
    if (flag === 'deny-latest') config.denyLatest = true;
    else if (flag === 'require-label' && value) config.requireLabel = value;
    else if (flag === 'add-label' && value?.includes('=')) config.addLabel = { key: value.slice(0, value.indexOf('=')), value: value.slice(value.indexOf('=') + 1) };
    else if (flag === 'hang') config.hang = true;
    else if (flag === 'answer-garbage') config.garbage = true;
    else if (flag === 'bad-patch') config.badPatch = true;
    else if (flag === 'port' && value && /^\d+$/.test(value)) port = Number(value);
  }
  return { config, port };
}

function policyWords(c: PolicyWebhookConfig): string {
  const words = [c.denyLatest && 'deny-latest', c.requireLabel && `require-label=${c.requireLabel}`, c.addLabel && `add-label=${c.addLabel.key}=${c.addLabel.value}`, c.hang && 'hang', c.garbage && 'answer-garbage', c.badPatch && 'bad-patch'];
  return words.filter(Boolean).join(', ') || 'allow everything';
}

export function policyWebhookSteps(args: readonly string[]): Step[] {
  const { config, port } = parsePolicyArgs(args);
  return [
    { op: 'log', stream: 'stderr', text: `I{klogTime}       1 main.go:48] policy: ${policyWords(config)}` },
    { op: 'log', stream: 'stderr', text: `I{klogTime}       1 main.go:61] serving /validate and /mutate on :${port} (TLS)` },
    { op: 'listen', port, http: { okPaths: ['/validate', '/mutate'], webhook: config } },
    { op: 'wait' },
  ];
}

interface ReviewRequest {
  uid?: string;
  operation?: string;
  kind?: { kind?: string };
  resource?: { resource?: string };
  name?: string;
  namespace?: string;
  object?: { metadata?: { name?: string; generateName?: string; labels?: Record<string, string> }; spec?: { containers?: { name?: string; image?: string }[]; initContainers?: { name?: string; image?: string }[] } };
}

/** An image reference's tag: what follows the last `:` after the last `/`, or `latest` when none (and no digest). */
function tagOf(image: string): string | undefined {
  if (image.includes('@')) return undefined;
  const last = image.slice(image.lastIndexOf('/') + 1);
  const i = last.indexOf(':');
  return i < 0 ? 'latest' : last.slice(i + 1);
}

export type WebhookAnswer = { kind: 'hang' } | { kind: 'answer'; status: number; body: string; log: string };

/** What the server answers a POST to `path` carrying `body`. */
export function answerReview(c: PolicyWebhookConfig, path: string, body: string | undefined): WebhookAnswer {
  if (c.hang) return { kind: 'hang' };
  if (path !== '/validate' && path !== '/mutate') return { kind: 'answer', status: 404, body: '404 page not found\n', log: `path ${path} not found` };
  if (c.garbage) return { kind: 'answer', status: 200, body: '<html>oops</html>\n', log: 'answering garbage (--answer-garbage)' };
  let review: { request?: ReviewRequest };
  try {
    review = JSON.parse(body ?? '') as { request?: ReviewRequest };
  } catch {
    return { kind: 'answer', status: 400, body: 'could not decode AdmissionReview\n', log: 'could not decode AdmissionReview' };
  }
  const req = review.request ?? {};
  const what = `${req.operation ?? '?'} ${req.resource?.resource ?? '?'} ${req.namespace ? `${req.namespace}/` : ''}${req.name || req.object?.metadata?.name || req.object?.metadata?.generateName || ''}`;
  const response: Record<string, unknown> = { uid: req.uid ?? '', allowed: true };
  let log = `${what}: allowed`;
  if (path === '/validate') {
    const why = denyReason(c, req);
    if (why) {
      response.allowed = false;
      response.status = { code: 403, reason: 'Forbidden', message: why };
      log = `${what}: denied: ${why}`;
    }
  } else {
    const ops = patchFor(c, req);
    if (ops.length) {
      response.patchType = 'JSONPatch';
      response.patch = base64OfText(JSON.stringify(ops));
      log = `${what}: patched ${ops.map((o) => `${o.op} ${o.path}`).join(', ')}`;
    }
  }
  return { kind: 'answer', status: 200, body: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }), log };
}

function denyReason(c: PolicyWebhookConfig, req: ReviewRequest): string | undefined {
  const obj = req.object;
  if (c.denyLatest && req.kind?.kind === 'Pod') {
    for (const ctr of [...(obj?.spec?.initContainers ?? []), ...(obj?.spec?.containers ?? [])]) {
      if (ctr.image && tagOf(ctr.image) === 'latest') return `container "${ctr.name ?? ''}" uses image "${ctr.image}": the :latest tag is not allowed, pin a version`;
    }
  }
  if (c.requireLabel && obj && obj.metadata?.labels?.[c.requireLabel] === undefined) return `missing required label "${c.requireLabel}"`;
  return undefined;
}

function patchFor(c: PolicyWebhookConfig, req: ReviewRequest): { op: string; path: string; value?: unknown }[] {
  const obj = req.object;
  if (!obj) return [];
  if (c.badPatch) return [{ op: 'replace', path: '/spec/containers/0/image', value: '' }];
  if (!c.addLabel || obj.metadata?.labels?.[c.addLabel.key] !== undefined) return [];
  const escaped = c.addLabel.key.replace(/~/g, '~0').replace(/\//g, '~1');
  if (!obj.metadata?.labels) return [{ op: 'add', path: '/metadata/labels', value: { [c.addLabel.key]: c.addLabel.value } }];
  return [{ op: 'add', path: `/metadata/labels/${escaped}`, value: c.addLabel.value }];
}
