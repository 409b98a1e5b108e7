import { describe, expect, it } from 'vitest';
import { validateUpdate } from './index';
import { defaulted, messages, podManifest, POD } from './testing';
import { UPDATABLE_POD_SPEC_FIELDS } from './pod-update';
import type { KubeObject } from '../types';

const old = defaulted({ ...podManifest({ tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }] }) });

function withSpec(spec: Record<string, unknown>): KubeObject {
  return { ...old, spec: { ...(old.spec as object), ...spec } };
}

function withContainer(c: Record<string, unknown>): KubeObject {
  const containers = (old.spec as { containers: object[] }).containers;
  return withSpec({ containers: [{ ...containers[0], ...c }] });
}

// Source: ValidatePodUpdate, ValidateContainerUpdates and validateOnlyAddedTolerations in
// pkg/apis/core/validation/validation.go (v1.31); the Forbidden text as real clusters print it (e.g.
// `The Pod "resources-demo" is invalid: spec: Forbidden: pod updates may not change fields other than
// `spec.containers[*].image`,...`).
describe('validateUpdate for pods', () => {
  const forbiddenPrefix = `spec: Forbidden: pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}\n`;
  const cases: { name: string; next: KubeObject; errors: string[] | 'forbidden' }[] = [
    { name: 'an unchanged pod passes', next: old, errors: [] },
    { name: 'a new image passes', next: withContainer({ image: 'nginx:1.26' }), errors: [] },
    { name: 'setting activeDeadlineSeconds passes', next: withSpec({ activeDeadlineSeconds: 60 }), errors: [] },
    {
      name: 'adding a toleration passes',
      next: withSpec({ tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }, { key: 'b', operator: 'Exists' }] }),
      errors: [],
    },
    { name: 'new labels pass', next: { ...old, metadata: { ...old.metadata, labels: { app: 'web' } } }, errors: [] },
    { name: 'changing a container port is forbidden', next: withContainer({ ports: [{ containerPort: 8080, protocol: 'TCP' }] }), errors: 'forbidden' },
    { name: 'changing the restart policy is forbidden', next: withSpec({ restartPolicy: 'Never' }), errors: 'forbidden' },
    {
      name: 'removing a toleration is forbidden with its own message',
      next: withSpec({ tolerations: [] }),
      errors: ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'],
    },
    {
      name: 'adding a container stops at the container count',
      next: withSpec({ containers: [...(old.spec as { containers: object[] }).containers, { name: 'b', image: 'b', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' }] }),
      errors: ['spec.containers: Forbidden: pod updates may not add or remove containers'],
    },
    {
      name: 'renaming the pod is an immutable field',
      next: { ...old, metadata: { ...old.metadata, name: 'other' } },
      errors: ['metadata.name: Invalid value: "other": field is immutable'],
    },
  ];
  it.each(cases)('$name', ({ next, errors }) => {
    const got = messages(validateUpdate(POD, next, old));
    if (errors === 'forbidden') {
      expect(got).toHaveLength(1);
      expect(got[0]!.startsWith(forbiddenPrefix)).toBe(true);
      expect(got[0]).toContain('  core.PodSpec{');
    } else {
      expect(got).toEqual(errors);
    }
  });

  it('raising activeDeadlineSeconds above the previous value is invalid', () => {
    const before = defaulted(podManifest({ activeDeadlineSeconds: 60 }));
    const after = { ...before, spec: { ...(before.spec as object), activeDeadlineSeconds: 120 } };
    expect(messages(validateUpdate(POD, after, before))).toEqual(['spec.activeDeadlineSeconds: Invalid value: 120: must be less than or equal to previous value']);
  });

  it('names the changed field in the diff', () => {
    const [msg] = messages(validateUpdate(POD, withSpec({ restartPolicy: 'Never' }), old));
    expect(msg).toContain('- \tRestartPolicy: "Always",\n+ \tRestartPolicy: "Never",');
  });
});
