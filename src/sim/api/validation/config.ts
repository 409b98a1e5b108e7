// ConfigMap and Secret validation as kube-apiserver v1.31 does it (pkg/apis/core/validation/
// validation.go ValidateConfigMap, ValidateConfigMapUpdate, ValidateSecret, ValidateSecretUpdate;
// IsConfigMapKey in k8s.io/apimachinery/pkg/util/validation). Sizes count decoded bytes: Secret
// data and ConfigMap binaryData are base64 on the wire and []byte in Go.

import { decodeBase64, utf8Bytes } from '../base64';
import type { FieldError } from '../field-error';
import { forbidden, invalid, required, tooLong } from '../field-error';
import type { KubeObject } from '../types';
import { maxLenError, nameIsDNSSubdomain, regexError } from './names';
import { FIELD_IMMUTABLE, validateObjectMeta, validateObjectMetaUpdate } from './object-meta';

/** core.MaxSecretSize: 1 MiB, the limit of both kinds. */
export const MAX_SECRET_SIZE_B = 1024 * 1024;
const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const CONFIG_MAP_KEY_RE = new RegExp(`^${CONFIG_MAP_KEY_FMT}$`);
const IMMUTABLE_WHEN_SET = 'field is immutable when `immutable` is set';

/** The secret types whose keys ValidateSecret requires (pkg/apis/core/types.go). */
export const SECRET_TYPES = {
  opaque: 'Opaque',
  serviceAccountToken: 'kubernetes.io/service-account-token',
  dockercfg: 'kubernetes.io/dockercfg',
  dockerConfigJson: 'kubernetes.io/dockerconfigjson',
  basicAuth: 'kubernetes.io/basic-auth',
  sshAuth: 'kubernetes.io/ssh-auth',
  tls: 'kubernetes.io/tls',
} as const;

export interface ConfigMapShape extends KubeObject {
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

export interface SecretShape extends KubeObject {
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  type?: string;
  immutable?: boolean;
}

/** IsConfigMapKey: at most 253 characters of `[-._a-zA-Z0-9]`, and not `.`, `..` or `..`-prefixed. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_MAP_KEY_RE.test(key)) errs.push(regexError(CONFIG_MAP_KEY_ERR, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** The decoded length of a []byte field (base64 was checked while decoding the body). */
function byteLength(value: string): number {
  const d = decodeBase64(value);
  return 'bytes' in d ? d.bytes.length : value.length;
}

function keyErrors(field: string, key: string): FieldError[] {
  return isConfigMapKey(key).map((msg) => invalid(`${field}[${key}]`, key, msg));
}

export function validateConfigMap(cm: ConfigMapShape): FieldError[] {
  const errs = validateObjectMeta(cm.metadata ?? {}, true, nameIsDNSSubdomain);
  let total = 0;
  for (const [key, value] of Object.entries(cm.data ?? {})) {
    errs.push(...keyErrors('data', key));
    if (cm.binaryData && Object.hasOwn(cm.binaryData, key)) errs.push(invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    total += utf8Bytes(value).length;
  }
  for (const [key, value] of Object.entries(cm.binaryData ?? {})) {
    errs.push(...keyErrors('binaryData', key));
    total += byteLength(value);
  }
  // field.NewPath(""): the error names the whole object.
  if (total > MAX_SECRET_SIZE_B) errs.push(tooLong('', MAX_SECRET_SIZE_B));
  return errs;
}

function sameMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  // reflect.DeepEqual tells a nil map from an empty one.
  if ((a === undefined) !== (b === undefined)) return false;
  return ka.length === kb.length && ka.every((k) => b !== undefined && Object.hasOwn(b, k) && b[k] === a![k]);
}

export function validateConfigMapUpdate(cm: ConfigMapShape, old: ConfigMapShape): FieldError[] {
  const errs = validateObjectMetaUpdate(cm.metadata ?? {}, old.metadata ?? {});
  if (old.immutable === true) {
    if (cm.immutable !== true) errs.push(forbidden('immutable', IMMUTABLE_WHEN_SET));
    if (!sameMap(cm.data, old.data)) errs.push(forbidden('data', IMMUTABLE_WHEN_SET));
    if (!sameMap(cm.binaryData, old.binaryData)) errs.push(forbidden('binaryData', IMMUTABLE_WHEN_SET));
  }
  errs.push(...validateConfigMap(cm));
  return errs;
}

function has(data: Record<string, string> | undefined, key: string): boolean {
  return data !== undefined && Object.hasOwn(data, key);
}

/** The keys each secret type requires (ValidateSecret's switch on secret.Type). */
function typeErrors(s: SecretShape): FieldError[] {
  const data = s.data;
  switch (s.type) {
    case SECRET_TYPES.serviceAccountToken:
      if (!s.metadata.annotations?.['kubernetes.io/service-account.name']) return [required('metadata.annotations[kubernetes.io/service-account.name]')];
      return [];
    case SECRET_TYPES.dockercfg:
      return has(data, '.dockercfg') ? jsonErrors(data!['.dockercfg']!, 'data[.dockercfg]') : [required('data[.dockercfg]')];
    case SECRET_TYPES.dockerConfigJson:
      return has(data, '.dockerconfigjson') ? jsonErrors(data!['.dockerconfigjson']!, 'data[.dockerconfigjson]') : [required('data[.dockerconfigjson]')];
    case SECRET_TYPES.basicAuth:
      return has(data, 'username') || has(data, 'password') ? [] : [required('data[username]'), required('data[password]')];
    case SECRET_TYPES.sshAuth:
      return data?.['ssh-privatekey'] ? [] : [required('data[ssh-privatekey]')];
    case SECRET_TYPES.tls: {
      const errs: FieldError[] = [];
      if (!has(data, 'tls.crt')) errs.push(required('data[tls.crt]'));
      if (!has(data, 'tls.key')) errs.push(required('data[tls.key]'));
      return errs;
    }
    default:
      return [];
  }
}

/** The docker config must be JSON; the value is redacted in the error, as the apiserver does. */
function jsonErrors(value: string, field: string): FieldError[] {
  const d = decodeBase64(value);
  const text = 'bytes' in d ? String.fromCharCode(...d.bytes) : value;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return [];
    return [invalid(field, '<secret contents redacted>', `json: cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type map[string]interface {}`)];
  } catch {
    return [invalid(field, '<secret contents redacted>', 'unexpected end of JSON input')];
  }
}

export function validateSecret(s: SecretShape): FieldError[] {
  const errs = validateObjectMeta(s.metadata ?? {}, true, nameIsDNSSubdomain);
  let total = 0;
  for (const [key, value] of Object.entries(s.data ?? {})) {
    errs.push(...keyErrors('data', key));
    total += byteLength(value);
  }
  if (total > MAX_SECRET_SIZE_B) errs.push(tooLong('data', MAX_SECRET_SIZE_B));
  errs.push(...typeErrors(s));
  return errs;
}

export function validateSecretUpdate(s: SecretShape, old: SecretShape): FieldError[] {
  const errs = validateObjectMetaUpdate(s.metadata ?? {}, old.metadata ?? {});
  if ((s.type ?? '') !== (old.type ?? '')) errs.push(invalid('type', s.type ?? '', FIELD_IMMUTABLE));
  if (old.immutable === true) {
    if (s.immutable !== true) errs.push(forbidden('immutable', IMMUTABLE_WHEN_SET));
    if (!sameMap(s.data, old.data)) errs.push(forbidden('data', IMMUTABLE_WHEN_SET));
  }
  errs.push(...validateSecret(s));
  return errs;
}
