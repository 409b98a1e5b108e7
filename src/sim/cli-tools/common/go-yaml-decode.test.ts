import { describe, expect, it } from 'vitest';
import { parseYamlChunk, splitYamlDocuments } from './yaml-docs';
import { aliasBomb } from '../../../testing/fuzz';

// Each expected text is what real kubectl v1.31.9 printed for the same document after
// `error parsing f.yaml: error converting YAML to JSON: ` (go-yaml v2 under sigs.k8s.io/yaml v1.4:
// decode.go, parserc.go, scannerc.go; yaml.go convertToJSONableObject; encoding/json).
const POD = 'apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n';

describe('go-yaml v2 decoding, as real kubectl reads a manifest', () => {
  it.each([
    ['an alias bomb of 9^7 strings', `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n${aliasBomb(7, 9, '  ')}`, 'yaml: document contains excessive aliasing'],
    ['10,001 nested flow sequences on line 4', `${POD}spec: ${'['.repeat(10_001)}${']'.repeat(10_001)}\n`, 'yaml: line 4: exceeded max depth of 10000'],
    ['10,001 nested flow sequences on the first line', `a: ${'['.repeat(10_001)}${']'.repeat(10_001)}\n`, 'yaml: exceeded max depth of 10000'],
    ['an anchor that contains its own alias', `${POD}spec: &a [*a]\n`, "yaml: anchor 'a' value contains itself"],
    ['an alias to no anchor', `${POD}spec: *nope\n`, "yaml: unknown anchor 'nope' referenced"],
    ['a sequence as a map key', '? [a, b]\n: c\n', 'yaml: invalid map key: []interface {}{"a", "b"}'],
    ['a null map key', '~: c\n', 'unsupported map key of type: %!s(<nil>), key: <nil>, value: "c"'],
    ['a merge key that is not a map', `${POD}x: {<<: 1}\n`, 'yaml: map merge requires map or sequence of maps as the value'],
    ['!!binary that is not base64', `${POD}c: !!binary "a?"\n`, 'yaml: !!binary value contains invalid base64 data'],
    ['.inf, which JSON cannot hold', 'a: .inf\n', 'json: unsupported value: +Inf'],
  ])('%s fails as in kubectl', (_name, text, error) => {
    expect(parseYamlChunk(text)).toEqual({ ok: false, error });
  });

  it('reads a document with fewer aliases than the budget, expanding each as a copy', () => {
    const r = parseYamlChunk(`d: &d x\nl: [${Array(2000).fill('*d').join(', ')}]\n`);
    expect(r.ok && (r.value as { l: string[] }).l.length).toBe(2000);
  });

  it('merges as go-yaml v2 does: later entries overwrite, a sequence of maps is merged from the last', () => {
    // Real kubectl: {"a":{"w":2,"x":1,"z":0},"b":{"q":1,"x":1,"z":0},"d":{"x":1,"z":0}}.
    expect(parseYamlChunk('d: &d {x: 1, z: 0}\na: {z: 5, <<: *d, w: 2}\nb: {<<: [*d, {x: 9, q: 1}]}\n')).toEqual({
      ok: true,
      value: { d: { x: 1, z: 0 }, a: { z: 0, x: 1, w: 2 }, b: { x: 1, q: 1, z: 0 } },
    });
  });

  it('names float keys as sigs.k8s.io/yaml does and decodes !!binary', () => {
    // Real kubectl: {"1.5": "x", "1e+06": true, ...}; `y` is a YAML 1.1 boolean.
    expect(parseYamlChunk('1.5: x\n1e6: y\n2: z\nb: !!binary aGVsbG8=\n')).toEqual({ ok: true, value: { '1.5': 'x', '1e+06': true, '2': 'z', b: 'hello' } });
  });

  it('keeps __proto__ and constructor as ordinary keys', () => {
    const r = parseYamlChunk('labels: {__proto__: a, constructor: b}\n');
    expect(r.ok && Object.keys((r.value as { labels: object }).labels)).toEqual(['__proto__', 'constructor']);
  });
});

// apimachinery yaml.YAMLReader: `---` may be followed by blanks or a comment only. Real kubectl
// applied pod a, then failed with "invalid Yaml document separator: x": the document being read
// when the bad separator came (b) is lost with the rest of the stream.
describe('YAMLReader document separators', () => {
  it('splits at `--- # comment` and stops the stream at `--- x`', () => {
    const chunks = splitYamlDocuments('a: 1\n--- # two\nb: 2\n--- x\nc: 3\n');
    expect(chunks.map((c) => c.error ?? c.text)).toEqual(['a: 1\n', 'invalid Yaml document separator: x']);
  });
});
