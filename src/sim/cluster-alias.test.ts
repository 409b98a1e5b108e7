import { describe, expect, it } from 'vitest';
import { buildCluster } from './cluster';

// Issue 11: `k` works as kubectl, as the CKA's environment and kubectl's docs ("alias k=kubectl") set up.
describe('the laptop shell', () => {
  it('runs `k` as kubectl, and still answers an unknown command as a shell would', () => {
    const c = buildCluster({}, { seed: 1 });
    expect(c.run('k get nodes -o name')).toMatchObject({ stdout: 'node/control-plane\nnode/worker-1\nnode/worker-2\nnode/worker-3\n', exitCode: 0 });
    expect(c.run('kk get nodes')).toMatchObject({ stderr: 'kk: command not found\n', exitCode: 127 });
  });
});
