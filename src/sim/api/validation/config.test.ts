// Sources: pkg/apis/core/validation/validation.go ValidateConfigMap, ValidateConfigMapUpdate,
// ValidateSecret, ValidateSecretUpdate (kubernetes v1.31); IsConfigMapKey in
// k8s.io/apimachinery/pkg/util/validation/validation.go; SetDefaults_Secret and
// Convert_v1_Secret_To_core_Secret (stringData merged into data) in pkg/apis/core/v1.
import { describe, expect, it } from 'vitest';
import { base64OfText } from '../base64';
import type { KubeObject } from '../types';
import { decodeObject, validateCreate, validateUpdate } from './index';
import { defaulted, info, messages } from './testing';

const CM = info('v1', 'ConfigMap');
const SECRET = info('v1', 'Secret');
const KEY_ERR =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

function cm(fields: Record<string, unknown>, name = 'game-config'): KubeObject {
  return defaulted({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, ...fields });
}

function secret(fields: Record<string, unknown>, name = 'db'): KubeObject {
  return defaulted({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, ...fields });
}

describe('ConfigMap validation (ValidateConfigMap)', () => {
  const cases: { name: string; obj: KubeObject; errors: string[] }[] = [
    { name: 'keys with dots, dashes and underscores pass', obj: cm({ data: { 'game.properties': 'x', 'ui_file-1': 'y' } }), errors: [] },
    { name: 'a key with a slash breaks the config key rule', obj: cm({ data: { 'a/b': 'x' } }), errors: [`data[a/b]: Invalid value: "a/b": ${KEY_ERR}`] },
    { name: 'the key `..` is refused', obj: cm({ data: { '..': 'x' } }), errors: ["data[..]: Invalid value: \"..\": must not be '..'"] },
    { name: 'a key starting with `..` is refused', obj: cm({ data: { '..data': 'x' } }), errors: ["data[..data]: Invalid value: \"..data\": must not start with '..'"] },
    {
      name: 'a key in both data and binaryData is a duplicate',
      obj: cm({ data: { k: 'x' }, binaryData: { k: 'eA==' } }),
      errors: ['data[k]: Invalid value: "k": duplicate of key present in binaryData'],
    },
    { name: 'more than 1 MiB in total is too long, for the whole object', obj: cm({ data: { a: 'x'.repeat(1024 * 1024), b: 'y' } }), errors: [': Too long: must have at most 1048576 bytes'] },
    { name: 'exactly 1 MiB is allowed', obj: cm({ data: { a: 'x'.repeat(1024 * 1024) } }), errors: [] },
  ];
  it.each(cases)('$name', ({ obj, errors }) => {
    expect(messages(validateCreate(CM, obj))).toEqual(errors);
  });

  it('an immutable ConfigMap refuses changes to data, binaryData and immutable itself', () => {
    const old = cm({ data: { a: '1' }, immutable: true });
    const changed = cm({ data: { a: '2' }, binaryData: { b: 'eA==' }, immutable: false });
    changed.metadata = old.metadata;
    expect(messages(validateUpdate(CM, changed, old))).toEqual([
      'immutable: Forbidden: field is immutable when `immutable` is set',
      'data: Forbidden: field is immutable when `immutable` is set',
      'binaryData: Forbidden: field is immutable when `immutable` is set',
    ]);
    const labelled = cm({ data: { a: '1' }, immutable: true });
    labelled.metadata = { ...old.metadata, labels: { tier: 'web' } };
    expect(messages(validateUpdate(CM, labelled, old))).toEqual([]);
  });

  it('a mutable ConfigMap may change its data', () => {
    const old = cm({ data: { a: '1' } });
    expect(messages(validateUpdate(CM, { ...cm({ data: { a: '2' } }), metadata: old.metadata }, old))).toEqual([]);
  });
});

describe('Secret defaulting, decoding and validation', () => {
  it('defaults the type to Opaque and merges stringData into data, overwriting, as base64', () => {
    const s = secret({ data: { user: base64OfText('old'), pw: base64OfText('p') }, stringData: { user: 'admin' } });
    expect(s.type).toBe('Opaque');
    expect(s.stringData).toBeUndefined();
    expect(s.data).toEqual({ pw: 'cA==', user: 'YWRtaW4=' });
  });

  it('refuses data that is not base64 while decoding, with Go\'s offset', () => {
    const d = decodeObject(SECRET, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' }, data: { a: 'abc!' } });
    expect('status' in d && d.status.message).toBe('Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3');
    const unpadded = decodeObject(SECRET, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' }, data: { a: 'YWRtaW4' } });
    expect('status' in unpadded && unpadded.status.message).toBe('Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 4');
  });

  const cases: { name: string; obj: KubeObject; errors: string[] }[] = [
    { name: 'an Opaque secret with any keys passes', obj: secret({ data: { 'password.txt': 'cA==' } }), errors: [] },
    { name: 'a kubernetes.io/tls secret needs tls.crt and tls.key', obj: secret({ type: 'kubernetes.io/tls', data: {} }), errors: ['data[tls.crt]: Required value', 'data[tls.key]: Required value'] },
    {
      name: 'a kubernetes.io/basic-auth secret needs username or password',
      obj: secret({ type: 'kubernetes.io/basic-auth', data: {} }),
      errors: ['data[username]: Required value', 'data[password]: Required value'],
    },
    { name: 'a dockerconfigjson secret needs .dockerconfigjson', obj: secret({ type: 'kubernetes.io/dockerconfigjson', data: {} }), errors: ['data[.dockerconfigjson]: Required value'] },
    { name: 'a bad key is refused as in a ConfigMap', obj: secret({ data: { 'a b': 'cA==' } }), errors: [`data[a b]: Invalid value: "a b": ${KEY_ERR}`] },
    {
      name: 'more than 1 MiB of decoded data is too long, at data',
      obj: secret({ stringData: { a: 'x'.repeat(1024 * 1024 + 1) } }),
      errors: ['data: Too long: must have at most 1048576 bytes'],
    },
  ];
  it.each(cases)('$name', ({ obj, errors }) => {
    expect(messages(validateCreate(SECRET, obj))).toEqual(errors);
  });

  it('the type of a Secret is immutable, and an immutable Secret keeps its data', () => {
    const old = secret({ data: { a: 'MQ==' }, immutable: true });
    const changed = { ...secret({ type: 'kubernetes.io/basic-auth', data: { a: 'Mg==' }, immutable: true }), metadata: old.metadata };
    expect(messages(validateUpdate(SECRET, changed, old))).toEqual([
      'type: Invalid value: "kubernetes.io/basic-auth": field is immutable',
      'data: Forbidden: field is immutable when `immutable` is set',
      'data[username]: Required value',
      'data[password]: Required value',
    ]);
  });
});
