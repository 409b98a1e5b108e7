import { describe, expect, it } from 'vitest';
import { transportError, urlError } from './transport-error';

// The err= texts of kubelet and controller logs when kube-apiserver is down are Go url.Error
// strings (net/url: `Op "URL": Err`), as seen in kubelet journals on a kubeadm node.
describe('transportError', () => {
  it('formats a refused PUT as client-go does, with the timeout query', () => {
    expect(transportError({ method: 'PUT', path: '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1' }, '10.0.0.10:6443', 'refused')).toBe(
      'Put "https://10.0.0.10:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s": dial tcp 10.0.0.10:6443: connect: connection refused',
    );
  });

  it('appends the timeout to an existing query and reports a silent server as a deadline', () => {
    expect(transportError({ method: 'GET', path: '/api/v1/nodes/worker-1?resourceVersion=0' }, '10.0.0.10:6443', 'timeout')).toBe(
      'Get "https://10.0.0.10:6443/api/v1/nodes/worker-1?resourceVersion=0&timeout=10s": context deadline exceeded',
    );
  });
});

// A reflector's failed LIST names its whole URL, query encoded as Go's url.Values.Encode does
// (keys sorted, `=`, `,` and `!` escaped), as kubelet journals show during an apiserver outage.
describe('urlError', () => {
  it('encodes the query as Go does', () => {
    expect(urlError('GET', '10.0.0.10:6443', '/api/v1/pods', { resourceVersion: '0', limit: '500', fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed' }, 'refused')).toBe(
      'Get "https://10.0.0.10:6443/api/v1/pods?fieldSelector=status.phase%21%3DSucceeded%2Cstatus.phase%21%3DFailed&limit=500&resourceVersion=0": dial tcp 10.0.0.10:6443: connect: connection refused',
    );
  });
});
