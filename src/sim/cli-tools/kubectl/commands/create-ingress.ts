// `kubectl create ingress NAME --rule=host/path=service:port[,tls[=secret]] [--class C]
// [--default-backend svc:port] [--annotation k=v]` (kubectl/pkg/cmd/create/create_ingress.go, v1.31):
// a networking.k8s.io/v1 Ingress. Each rule's path is Exact unless it ends in `*` (then Prefix,
// without the star); rules with the same host share one IngressRule; `,tls` or `,tls=secret` adds
// the host to spec.tls (hosts that share a secret share one entry); a port that is a number is
// `port.number`, anything else `port.name`. The namespace is written only when -n was given.

import { resourceForKind } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { flagArray, flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

export function isIngressSubcommand(word: string | undefined): boolean {
  return word === 'ingress' || word === 'ing';
}

/** ruleRegex: regexHostPathSvc followed by the optional regexTLS (Go's \w is ASCII only). */
const RULE = /^[\w*\-.]*\/.*=[\w-]+:[\w-]+(,tls=?[\w-]+)?/;

interface Backend {
  service: { name: string; port: { number: number } | { name: string } };
}

/** intstr.Parse: a port that parses as an int32 is a number, anything else a name. */
function backendOf(service: string): Backend {
  const [name = '', port = ''] = service.split(':');
  const n = /^[+-]?\d+$/.test(port) ? Number(port) : NaN;
  const isInt = Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;
  return { service: { name, port: isInt ? { number: n } : { name: port } } };
}

/** buildHTTPIngressPath: `path=svc:port`, the path given without its leading slash. */
function httpPathOf(pathSvc: string): { path: string; pathType: string; backend: Backend } {
  const parts = pathSvc.split('=');
  let path = `/${parts[0]}`;
  let pathType = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { path, pathType, backend: backendOf(parts[1] ?? '') };
}

interface IngressRule {
  host?: string;
  http: { paths: ReturnType<typeof httpPathOf>[] };
}

function rulesOf(rules: string[]): IngressRule[] {
  const out: IngressRule[] = [];
  for (const rule of rules) {
    const noTls = rule.split(',')[0]!;
    const slash = noTls.indexOf('/');
    const host = noTls.slice(0, slash);
    const path = httpPathOf(noTls.slice(slash + 1));
    const same = out.find((r) => (r.host ?? '') === host);
    if (same) same.http.paths.push(path);
    else out.push({ ...(host ? { host } : {}), http: { paths: [path] } });
  }
  return out;
}

interface IngressTLS {
  hosts?: string[];
  secretName?: string;
}

/** buildTLSRules: one entry per secret, each host once. */
function tlsOf(rules: string[]): IngressTLS[] {
  const out: IngressTLS[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    const parts = rule.split(',');
    if (parts.length !== 2) continue;
    const host = rule.split('/')[0]!;
    const secret = parts[1]!.split('=')[1] ?? '';
    if (seen.has(host)) continue;
    seen.add(host);
    const shared = out.find((t) => (t.secretName ?? '') === secret);
    if (shared) {
      (shared.hosts ??= []).push(host);
      continue;
    }
    const tls: IngressTLS = {};
    if (host) tls.hosts = [host];
    if (secret) tls.secretName = secret;
    if (tls.hosts || tls.secretName) out.push(tls);
  }
  return out;
}

/** Validate() then createIngress(); `namespace` is set only when -n enforced it. */
export function ingressForCreate(p: ParsedArgs, namespace: string | undefined): BuiltObject | string {
  const names = p.args.slice(1);
  if (names.length !== 1) return `error: exactly one NAME is required, got ${names.length}\nSee 'kubectl create ingress -h' for help and examples\n`;
  const rules = flagArray(p, 'rule');
  const annotations = flagArray(p, 'annotation');
  const defaultBackend = flagString(p, 'default-backend') ?? '';
  const ingressClass = flagString(p, 'class') ?? '';
  if (!defaultBackend && rules.length === 0) {
    return 'error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)\n';
  }
  const bad = rules.find((r) => !RULE.test(r));
  if (bad !== undefined) return `error: rule ${bad} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]\n`;
  const badAnnotation = annotations.find((a) => !a.includes('='));
  if (badAnnotation !== undefined) return `error: annotation ${badAnnotation} is invalid and should be in format key=[value]\n`;
  if (defaultBackend && defaultBackend.split(':').length !== 2) return 'error: default-backend should be in format servicename:serviceport\n';

  const metadata: Record<string, unknown> = { name: names[0]! };
  if (namespace !== undefined) metadata.namespace = namespace;
  metadata.creationTimestamp = null;
  if (annotations.length) {
    const map: Record<string, string> = {};
    for (const a of annotations) map[a.slice(0, a.indexOf('='))] = a.slice(a.indexOf('=') + 1);
    metadata.annotations = map;
  }
  const spec: Record<string, unknown> = {};
  if (ingressClass) spec.ingressClassName = ingressClass;
  if (defaultBackend) spec.defaultBackend = backendOf(defaultBackend);
  const tls = tlsOf(rules);
  if (tls.length) spec.tls = tls;
  const ingressRules = rulesOf(rules);
  if (ingressRules.length) spec.rules = ingressRules;
  const obj = { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', metadata, spec, status: { loadBalancer: {} } } as unknown as KubeObject;
  return { obj, info: resourceForKind('networking.k8s.io/v1', 'Ingress')!, warnings: '' };
}
