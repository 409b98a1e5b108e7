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
  /** The pod's hostname when it has one with a subdomain (a StatefulSet's pods): DNS names it. */
  hostname?: string;
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

/** core/v1 EndpointAddress: a pod's IP, where it runs and which pod it is. */
export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: { kind: string; name: string; namespace?: string; uid?: string };
}

/** core/v1 EndpointPort (the Service port's name, the pod's port number). */
export interface EndpointsPort {
  name?: string;
  port: number;
  protocol?: string;
}

/** core/v1 EndpointSubset: addresses that all serve the same ports. */
export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointsPort[];
}

/** core/v1 Endpoints, named after its Service (the endpoints controller's, beside the slices). */
export interface Endpoints extends KubeObject {
  subsets?: EndpointSubset[];
}

/** The label that ties an EndpointSlice to its Service (discovery.LabelServiceName). */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
/** discovery.LabelManagedBy. */
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
