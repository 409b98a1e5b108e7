// Validation of a recorded real client's request (`request:` steps, written by `kubeplay serve
// --record`). The body is kept as the JSON text the client sent, so that replaying it gives the
// apiserver the very same bytes, and a `__proto__` key in it stays an ordinary key (JSON.parse).

import { isScalar } from 'yaml';
import type { RecordedRequest } from './schema';
import type { Field, FieldReader } from './yaml-reader';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const FIELDS = ['id', 'method', 'path', 'query', 'body', 'contentType', 'accept', 'credentials', 'userAgent', 'watch'];
const CREDENTIALS = ['clientCertificate', 'untrustedClientCertificate', 'bearerToken', 'impersonateUser', 'impersonateGroups'];

export function readRequest(r: FieldReader, f: Field, path: string): RecordedRequest | undefined {
  const errors = r.errors.length;
  const fields = r.mapping(f.value, path, FIELDS);
  if (!fields) return undefined;
  const need = (name: string) => r.required(fields, name, f.value, path);
  const idF = need('id');
  const id = idF ? r.integer(idF, `${path}.id`, 0, Number.MAX_SAFE_INTEGER) : undefined;
  const methodF = need('method');
  const method = methodF ? r.string(methodF, `${path}.method`) : undefined;
  if (methodF && method !== undefined && !(METHODS as readonly string[]).includes(method)) r.error(methodF.pos, `${path}.method`, `expected one of ${METHODS.join(', ')}`);
  const pathF = need('path');
  const p = pathF ? r.string(pathF, `${path}.path`) : undefined;
  if (pathF && p !== undefined && !p.startsWith('/')) r.error(pathF.pos, `${path}.path`, 'expected an absolute path such as /api/v1/pods');
  const uaF = fields.get('userAgent');
  const userAgent = uaF ? r.string(uaF, `${path}.userAgent`) : '';
  const watchF = fields.get('watch');
  const watch = watchF && isScalar(watchF.value) ? watchF.value.value : false;
  if (typeof watch !== 'boolean') r.error(watchF!.pos, `${path}.watch`, 'expected true or false');
  const out = { id, method, path: p, userAgent, watch, credentials: {} } as RecordedRequest;
  const queryF = fields.get('query');
  if (queryF) {
    const q = r.stringMap(queryF, `${path}.query`);
    if (q) out.query = q;
  }
  for (const name of ['contentType', 'accept'] as const) {
    const x = fields.get(name);
    const v = x ? r.string(x, `${path}.${name}`) : undefined;
    if (v !== undefined) out[name] = v;
  }
  const bodyF = fields.get('body');
  if (bodyF) {
    const text = r.string(bodyF, `${path}.body`);
    if (text !== undefined) {
      try {
        out.body = JSON.parse(text);
      } catch {
        r.error(bodyF.pos, `${path}.body`, 'expected the request body as JSON text');
      }
    }
  }
  const credF = need('credentials');
  if (credF) {
    const c = r.mapping(credF.value, `${path}.credentials`, CREDENTIALS);
    const cert = c?.get('clientCertificate');
    if (cert) {
      const m = r.mapping(cert.value, `${path}.credentials.clientCertificate`, ['commonName', 'organizations']);
      const cn = m?.get('commonName');
      const orgs = m?.get('organizations');
      const commonName = cn ? r.string(cn, `${path}.credentials.clientCertificate.commonName`) : undefined;
      const organizations = orgs ? r.stringList(orgs, `${path}.credentials.clientCertificate.organizations`) : [];
      if (commonName !== undefined && organizations) out.credentials.clientCertificate = { commonName, organizations };
    }
    const untrusted = c?.get('untrustedClientCertificate');
    if (untrusted) {
      if (isScalar(untrusted.value) && untrusted.value.value === true) out.credentials.untrustedClientCertificate = true;
      else r.error(untrusted.pos, `${path}.credentials.untrustedClientCertificate`, 'expected true');
    }
    for (const name of ['bearerToken', 'impersonateUser'] as const) {
      const x = c?.get(name);
      const v = x ? r.string(x, `${path}.credentials.${name}`) : undefined;
      if (v !== undefined) out.credentials[name] = v;
    }
    const groups = c?.get('impersonateGroups');
    const g = groups ? r.stringList(groups, `${path}.credentials.impersonateGroups`) : undefined;
    if (g) out.credentials.impersonateGroups = g;
  }
  return r.errors.length > errors ? undefined : out;
}

/** The request as a scenario writes it: the body as JSON text. */
export function requestToYamlObject(q: RecordedRequest): Record<string, unknown> {
  const { body, ...rest } = q;
  return body === undefined ? { ...rest } : { ...rest, body: JSON.stringify(body) };
}
