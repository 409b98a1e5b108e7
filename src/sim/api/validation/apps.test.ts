import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-error';
import { validateWorkload } from './apps';

const base = (spec: object): never => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec }) as never;
const tmpl = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } };

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
