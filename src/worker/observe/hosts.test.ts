import { describe, expect, it } from 'vitest';
import { hostRole } from './hosts';

describe('hostRole', () => {
  it.each([
    ['control-plane', 'control-plane'],
    ['laptop', 'client'],
    ['registry-1.docker.io', 'registry'],
    ['worker-1', 'worker'],
    // kubeadm's external etcd topology: a host per member.
    ['etcd-1', 'etcd'],
    ['etcd-7', 'etcd'],
    ['etcd-one', 'worker'],
  ] as const)('draws host %s as %s', (name, role) => {
    expect(hostRole(name, new Set())).toBe(role);
  });
});
