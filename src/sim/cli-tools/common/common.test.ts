import { describe, expect, it } from 'vitest';
import { humanDuration } from '../../../apimachinery/duration';
import { goMarshal, goMarshalIndent } from './go-json';
import { goYaml } from './go-yaml';
import { jsonpathTemplate, relaxedJsonPath } from './jsonpath';
import { shellSplit } from './shellwords';
import { KUBECTL_DESCRIBE, tabwrite } from './tabwriter';
import { parseYamlChunk, splitYamlDocuments } from './yaml-docs';

describe('HumanDuration (apimachinery/pkg/util/duration/duration.go)', () => {
  const s = 1000;
  const cases: [number, string][] = [
    [-3 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [59 * s, '59s'],
    [119 * s, '119s'],
    [120 * s, '2m'],
    [123 * s, '2m3s'],
    [599 * s, '9m59s'],
    [600 * s, '10m'],
    [179 * 60 * s, '179m'],
    [3 * 3600 * s, '3h'],
    [(3 * 3600 + 5 * 60) * s, '3h5m'],
    [8 * 3600 * s, '8h'],
    [47 * 3600 * s, '47h'],
    [(2 * 24 + 3) * 3600 * s, '2d3h'],
    [8 * 24 * 3600 * s, '8d'],
    [(2 * 365 + 10) * 24 * 3600 * s, '2y10d'],
    [9 * 365 * 24 * 3600 * s, '9y'],
  ];
  it.each(cases)('%d ms prints as %s', (ms, want) => expect(humanDuration(ms)).toBe(want));
});

describe('tabwriter (Go text/tabwriter with cli-runtime settings)', () => {
  it('pads every column but the last to max(cell)+3, at least 6', () => {
    const out = tabwrite('NAME\tREADY\tSTATUS\tRESTARTS\tAGE\nweb\t1/1\tRunning\t0\t5s\n');
    expect(out).toBe('NAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          5s\n');
  });
  it('aligns describe sections as separate blocks, a line without tabs ends a block', () => {
    const out = tabwrite('Name:\tweb\nService Account:\tdefault\nIPs:\n  IP:\t10.0.0.1\n', KUBECTL_DESCRIBE);
    expect(out).toBe('Name:             web\nService Account:  default\nIPs:\n  IP:  10.0.0.1\n');
  });
  it('treats a shorter line as the end of a column block', () => {
    expect(tabwrite('a\tb\tc\naaaa\tb\n', KUBECTL_DESCRIBE)).toBe('a     b  c\naaaa  b\n');
  });
});

describe('JSONPath templates (client-go util/jsonpath)', () => {
  const list = {
    kind: 'List',
    items: [
      { metadata: { name: 'a', labels: { app: 'x' } }, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
      { metadata: { name: 'b' }, status: { conditions: [{ type: 'Ready', status: 'False' }] } },
    ],
  };
  const cases: [string, string][] = [
    ['{.items[*].metadata.name}', 'a b'],
    ['{range .items[*]}{.metadata.name}{"\\n"}{end}', 'a\nb\n'],
    ['{.items[0].metadata.labels}', '{"app":"x"}'],
    ['{.items[-1:].metadata.name}', 'b'],
    ['{.items[?(@.status.conditions[0].status=="False")].metadata.name}', 'b'],
    ['{.items[*].metadata.missing}', ''],
    ['name={.items[1].metadata.name}', 'name=b'],
    ['{..name}', 'a b'],
  ];
  it.each(cases)('%s prints %j', (tpl, want) => expect(jsonpathTemplate(tpl, list)).toBe(want));
  it('relaxes --sort-by paths', () => {
    expect(relaxedJsonPath('.metadata.name')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('{.metadata.name}')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('metadata.name')).toBe('{.metadata.name}');
  });
});

describe('YAML errors worded as go-yaml v2 (sigs.k8s.io/yaml)', () => {
  const cases: [string, string, string][] = [
    ['a value continued by a more indented key', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n   labels: x\n', 'yaml: line 5: mapping values are not allowed in this context'],
    ['two colons on one line', 'apiVersion: v1\nmetadata:\n  name: web: x\n', 'yaml: line 3: mapping values are not allowed in this context'],
    ['a tab used for indentation', 'metadata:\n\tname: web\n', 'yaml: line 2: found character that cannot start any token'],
    ['a key without a colon', 'apiVersion: v1\nkind Pod\nmetadata:\n  name: x\n', "yaml: line 3: could not find expected ':'"],
    ['a key indented less than its siblings (parser errors name the previous line)', 'metadata:\n  name: web\n labels: x\n', 'yaml: line 2: did not find expected key'],
    ['a list item indented less than its list', 'spec:\n  containers:\n    - name: a\n  - name: b\n', 'yaml: line 3: did not find expected key'],
  ];
  it.each(cases)('%s', (_name, src, want) => {
    const r = parseYamlChunk(src);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(want);
  });
  it('keeps timestamps as strings and lets a duplicate key win last, as go-yaml does', () => {
    expect(parseYamlChunk('a: 2024-08-13T09:00:00Z\nb: 1\nb: 2\n')).toEqual({ ok: true, value: { a: '2024-08-13T09:00:00Z', b: 2 } });
  });
  it('splits documents at --- lines and drops empty ones', () => {
    const chunks = splitYamlDocuments('---\na: 1\n---\n\n---\nb: 2\n');
    expect(chunks.map((c) => c.text.trim())).toEqual(['a: 1', 'b: 2']);
  });
});

describe('Go JSON and YAML output', () => {
  it('sorts keys and indents with four spaces like json.MarshalIndent', () => {
    expect(goMarshalIndent({ b: 1, a: [1], c: {} })).toBe('{\n    "a": [\n        1\n    ],\n    "b": 1,\n    "c": {}\n}');
    expect(goMarshal({ b: '<x>', a: null })).toBe('{"a":null,"b":"\\u003cx\\u003e"}');
  });
  it('writes YAML as go-yaml v2: sorted keys, unindented sequences, quoted look-alikes', () => {
    const y = goYaml({ kind: 'Pod', metadata: { name: 'web', creationTimestamp: '2024-08-13T09:00:00Z', labels: { on: 'true' } }, spec: { containers: [{ name: 'web', image: 'nginx', args: ['-c', '*'] }] }, status: {} });
    expect(y).toBe(
      'kind: Pod\nmetadata:\n  creationTimestamp: "2024-08-13T09:00:00Z"\n  labels:\n    "on": "true"\n  name: web\nspec:\n  containers:\n  - args:\n    - -c\n    - \'*\'\n    image: nginx\n    name: web\nstatus: {}\n',
    );
  });
});

describe('shell word splitting', () => {
  it('handles quotes and escapes', () => {
    expect(shellSplit(`kubectl get pods -o jsonpath='{.items[*].metadata.name}' "a b" c\\ d`)).toEqual({
      ok: true,
      words: ['kubectl', 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}', 'a b', 'c d'],
    });
    expect(shellSplit(`echo 'x`).ok).toBe(false);
  });
});
