import { describe, expect, it } from 'vitest';
import { admissionPlugin, answeringStage, pipelineMarks, statusMessage, statusOf, statusReason } from './pipeline';

describe('the stage that answered a request, from its status (kube-apiserver filters and handlers)', () => {
  it.each([
    [401, 'Unauthorized', 'GET', false, 'authentication'],
    [403, 'pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"', 'POST', false, 'authorization'],
    [403, 'nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope', 'GET', false, 'authorization'],
    [403, 'users "admin" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope', 'GET', false, 'authorization'],
    [403, 'pods "x" is forbidden: maximum cpu usage per Container is 2, but limit is 4', 'POST', false, 'admission'],
    [404, 'namespaces "nope" not found', 'POST', false, 'admission'],
    [404, 'pods "web" not found', 'GET', false, 'storage'],
    [422, 'Pod "x" is invalid: spec.containers[0].image: Required value', 'POST', false, 'validation'],
    [400, 'the body of the request was in an unknown format', 'POST', false, 'validation'],
    [409, 'pods "web" already exists', 'POST', true, 'storage'],
    [504, 'etcdserver: request timed out', 'POST', true, 'storage'],
    [201, '', 'POST', true, 'storage'],
    [200, '', 'GET', false, 'storage'],
  ] as const)('%i %s (%s) -> %s', (status, message, method, etcd, stage) => {
    expect(answeringStage(status, message, method, etcd)).toBe(stage);
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
  it('names the admission plugin a rejection comes from', () => {
    expect(admissionPlugin('pods "x" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi')).toBe('LimitRanger');
    expect(admissionPlugin('pods "x" is forbidden: unable to create new content in namespace dev because it is being terminated')).toBe('NamespaceLifecycle');
    expect(admissionPlugin('pods "x" is forbidden: no PriorityClass with name high was found')).toBe('Priority');
    expect(admissionPlugin('something')).toBeUndefined();
  });
});
