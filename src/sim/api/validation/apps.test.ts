import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-error';
import { validateWorkload } from './apps';

const base = (spec: object): never => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec }) as never;
// Validation runs after defaulting, so a template has its restartPolicy and dnsPolicy by then.
const container = { name: 'nginx', image: 'nginx:1.25', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' };
const podSpec = { containers: [container], restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' };
const tmpl = { metadata: { labels: { app: 'web' } }, spec: podSpec };

// pkg/apis/apps/validation/validation.go ValidateDeploymentSpec, ValidatePodTemplateSpecForReplicaSet.
describe('validateWorkload', () => {
  it.each([
    ['accepts a selector that matches the template', { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: tmpl }, []],
    [
      'reports a missing selector and, since nil selects nothing, the template labels too',
      { replicas: 3, template: tmpl },
      ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`'],
    ],
    [
      'reports a selector that does not match the template labels',
      { replicas: 1, selector: { matchLabels: { app: 'api' } }, template: tmpl },
      ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`'],
    ],
    [
      'rejects negative replicas',
      { replicas: -1, selector: { matchLabels: { app: 'web' } }, template: tmpl },
      ['spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
    ],
  ])('%s', (_name, spec, want) => {
    expect(validateWorkload(base(spec), 'deployment').map(formatFieldError)).toEqual(want);
  });
});

// ValidatePodTemplateSpecForReplicaSet, ValidateDaemonSetSpec, ValidateStatefulSetSpec: the pod
// template is validated like a pod, and the controllers' pods restart Always.
describe('validateWorkload: the pod template', () => {
  const selector = { matchLabels: { app: 'web' } };
  it.each([
    ['a Deployment without containers', 'deployment', { selector, template: { metadata: tmpl.metadata, spec: { ...podSpec, containers: [] } } }, ['spec.template.spec.containers: Required value']],
    ['a DaemonSet with restartPolicy Never', 'daemonset', { selector, template: { metadata: tmpl.metadata, spec: { ...podSpec, restartPolicy: 'Never' } } }, ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    [
      'a StatefulSet whose template has an invalid label key',
      'statefulset',
      { selector, template: { metadata: { labels: { app: 'web', __proto__x: 'a' } }, spec: podSpec } },
      [
        "spec.template.labels: Invalid value: \"__proto__x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ],
    ],
    ['a ReplicaSet with a deadline', 'replicaset', { selector, template: { metadata: tmpl.metadata, spec: { ...podSpec, activeDeadlineSeconds: 5 } } }, ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported']],
  ] as const)('%s is refused', (_name, kind, spec, want) => {
    expect(validateWorkload(base(spec), kind).map(formatFieldError)).toEqual(want);
  });
});
