import { describe, expect, it } from 'vitest';
import { invalid } from './errors';
import { required, notSupported, invalid as invalidValue } from './field-error';

// Source: apimachinery pkg/api/errors NewInvalid (`%s %q is invalid: %v` over ToAggregate, causes with
// Type/ErrorBody/Field) and util/errors aggregate.Error (`[a, b]`, duplicates dropped).
describe('invalid', () => {
  it('prints one error bare, without the "The" kubectl adds', () => {
    const s = invalid('Pod', '', 'kuard', [required('spec.containers')]);
    expect(s.code).toBe(422);
    expect(s.reason).toBe('Invalid');
    expect(s.message).toBe('Pod "kuard" is invalid: spec.containers: Required value');
    expect(s.details).toEqual({ name: 'kuard', group: undefined, kind: 'Pod', causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers' }] });
  });

  it('prints several errors as a bracketed list and drops duplicates', () => {
    const errs = [required('metadata.name', 'name or generateName is required'), notSupported('spec.restartPolicy', 'No', ['Always', 'OnFailure', 'Never']), required('metadata.name', 'name or generateName is required')];
    expect(invalid('Pod', '', '', errs).message).toBe(
      'Pod "" is invalid: [metadata.name: Required value: name or generateName is required, spec.restartPolicy: Unsupported value: "No": supported values: "Always", "OnFailure", "Never"]',
    );
  });

  it('qualifies the kind with its group and names the cause types', () => {
    const s = invalid('Deployment', 'apps', 'd', [invalidValue('spec.replicas', -1, 'must be greater than or equal to 0')]);
    expect(s.message).toBe('Deployment.apps "d" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(s.details?.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'spec.replicas' }]);
  });
});
