// core/v1 Service and discovery.k8s.io/v1 EndpointSlice as plain JSON: the fields Kubeplay reads.

import type { KubeObject } from './types';

export interface ServicePort {
  name?: string;
  protocol?: string;
  port: number;
  targetPort?: number | string;
  nodePort?: number;
}

export interface ServiceSpec {
  type?: string;
  selector?: Record<string, string>;
  clusterIP?: string;
  clusterIPs?: string[];
  ports?: ServicePort[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  sessionAffinity?: string;
  internalTrafficPolicy?: string;
  externalIPs?: string[];
  externalName?: string;
  externalTrafficPolicy?: string;
  publishNotReadyAddresses?: boolean;
}

export interface Service extends KubeObject {
  spec: ServiceSpec;
}

export interface EndpointConditions {
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
}

export interface Endpoint {
  addresses: string[];
  conditions?: EndpointConditions;
  nodeName?: string;
  targetRef?: { kind: string; name: string; namespace?: string; uid?: string };
}

export interface EndpointPort {
  name?: string;
  port?: number;
  protocol?: string;
}

export interface EndpointSlice extends KubeObject {
  addressType: 'IPv4' | 'IPv6' | 'FQDN';
  endpoints: Endpoint[];
  ports?: EndpointPort[];
}

/** The label that ties an EndpointSlice to its Service (discovery.LabelServiceName). */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
/** discovery.LabelManagedBy. */
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
