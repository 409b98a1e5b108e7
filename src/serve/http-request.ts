// Reading a real HTTP request into what the simulated kube-apiserver takes: the path and query,
// the caller's credentials (a verified client certificate, a bearer token, impersonation headers),
// and the body decoded from JSON (or YAML for server-side apply) within the apiserver's 3 MiB
// limit. Hostile input is answered here with the apiserver's own Status before anything enters
// the simulation.

import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import type { Credentials, HttpMethod } from '../sim/api/http';
import { MAX_DEPTH } from '../sim/cli-tools/common/yaml-depth';
import { parseYamlChunk } from '../sim/cli-tools/common/yaml-docs';
import { identityOf, signedByCa } from './pki';

/** kube-apiserver's request body limit (MaxRequestBodyBytes, 3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  code: number;
}

export function status(code: number, reason: string, message: string): StatusBody {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

export interface ReadRequest {
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  credentials: Credentials;
  userAgent: string;
  accept: string;
  contentType?: string;
  body?: unknown;
  watch: boolean;
}

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A request as either protocol brings it: kube-apiserver speaks HTTP/2 to clients that offer it in
 * TLS's ALPN (kubectl and client-go do, as Go's net/http does), and HTTP/1.1 to the rest and to
 * every upgrade (exec, attach and port-forward's WebSocket or SPDY).
 */
export type ApiRequest = IncomingMessage | Http2ServerRequest;
export type ApiResponse = ServerResponse | Http2ServerResponse;

export const isHttp2 = (r: ApiRequest | ApiResponse): r is Http2ServerRequest | Http2ServerResponse => 'stream' in r;

/** Each connection's client certificate, checked once (its first request) rather than on every request. */
const checked = new WeakMap<object, Pick<Credentials, 'clientCertificate' | 'untrustedClientCertificate'>>();

/** The identity a connection's client certificate gives: a user if the cluster's CA signed it, else untrusted. */
function certificateOf(req: ApiRequest, ca: X509Certificate): Pick<Credentials, 'clientCertificate' | 'untrustedClientCertificate'> {
  // An HTTP/2 request's socket is a view of its stream; the connection is its session.
  const connection: object = isHttp2(req) ? req.stream.session ?? req.socket : req.socket;
  const socket = req.socket as TLSSocket;
  let c = checked.get(connection);
  if (c) return c;
  const peer = typeof socket.getPeerX509Certificate === 'function' ? socket.getPeerX509Certificate() : undefined;
  c = {};
  if (peer) {
    const id = signedByCa(peer, ca) ? identityOf(socket.getPeerCertificate() as unknown as { subject: Record<string, string | string[] | undefined> }) : undefined;
    if (id) c.clientCertificate = { commonName: id.user, organizations: id.groups };
    else c.untrustedClientCertificate = true;
  }
  checked.set(connection, c);
  return c;
}

/** Who is asking: the client certificate (checked against the cluster's CA), or a bearer token; then impersonation. */
export function credentialsOf(req: ApiRequest, ca: X509Certificate): Credentials {
  const cert = certificateOf(req, ca);
  // A copy per request: a recording (YAML) would write one object shared by several as an alias.
  const creds: Credentials = {};
  if (cert.clientCertificate) creds.clientCertificate = { commonName: cert.clientCertificate.commonName, organizations: [...cert.clientCertificate.organizations] };
  if (cert.untrustedClientCertificate) creds.untrustedClientCertificate = true;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) creds.bearerToken = auth.slice('Bearer '.length).trim();
  const as = req.headers['impersonate-user'];
  if (typeof as === 'string') creds.impersonateUser = as;
  const groups = req.headers['impersonate-group'];
  if (groups !== undefined) creds.impersonateGroups = Array.isArray(groups) ? groups : [groups];
  return creds;
}

/** Read the whole body, refusing (413) past the limit without keeping the rest. */
export function readBody(req: ApiRequest): Promise<Buffer | StatusBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      if (refused) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        chunks.length = 0;
        resolve(status(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${MAX_BODY_BYTES}`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
  });
}

/**
 * How deep a decoded JSON value nests (an explicit stack, no recursion), stopping once it passes
 * `limit`: Go's encoding/json refuses more than 10,000 levels ("exceeded max depth"); Kubeplay,
 * whose walks over an object are recursive, takes the same MAX_DEPTH as for YAML (yaml-depth.ts).
 * A deeper body once reached the simulation and overflowed the stack when the run was snapshotted,
 * which ended `kubeplay serve`.
 */
export function nestingDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Decode a body by its content type, as the apiserver's serializers would (400 with their words).
 * YAML is read as sigs.k8s.io/yaml reads it (yaml-docs.ts: go-yaml's alias budget and errors, the
 * nesting limit), never by a parser that could throw past its guards.
 */
export function decodeBody(raw: Buffer, contentType: string | undefined): { body: unknown } | StatusBody {
  if (raw.length === 0) return { body: undefined };
  const text = raw.toString('utf8');
  const type = (contentType ?? 'application/json').split(';')[0]!.trim();
  const refuse = (why: string): StatusBody =>
    status(400, 'BadRequest', `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf (${why})`);
  if (type === 'application/apply-patch+yaml' || type === 'application/yaml') {
    const parsed = parseYamlChunk(text);
    return parsed.ok ? { body: parsed.value } : refuse(parsed.error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (e) {
    return refuse(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }
  return nestingDeeperThan(body, MAX_DEPTH) ? refuse(`exceeded max depth of ${MAX_DEPTH}`) : { body };
}

export function readRequestLine(req: ApiRequest): { method: HttpMethod; path: string; query: Record<string, string> } | StatusBody {
  const method = req.method ?? 'GET';
  if (!METHODS.includes(method)) return status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
  const url = new URL(req.url ?? '/', 'https://kubeplay.invalid');
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of url.searchParams) query[k] = v;
  return { method: method as HttpMethod, path: decodeURIComponent(url.pathname), query };
}
