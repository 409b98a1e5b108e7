// The `kubernetes` Service in the default namespace, which kube-apiserver's bootstrap controller
// (pkg/controlplane/controller/kubernetesservice) keeps, with the EndpointSlice its endpoint
// reconciler writes: every Pod reaches the apiserver at 10.96.0.1:443, which kube-proxy rewrites to
// the advertise address on 6443.

import { rfc3339 } from '../api/time';
import type { KubeObject } from '../api/types';
import { KUBERNETES_SERVICE_IP } from './registry/service-alloc';
import { newUID } from './registry/strategy';

export function kubernetesService(now: number, rand: () => number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      uid: newUID(rand),
      creationTimestamp: rfc3339(now),
      labels: { component: 'apiserver', provider: 'kubernetes' },
    },
    spec: {
      clusterIP: KUBERNETES_SERVICE_IP,
      clusterIPs: [KUBERNETES_SERVICE_IP],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  };
}

export function kubernetesEndpointSlice(now: number, rand: () => number, advertiseAddress: string): KubeObject {
  return {
    addressType: 'IPv4',
    apiVersion: 'discovery.k8s.io/v1',
    endpoints: [{ addresses: [advertiseAddress], conditions: { ready: true } }],
    kind: 'EndpointSlice',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      uid: newUID(rand),
      creationTimestamp: rfc3339(now),
      labels: { 'kubernetes.io/service-name': 'kubernetes' },
    },
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  };
}

/**
 * The `kubernetes` Endpoints the endpoint reconciler keeps beside the slice (v1.31 still writes
 * both); it is labelled so that the EndpointSlice mirroring controller leaves it alone.
 */
export function kubernetesEndpoints(now: number, rand: () => number, advertiseAddress: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      uid: newUID(rand),
      creationTimestamp: rfc3339(now),
      labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' },
    },
    subsets: [{ addresses: [{ ip: advertiseAddress }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  } as KubeObject;
}
