// The system ClusterRoles kube-apiserver reconciles at start-up, as data. Rules are transcribed from
// plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go, checked against its golden file
// testdata/cluster-roles.yaml. Only the roles Kubeplay's components and lessons need are here.

import type { ClusterRole, PolicyRule } from './rbac-types';
import { EVENTS_RULE, READ, clusterRole, nonResourceRule, rule } from './bootstrap-helpers';

/**
 * NodeRules(): what every kubelet may do. The system:node ClusterRole carries them, and the Node
 * authorizer evaluates them directly (the system:node binding has had no subjects since v1.8).
 */
export const NODE_RULES: PolicyRule[] = [
  rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
  rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews']),
  rule(READ, [''], ['services']),
  rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
  rule(['patch', 'update'], [''], ['nodes/status']),
  rule(['patch', 'update'], [''], ['nodes']),
  rule(['create', 'patch', 'update'], [''], ['events']),
  rule(READ, [''], ['pods']),
  // Mirror pods for static pods, and deleting pods the kubelet has finished terminating.
  rule(['create', 'delete'], [''], ['pods']),
  rule(['patch', 'update'], [''], ['pods/status']),
  rule(['create'], [''], ['pods/eviction']),
  rule(READ, [''], ['configmaps', 'secrets']),
  rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
  rule(['get'], [''], ['endpoints']),
  rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
  rule(['create', 'delete', 'get', 'patch', 'update'], ['coordination.k8s.io'], ['leases']),
  rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
  rule(['create'], [''], ['serviceaccounts/token']),
  rule(['get', 'patch', 'update'], [''], ['persistentvolumeclaims/status']),
  rule(READ, ['storage.k8s.io'], ['csidrivers']),
  rule(['create', 'delete', 'get', 'patch', 'update'], ['storage.k8s.io'], ['csinodes']),
  rule(READ, ['node.k8s.io'], ['runtimeclasses']),
];

/** The rules of system:kube-scheduler. It may bind pods and delete them (preemption), but not create pods. */
const KUBE_SCHEDULER_RULES: PolicyRule[] = [
  EVENTS_RULE,
  rule(['create'], ['coordination.k8s.io'], ['leases']),
  rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-scheduler']),
  rule(READ, [''], ['nodes']),
  rule(['delete', 'get', 'list', 'watch'], [''], ['pods']),
  rule(['create'], [''], ['bindings', 'pods/binding']),
  rule(['patch', 'update'], [''], ['pods/status']),
  rule(READ, [''], ['replicationcontrollers', 'services']),
  rule(READ, ['apps', 'extensions'], ['replicasets']),
  rule(READ, ['apps'], ['statefulsets']),
  rule(READ, ['policy'], ['poddisruptionbudgets']),
  rule(READ, [''], ['persistentvolumeclaims', 'persistentvolumes']),
  rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
  rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
  rule(READ, ['storage.k8s.io'], ['csinodes']),
  rule(READ, [''], ['namespaces']),
  rule(READ, ['storage.k8s.io'], ['csidrivers']),
  rule(READ, ['storage.k8s.io'], ['csistoragecapacities']),
];

/**
 * system:kube-controller-manager: deliberately small. With kubeadm's
 * --use-service-account-credentials=true each controller acts as its own service account
 * (system:serviceaccount:kube-system:replicaset-controller, ...) bound to system:controller:* roles.
 */
const KUBE_CONTROLLER_MANAGER_RULES: PolicyRule[] = [
  EVENTS_RULE,
  rule(['create'], ['coordination.k8s.io'], ['leases']),
  rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-controller-manager']),
  rule(['create'], [''], ['secrets', 'serviceaccounts']),
  rule(['delete'], [''], ['secrets']),
  rule(['get'], [''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
  rule(['update'], [''], ['secrets', 'serviceaccounts']),
  rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
  rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
  rule(['list', 'watch'], ['*'], ['*']),
  rule(['create'], [''], ['serviceaccounts/token']),
];

export function systemClusterRoles(): ClusterRole[] {
  return [
    clusterRole('cluster-admin', [rule(['*'], ['*'], ['*']), nonResourceRule(['*'], ['*'])]),
    clusterRole('system:discovery', [
      nonResourceRule(['get'], ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/']),
    ]),
    clusterRole('system:basic-user', [
      rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
      rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews']),
    ]),
    clusterRole('system:public-info-viewer', [nonResourceRule(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/'])]),
    clusterRole('system:monitoring', [
      nonResourceRule(['get'], ['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*']),
    ]),
    clusterRole('system:node', NODE_RULES),
    clusterRole('system:node-proxier', [
      rule(['list', 'watch'], [''], ['endpoints', 'services']),
      rule(READ, [''], ['nodes']),
      EVENTS_RULE,
      rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
    ]),
    clusterRole('system:kube-scheduler', KUBE_SCHEDULER_RULES),
    clusterRole('system:volume-scheduler', [
      rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumes']),
      rule(READ, ['storage.k8s.io'], ['storageclasses']),
      rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    ]),
    clusterRole('system:kube-controller-manager', KUBE_CONTROLLER_MANAGER_RULES),
  ];
}
