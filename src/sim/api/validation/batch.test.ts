import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-error';
import { validateJob, validateJobSpecUpdate } from './batch';

// pkg/apis/batch/validation/validation.go validateJobSpec (v1.31): SetDefaults_PodSpec leaves a
// template without restartPolicy at Always, which a Job refuses with "Required value".
const job = (spec: object): never => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default' }, spec }) as never;
const selector = { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } };
const labels = { 'batch.kubernetes.io/controller-uid': 'u1' };
const container = { name: 'pi', image: 'perl:5.34', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' };
const podSpec = (restartPolicy: string) => ({ containers: [container], restartPolicy, dnsPolicy: 'ClusterFirst' });

describe('validateJob', () => {
  it.each([
    ['accepts restartPolicy Never', { selector, template: { metadata: { labels }, spec: podSpec('Never') } }, []],
    ['refuses the defaulted Always', { selector, template: { metadata: { labels }, spec: podSpec('Always') } }, ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    [
      'refuses a Job whose template has no containers and a negative backoffLimit',
      { selector, backoffLimit: -1, template: { metadata: { labels }, spec: { ...podSpec('Never'), containers: [] } } },
      ['spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0', 'spec.template.spec.containers: Required value'],
    ],
  ])('%s', (_name, spec, want) => {
    expect(validateJob(job(spec)).map(formatFieldError)).toEqual(want);
  });
});

// ValidateJobSpecUpdate (validation.go, v1.31): a Job's pod template, selector and completions are
// immutable; the apiserver answers `spec.template: Invalid value: ...: field is immutable`.
describe('validateJobSpecUpdate', () => {
  const spec = { selector, completions: 1, template: { metadata: { labels }, spec: podSpec('Never') } };
  it('accepts an update that leaves the template alone', () => {
    expect(validateJobSpecUpdate({ ...spec, backoffLimit: 2 } as never, spec as never)).toEqual([]);
  });
  it('refuses a new image in the template and changed completions', () => {
    const changed = { ...spec, completions: 2, template: { metadata: { labels }, spec: { ...podSpec('Never'), containers: [{ ...container, image: 'perl:5.36' }] } } };
    const errs = validateJobSpecUpdate(changed as never, spec as never).map(formatFieldError);
    expect(errs[0]).toBe('spec.completions: Invalid value: 2: field is immutable');
    expect(errs[1]).toMatch(/^spec\.template: Invalid value: .*"perl:5\.36".*: field is immutable$/);
    expect(errs).toHaveLength(2);
  });
});
