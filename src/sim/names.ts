// How the processes and hosts of a Kubeplay cluster are named. Process ids are the targets an
// operator names in a scenario (`kill: kube-scheduler`, `kill: kubelet/worker-1`).

import type { Credentials } from './api/http';
import type { ProcessId } from './kernel/units';

export const APISERVER: ProcessId = 'kube-apiserver';
export const SCHEDULER: ProcessId = 'kube-scheduler';
export const CONTROLLER_MANAGER: ProcessId = 'kube-controller-manager';
/** The standby instances on the second control-plane host (scenario `controlPlane: {standby: true}`). */
export const SCHEDULER_STANDBY: ProcessId = 'kube-scheduler-2';
export const CONTROLLER_MANAGER_STANDBY: ProcessId = 'kube-controller-manager-2';
export const STANDBY_CONTROL_PLANE_HOST = 'control-plane-2';
export const KUBECTL: ProcessId = 'kubectl';
export const REGISTRY: ProcessId = 'registry';

export const CONTROL_PLANE_HOST = 'control-plane';
export const KUBECTL_HOST = 'laptop';
export const REGISTRY_HOST = 'registry-1.docker.io';

export const etcdMemberId = (member: string): ProcessId => `etcd/${member}`;
export const kubeletId = (node: string): ProcessId => `kubelet/${node}`;
export const containerdId = (node: string): ProcessId => `containerd/${node}`;
export const cniId = (node: string): ProcessId => `cni/${node}`;
export const kubeProxyId = (node: string): ProcessId => `kube-proxy/${node}`;

/**
 * The identities the control plane's components present (client certificates, as kubeadm issues
 * them). The admin is kubeadm's admin.conf user, `kubernetes-admin`, as `kubeplay serve` names it
 * too, so `kubectl auth whoami` answers the same in the page and through a real kubectl.
 */
export const ADMIN_CREDENTIALS: Credentials = {
  clientCertificate: { commonName: 'kubernetes-admin', organizations: ['system:masters'] },
};
export const SCHEDULER_CREDENTIALS: Credentials = {
  clientCertificate: { commonName: 'system:kube-scheduler', organizations: [] },
};
export const CONTROLLER_MANAGER_CREDENTIALS: Credentials = {
  clientCertificate: { commonName: 'system:kube-controller-manager', organizations: [] },
};
export const nodeCredentials = (node: string): Credentials => ({
  clientCertificate: { commonName: `system:node:${node}`, organizations: ['system:nodes'] },
});

/** The apiserver's address as kubeconfig has it (kubectl prints it in connection errors). */
export const APISERVER_ADDRESS = '10.0.0.10:6443';
