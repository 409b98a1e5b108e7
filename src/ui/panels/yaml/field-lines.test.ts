// Field paths as the apiserver prints them (k8s.io/apimachinery/pkg/util/validation/field/path.go:
// `.name` for a field, `[3]` for an index, `[key]` for a map key), resolved to lines of the applied YAML.

import { describe, expect, it } from 'vitest';
import { fieldRange, splitFieldPath } from './field-lines';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app.kubernetes.io/name: web
spec:
  containers:
    - name: nginx
      image: ""
    - name: sidecar
      image: busybox
      ports:
        - containerPort: 99999
`;

describe('splitFieldPath', () => {
  it.each([
    ['spec.containers[0].image', ['spec', 'containers', 0, 'image']],
    ['metadata.labels[app.kubernetes.io/name]', ['metadata', 'labels', 'app.kubernetes.io/name']],
    ['metadata.name', ['metadata', 'name']],
  ])('splits %s', (field, steps) => {
    expect(splitFieldPath(field)).toEqual(steps);
  });
});

describe('fieldRange', () => {
  it('marks the key of a field that is there', () => {
    expect(fieldRange(POD, 1, 'spec.containers[0].image')).toEqual({ startLineNumber: 10, startColumn: 7, endLineNumber: 10, endColumn: 12 });
  });

  it('follows list indexes past the first item', () => {
    expect(fieldRange(POD, 1, 'spec.containers[1].ports[0].containerPort')?.startLineNumber).toBe(14);
  });

  it('finds a map key written in brackets', () => {
    expect(fieldRange(POD, 1, 'metadata.labels[app.kubernetes.io/name]')?.startLineNumber).toBe(6);
  });

  it('marks the closest thing there when the field is missing (Required value)', () => {
    const noImage = POD.replace('      image: ""\n', '');
    // containers[0] is the `- name: nginx` item on line 9.
    expect(fieldRange(noImage, 1, 'spec.containers[0].image')?.startLineNumber).toBe(9);
  });

  it('looks in the document that starts at the given line', () => {
    const two = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n---\n${POD}`;
    expect(fieldRange(two, 6, 'metadata.name')?.startLineNumber).toBe(9);
    expect(fieldRange(two, 1, 'metadata.name')?.startLineNumber).toBe(4);
  });

  it('gives nothing when not even the first step is in the text (it was edited since)', () => {
    expect(fieldRange('kind: Pod\n', 1, 'spec.containers[0].image')).toBeUndefined();
    expect(fieldRange(POD, 40, 'metadata.name')).toBeUndefined();
  });
});
