import { describe, expect, it } from 'vitest';
import { validateCreate } from './index';
import { defaulted, info, messages } from './testing';
import type { KubeObject } from '../types';

const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

const event = (ns: string, involvedNs: string, name = 'nginx.17e9a3b2c4d5e6f7'): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: ns },
  involvedObject: { kind: 'Pod', name: 'nginx', namespace: involvedNs },
  reason: 'Scheduled',
  message: 'Successfully assigned default/nginx to worker-1',
  type: 'Normal',
});

// Sources: ValidateNode/validateNodeTaints, ValidateNamespace, legacyValidateEvent, ValidatePodBinding
// (pkg/apis/core/validation/validation.go), ValidateLease (pkg/apis/coordination/validation), v1.31.
describe('validateCreate for nodes, namespaces, leases, events and bindings', () => {
  const cases: { name: string; obj: KubeObject; errors: string[] }[] = [
    { name: 'a valid node passes', obj: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' }, spec: {} }, errors: [] },
    {
      name: 'a node may not have a namespace',
      obj: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1', namespace: 'default' }, spec: {} },
      errors: ['metadata.namespace: Forbidden: not allowed on this type'],
    },
    {
      name: 'a node taint needs a supported effect',
      obj: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } },
      errors: ['spec.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'],
    },
    {
      name: 'two taints with one key and effect are a duplicate',
      obj: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }] } },
      errors: ['spec.taints[1]: Duplicate value: core.Taint{Key:"k", Value:"v", Effect:"NoSchedule", TimeAdded:<nil>}: taints must be unique by key and effect pair'],
    },
    { name: 'a valid namespace passes', obj: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } }, errors: [] },
    {
      name: 'a namespace name is a DNS-1123 label, so dots are refused',
      obj: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team.a' } },
      errors: [`metadata.name: Invalid value: "team.a": ${LABEL}`],
    },
    {
      name: 'a valid lease passes',
      obj: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'worker-1', namespace: 'kube-node-lease' }, spec: { holderIdentity: 'worker-1', leaseDurationSeconds: 40 } },
      errors: [],
    },
    {
      name: 'a lease duration must be positive',
      obj: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'w', namespace: 'kube-node-lease' }, spec: { leaseDurationSeconds: 0 } },
      errors: ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0'],
    },
    { name: 'an event in its object namespace passes', obj: event('default', 'default'), errors: [] },
    {
      name: 'an event in another namespace than its object is refused',
      obj: event('kube-system', 'default'),
      errors: ['involvedObject.namespace: Invalid value: "default": does not match event.namespace'],
    },
    { name: 'an event name only has to be a path segment', obj: event('default', 'default', 'Nginx_Pod.1'), errors: [] },
    {
      name: 'a binding needs a target name',
      obj: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'nginx', namespace: 'default' }, target: { kind: 'Node' } },
      errors: ['target.name: Required value'],
    },
    {
      name: 'a binding target must be a Node',
      obj: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'nginx', namespace: 'default' }, target: { kind: 'Pod', name: 'x' } },
      errors: ['target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>"'],
    },
  ];
  it.each(cases)('$name', ({ obj, errors }) => {
    expect(messages(validateCreate(info(obj.apiVersion, obj.kind), defaulted(obj)))).toEqual(errors);
  });
});
