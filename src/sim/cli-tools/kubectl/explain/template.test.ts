// The explain template port against hand-made OpenAPI v3 documents: what
// kubectl/pkg/explain/v2/templates/plaintext.tmpl does with refs, allOf, arrays, maps, enums,
// required fields and cycles (its own tests, pkg/explain/v2/templates/plaintext_test.go, check the
// same cases), and go-wordwrap v1.0.1's WrapString.
import { describe, expect, it } from 'vitest';
import { renderExplain } from './template';
import { wrapString } from './wordwrap';

const DOC = {
  paths: {
    '/apis/example.com/v1/namespaces/{namespace}/widgets/{name}': {
      get: { 'x-kubernetes-group-version-kind': { group: 'example.com', kind: 'Widget', version: 'v1' } },
    },
  },
  components: {
    schemas: {
      'com.example.v1.Widget': {
        description: 'A widget.',
        'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Widget', version: 'v1' }],
        required: ['spec'],
        properties: {
          spec: { allOf: [{ $ref: '#/components/schemas/com.example.v1.Spec' }], description: 'The spec.' },
          tags: { type: 'object', additionalProperties: { type: 'string' } },
          mode: { type: 'string', enum: ['', 'A', 'B', 'C', 'D', 'E'], description: 'The mode.' },
        },
      },
      'com.example.v1.Spec': {
        description: 'Spec of a widget.',
        type: 'object',
        properties: {
          parts: { type: 'array', items: { $ref: '#/components/schemas/com.example.v1.Spec' } },
          size: { $ref: '#/components/schemas/com.example.Quantity' },
        },
      },
      'com.example.Quantity': { type: 'string', description: 'A quantity.' },
    },
  },
};
const REQ = { group: 'example.com', version: 'v1', resource: 'widgets', fieldPath: [] as string[], recursive: false };

describe('kubectl explain template (plaintext.tmpl)', () => {
  it('prints GROUP/KIND/VERSION, the description, and each field with its type guess, -required- and enum', () => {
    expect(renderExplain(DOC, REQ)).toEqual({
      out:
        'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\nDESCRIPTION:\n    A widget.\n    \nFIELDS:\n' +
        '  mode\t<string>\n  enum: "", A, B, C, ....\n    The mode.\n\n' +
        '  spec\t<Spec> -required-\n    The spec.\n\n' +
        '  tags\t<map[string]string>\n    <no description>\n\n\n',
    });
  });

  it('follows a field through allOf and array items; a ref to a string is its type; --recursive stops at a cycle', () => {
    const r = renderExplain(DOC, { ...REQ, fieldPath: ['spec', 'parts'], recursive: true });
    expect(r.out).toBe(
      'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\nFIELD: parts <[]Spec>\n\n\nDESCRIPTION:\n    Spec of a widget.\n    \nFIELDS:\n' +
        '  parts\t<[]Spec>\n  size\t<string>\n\n',
    );
    expect(renderExplain(DOC, { ...REQ, fieldPath: ['mode'] }).out).toContain('FIELD: mode <string>\nENUM:\n    ""\n    A\n    B\n    C\n    D\n    E\n\n');
  });

  it('keeps the header on stdout and names the missing field; an unknown resource is a GVR error', () => {
    expect(renderExplain(DOC, { ...REQ, fieldPath: ['spec', 'nope'] })).toEqual({
      out: 'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\n',
      error: 'error: field "nope" does not exist',
    });
    expect(renderExplain(DOC, { ...REQ, resource: 'gadgets' }).error).toBe('error: GVR (example.com/v1, Resource=gadgets) not found in OpenAPI schema');
  });
});

describe('go-wordwrap WrapString', () => {
  it('breaks at spaces before the limit, drops the spaces at a break, keeps long words and newlines', () => {
    expect(wrapString('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(wrapString('aaaaaaaaaa bb', 5)).toBe('aaaaaaaaaa\nbb');
    expect(wrapString('a b\nc d', 3)).toBe('a b\nc d');
    expect(wrapString('x', 0)).toBe('x');
  });
});
