import { describe, expect, it } from 'vitest';
import { answeringStage, pipelineMarks, statusMessage, statusOf, statusReason } from './pipeline';

describe('the stage that answered a request, from the steps kube-apiserver recorded (src/sim/apiserver/respond.ts)', () => {
  const ok = (stage: string) => ({ stage, result: 'passed' as const, text: '' });
  const no = (stage: string) => ({ stage, result: 'failed' as const, text: '' });
  it.each([
    [401, [no('Authentication')], 'authentication'],
    [403, [ok('Authentication'), no('Authorization')], 'authorization'],
    [403, [ok('Authentication'), no('Impersonation')], 'authorization'],
    [403, [ok('Authentication'), ok('Authorization'), no('Admission')], 'admission'],
    [413, [ok('Authentication'), ok('Authorization'), no('Request body')], 'validation'],
    [422, [ok('Authentication'), ok('Authorization'), ok('Admission'), no('Validation')], 'validation'],
    [409, [ok('Authentication'), ok('Authorization'), ok('Admission'), ok('Validation'), no('Storage')], 'storage'],
    [201, [ok('Authentication'), ok('Authorization'), ok('Admission'), ok('Validation'), ok('Storage')], 'storage'],
    [404, [], 'storage'],
    [401, undefined, 'authentication'],
  ] as const)('%i %j -> %s', (status, steps, stage) => {
    expect(answeringStage(status, steps)).toBe(stage);
  });
});

describe('the pipeline marks', () => {
  it('a write refused by admission passed authentication and authorization and went no further', () => {
    expect(pipelineMarks('POST', 'admission', true)).toEqual({ authentication: 'pass', authorization: 'pass', admission: 'fail', validation: 'none', storage: 'none' });
  });
  it('a read skips admission and validation', () => {
    expect(pipelineMarks('GET', 'storage', false)).toEqual({ authentication: 'pass', authorization: 'pass', admission: 'skip', validation: 'skip', storage: 'pass' });
  });
  it('a read refused by RBAC never reached the stages after it', () => {
    expect(pipelineMarks('GET', 'authorization', true)).toEqual({ authentication: 'pass', authorization: 'fail', admission: 'none', validation: 'none', storage: 'none' });
  });
  it('a request without an answer yet waits', () => {
    expect(pipelineMarks('POST', undefined, false).authentication).toBe('wait');
  });
});

describe('reading a response summary', () => {
  it('splits the code, the reason and the message', () => {
    const s = '403 Forbidden: pods is forbidden: User "jane" cannot create resource "pods"';
    expect([statusOf(s), statusReason(s), statusMessage(s)]).toEqual([403, 'Forbidden', 'pods is forbidden: User "jane" cannot create resource "pods"']);
    expect([statusOf('201 Created pod/web'), statusReason('201 Created pod/web'), statusMessage('201 Created pod/web')]).toEqual([201, 'Created', '']);
    expect(statusOf('POST /api/v1/namespaces/default/pods')).toBeUndefined();
  });
});
