// Paths and verbs as k8s.io/apiserver/pkg/endpoints/request/requestinfo.go resolves them.
import { describe, expect, it } from 'vitest';
import { isStatus } from '../api/types';
import { parseRequestInfo } from './requestinfo';

describe('parseRequestInfo', () => {
  const cases: [string, string, string, Record<string, string> | undefined, string][] = [
    ['a namespaced collection is a list', 'GET', '/api/v1/namespaces/default/pods', undefined, 'list pods ns=default name='],
    ['a name makes a get', 'GET', '/api/v1/namespaces/default/pods/web', undefined, 'get pods ns=default name=web'],
    ['watch=true makes a watch', 'GET', '/api/v1/pods', { watch: 'true' }, 'watch pods ns= name='],
    ['a POST to binding is a create on the subresource', 'POST', '/api/v1/namespaces/default/pods/web/binding', undefined, 'create pods/binding ns=default name=web'],
    ['a PUT to status is an update on the subresource', 'PUT', '/api/v1/nodes/worker-1/status', undefined, 'update nodes/status ns= name=worker-1'],
    ['a namespace is named, not namespaced', 'GET', '/api/v1/namespaces/kube-system', undefined, 'get namespaces ns= name=kube-system'],
    ['a group resource is found under /apis', 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1', undefined, 'update leases ns=kube-node-lease name=worker-1'],
    ['a DELETE with a name is a delete', 'DELETE', '/api/v1/namespaces/default/pods/web', undefined, 'delete pods ns=default name=web'],
  ];
  it.each(cases)('%s', (_n, method, path, query, want) => {
    const ri = parseRequestInfo({ method: method as 'GET', path, query });
    if (isStatus(ri)) throw new Error(ri.message);
    expect(`${ri.verb} ${ri.info.resource}${ri.subresource ? '/' + ri.subresource : ''} ns=${ri.namespace} name=${ri.name}`).toBe(want);
  });

  it.each(['/api/v1/foos', '/apis/apps/v1/foos', '/healthz', '/api/v1/namespaces/default/pods/web/exec/x'])(
    'answers %s with the NotFound handler text',
    (path) => {
      const ri = parseRequestInfo({ method: 'GET', path });
      expect(isStatus(ri) && ri.code === 404 && ri.message).toBe('the server could not find the requested resource');
    },
  );

  // requestinfo.go: a list or watch whose fieldSelector requires metadata.name=<x> is about <x>
  // (the kubelet's single-object watches are authorized by that name).
  it.each([
    ['metadata.name=game', 'game'],
    ['metadata.name==game,metadata.namespace=default', 'game'],
    ['metadata.name!=game', undefined],
    ['metadata.name=a/b', undefined],
    ['', undefined],
  ])('a list with fieldSelector %j names %s', (fieldSelector, want) => {
    const ri = parseRequestInfo({ method: 'GET', path: '/api/v1/namespaces/default/configmaps', query: { fieldSelector, watch: 'true' } });
    if (isStatus(ri)) throw new Error(ri.message);
    expect([ri.verb, ri.name, ri.selectorName]).toEqual(['watch', '', want]);
  });
});
