// `kubectl apply` hands back the fields an Invalid answer names (metav1.StatusCause.field) with the
// YAML document they came from, so the app's YAML tab can mark the offending lines (issue 11). The
// text on stderr stays what kubectl prints (kubectl/pkg/cmd/util/helpers.go: "The Pod "web" is
// invalid: spec.containers[0].image: Required value", as pkg/apis/core/validation's
// validateContainerCommon reports an empty image).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const CONFIG = `apiVersion: v1
kind: Namespace
metadata:
  name: dev
  labels:
    mode: demo
`;

const NO_IMAGE = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: nginx
`;

describe('kubectl apply: the fields of an Invalid answer', () => {
  it('names the field and the line where its document starts, beside the usual stderr', () => {
    const c = buildCluster({}, { seed: 11 });
    const out = c.run('kubectl apply -f -', { stdin: `${CONFIG}---\n${NO_IMAGE}` });
    expect(out.stdout).toBe('namespace/dev created\n');
    expect(out.stderr).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value\n');
    expect(out.exitCode).toBe(1);
    expect(out.fieldErrors).toEqual([{ source: 'STDIN', documentLine: 8, field: 'spec.containers[0].image', message: 'Required value' }]);
  });

  it('sends none when every object is created, configured or unchanged', () => {
    const c = buildCluster({}, { seed: 11 });
    const first = c.run('kubectl apply -f -', { stdin: CONFIG });
    expect(first.stdout).toBe('namespace/dev created\n');
    expect(first.fieldErrors).toBeUndefined();
    expect(c.run('kubectl apply -f -', { stdin: CONFIG }).stdout).toBe('namespace/dev unchanged\n');
    expect(c.run('kubectl apply -f -', { stdin: CONFIG.replace('demo', 'live') }).stdout).toBe('namespace/dev configured\n');
  });

  it('sends none for errors that are not Invalid (a Forbidden or a bad document)', () => {
    const c = buildCluster({}, { seed: 11 });
    const out = c.run('kubectl apply -f -', { stdin: 'apiVersion: v1\nkind: Pod\nmetadata: [\n' });
    expect(out.exitCode).toBe(1);
    expect(out.fieldErrors).toBeUndefined();
  });
});
