// A container's environment as its process sees it: PATH and HOSTNAME first, then the image's ENV,
// then the CRI config's envs (kubelet's makeEnvironmentVariables), a later name replacing an earlier
// one (OCI runtime-spec process.env). The pairs are shared between containers (issue 14, memory per pod).
import { describe, expect, it } from 'vitest';
import { processEnv } from './exec-cri';
import type { ContainerConfig } from './cri';

const config = (envs: { key: string; value: string }[]): ContainerConfig => ({ name: 'c', attempt: 0, image: 'busybox:1.36', labels: {}, envs });

describe('processEnv', () => {
  it('lists PATH, HOSTNAME, then the config envs, a repeated name keeping its place with the last value', () => {
    const env = processEnv(config([{ key: 'A', value: '1' }, { key: 'HOSTNAME', value: 'x' }, { key: 'A', value: '2' }]), 'web-1');
    expect(env[0]![0]).toBe('PATH');
    expect(env.slice(1)).toEqual([['HOSTNAME', 'x'], ['A', '2']]);
  });

  it('gives two containers the same frozen pair for the same name and value, and their own for their own', () => {
    const a = processEnv(config([{ key: 'KUBERNETES_SERVICE_HOST', value: '10.96.0.1' }]), 'web-1');
    const b = processEnv(config([{ key: 'KUBERNETES_SERVICE_HOST', value: '10.96.0.1' }]), 'web-2');
    const pair = (env: [string, string][], k: string) => env.find(([n]) => n === k)!;
    expect(pair(a, 'KUBERNETES_SERVICE_HOST')).toBe(pair(b, 'KUBERNETES_SERVICE_HOST'));
    expect(Object.isFrozen(pair(a, 'KUBERNETES_SERVICE_HOST'))).toBe(true);
    expect(pair(a, 'HOSTNAME')).toEqual(['HOSTNAME', 'web-1']);
    expect(pair(b, 'HOSTNAME')).toEqual(['HOSTNAME', 'web-2']);
  });
});
