// The kubernetes.io task page "Configure Default CPU Requests and Limits for a Namespace"
// (https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/cpu-default-namespace/),
// with its manifests (kubernetes/website content/en/examples/admin/resource/cpu-defaults.yaml and
// cpu-defaults-pod.yaml, -pod-2.yaml, -pod-3.yaml; note the unquoted numbers `cpu: 1` and
// `cpu: 0.5`) and its three cases: no CPU stated gets both defaults; a limit alone gets a request
// equal to it; a request alone gets the default limit (LimitRanger's defaulting).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const LIMIT_RANGE = `---
{
  apiVersion: "v1",
  kind: "LimitRange",
  metadata: {
    name: "cpu-limit-range",
  },
  spec: {
    limits: [{
      default: {
        cpu: 1,
      },
      defaultRequest: {
        cpu: 0.5,
      },
      type: "Container",
    }],
  },
}
`;

const pod = (name: string, resources: string): string => `---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "${name}",
  },
  spec: {
    containers: [{
      name: "${name}-ctr",
      image: "nginx",${resources}
    }],
  },
}
`;

const CASES: [file: string, name: string, resources: string, shown: string][] = [
  ['cpu-defaults-pod.yaml', 'default-cpu-demo', '', '{"limits":{"cpu":"1"},"requests":{"cpu":"500m"}}'],
  ['cpu-defaults-pod-2.yaml', 'default-cpu-demo-2', '\n      resources: {\n        limits: {\n          cpu: "1",\n        },\n      },', '{"limits":{"cpu":"1"},"requests":{"cpu":"1"}}'],
  ['cpu-defaults-pod-3.yaml', 'default-cpu-demo-3', '\n      resources: {\n        requests: {\n          cpu: "0.75",\n        },\n      },', '{"limits":{"cpu":"1"},"requests":{"cpu":"750m"}}'],
];

describe('Configure Default CPU Requests and Limits for a Namespace (kubernetes.io task page)', () => {
  // 2.25 CPU of requests in all: a worker with 4 CPU runs the three (the page: "might not be running" on smaller nodes).
  const c = buildCluster({ nodes: [{ name: 'worker-1', cpu: '4' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 3_000);
  const ns = '--namespace=default-cpu-example';

  it('creates the namespace and the LimitRange', () => {
    expect(c.run('kubectl create namespace default-cpu-example').stdout).toBe('namespace/default-cpu-example created\n');
    expect(c.run(`kubectl apply -f - ${ns}`, { stdin: LIMIT_RANGE }).stdout).toBe('limitrange/cpu-limit-range created\n');
    expect(c.run(`kubectl get limitrange cpu-limit-range ${ns} -o jsonpath={.spec.limits}`).stdout).toBe('[{"default":{"cpu":"1"},"defaultRequest":{"cpu":"500m"},"type":"Container"}]');
  });

  it.each(CASES)('%s: the pod gets the CPU the page shows', (_file, name, resources, shown) => {
    expect(c.run(`kubectl apply -f - ${ns}`, { stdin: pod(name, resources) }).stdout).toBe(`pod/${name} created\n`);
    expect(c.run(`kubectl get pod ${name} --output=jsonpath={.spec.containers[0].resources} ${ns}`).stdout).toBe(shown);
  });

  it('runs the three pods, and the namespace goes with them', () => {
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run(`kubectl get pods ${ns} --no-headers`).stdout).toMatch(/^(default-cpu-demo(-2|-3)? +1\/1 +Running +0 +\d+s\n){3}$/);
    expect(c.run('kubectl delete namespace default-cpu-example').stdout).toBe('namespace "default-cpu-example" deleted\n');
  });
});
