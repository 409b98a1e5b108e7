// Request bodies `kubeplay serve` takes from real clients are hostile input (issue 9, defect 2):
// whatever a body holds, it is answered with a 400 Status before anything enters the simulation,
// or decoded into a value the simulation can walk. YAML (server-side apply, application/yaml) is
// read as sigs.k8s.io/yaml reads it: go-yaml's alias budget (yaml.v2 decode.go allowedAliasRatio,
// "document contains excessive aliasing") and a nesting limit; JSON is limited in depth as Go's
// encoding/json is (scanner.go maxNestingDepth, "exceeded max depth"), with Kubeplay's number.

import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../sim/cli-tools/common/yaml-depth';
import { aliasBomb } from '../testing/fuzz';
import { decodeBody, nestingDeeperThan } from './http-request';

const UNKNOWN_FORMAT = 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf';

function decode(text: string, type?: string): unknown {
  return decodeBody(Buffer.from(text), type);
}

function nestedJson(depth: number): string {
  return `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

describe('decodeBody', () => {
  it('decodes JSON and YAML bodies into the same value', () => {
    const want = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web' }, data: { a: '1' } };
    expect(decode(JSON.stringify(want))).toEqual({ body: want });
    expect(decode('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\ndata: {a: "1"}\n', 'application/apply-patch+yaml')).toEqual({ body: want });
  });

  it('answers a YAML alias bomb with 400 and go-yaml\'s words, in bounded time', () => {
    const r = decode(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n${aliasBomb(9, 9, '  ')}`, 'application/apply-patch+yaml');
    expect(r).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 400, reason: 'BadRequest', message: `${UNKNOWN_FORMAT} (yaml: document contains excessive aliasing)` });
  });

  it('answers YAML nested past the limit with 400 and go-yaml\'s depth message', () => {
    const r = decode(`x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, 'application/yaml');
    expect(r).toMatchObject({ code: 400, message: `${UNKNOWN_FORMAT} (yaml: exceeded max depth of 10000)` });
    expect(decode(`x: ${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}\n`, 'application/yaml')).toMatchObject({ code: 400, message: `${UNKNOWN_FORMAT} (yaml: exceeded max depth of ${MAX_DEPTH})` });
  });

  it('answers JSON nested past the limit with 400, however deep (real kubectl sends 9,000 levels), and takes what is within it', () => {
    for (const depth of [MAX_DEPTH, 9_000, 100_000]) {
      expect(decode(nestedJson(depth))).toMatchObject({ code: 400, reason: 'BadRequest', message: `${UNKNOWN_FORMAT} (exceeded max depth of ${MAX_DEPTH})` });
    }
    // The object, its "x" and MAX_DEPTH - 2 lists inside: MAX_DEPTH levels in all.
    expect(decode(nestedJson(MAX_DEPTH - 2))).toHaveProperty('body.metadata.name', 'deep');
  });

  it('answers malformed JSON with 400 and the parser\'s reason', () => {
    expect(decode('{"kind": ')).toMatchObject({ code: 400, message: expect.stringMatching(new RegExp(`^${UNKNOWN_FORMAT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\)$`)) });
  });
});

describe('nestingDeeperThan', () => {
  it('counts objects and arrays alike, and scalars not at all', () => {
    expect(nestingDeeperThan('x', 0)).toBe(false);
    expect(nestingDeeperThan({}, 1)).toBe(false);
    expect(nestingDeeperThan({ a: [] }, 1)).toBe(true);
    expect(nestingDeeperThan({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(nestingDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
  });
});
