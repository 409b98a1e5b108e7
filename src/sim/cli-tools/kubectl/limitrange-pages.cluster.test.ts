// Two kubernetes.io task pages about a LimitRange's min and max, each run in its own namespace with
// its manifests (kubernetes/website content/en/examples/admin/resource/cpu-constraints*.yaml and
// memory-constraints*.yaml, the content unchanged) and its commands in order:
// - "Configure Minimum and Maximum CPU Constraints for a Namespace"
//   (https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/cpu-constraint-namespace/)
// - "Configure Minimum and Maximum Memory Constraints for a Namespace"
//   (https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/memory-constraint-namespace/)
// The LimitRange gets default and defaultRequest equal to max (SetDefaults_LimitRangeItem); a pod
// outside [min, max] is refused by the LimitRanger admission plugin. The pages' error lines end with
// a period, as LimitRanger's did before v1.2x; v1.31's messages have none. The pages apply each file
// from https://k8s.io/examples; here the same text comes in on stdin, so kubectl names it "STDIN".
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

interface Page {
  title: string;
  ns: string;
  resource: 'cpu' | 'memory';
  limitRange: [name: string, min: string, max: string];
  /** [pod name, limit, request] for pod.yaml, pod-2.yaml and pod-3.yaml. */
  pods: [string, string, string][];
  pod4: [name: string, image: string];
  refusals: [string, string];
  defaults: string;
}

const PAGES: Page[] = [
  {
    title: 'Configure Minimum and Maximum CPU Constraints for a Namespace',
    ns: 'constraints-cpu-example',
    resource: 'cpu',
    limitRange: ['cpu-min-max-demo-lr', '200m', '800m'],
    pods: [['constraints-cpu-demo', '800m', '500m'], ['constraints-cpu-demo-2', '1.5', '500m'], ['constraints-cpu-demo-3', '800m', '100m']],
    pod4: ['constraints-cpu-demo-4', 'vish/stress'],
    refusals: ['maximum cpu usage per Container is 800m, but limit is 1500m', 'minimum cpu usage per Container is 200m, but request is 100m'],
    defaults: '{"limits":{"cpu":"800m"},"requests":{"cpu":"800m"}}',
  },
  {
    title: 'Configure Minimum and Maximum Memory Constraints for a Namespace',
    ns: 'constraints-mem-example',
    resource: 'memory',
    limitRange: ['mem-min-max-demo-lr', '500Mi', '1Gi'],
    pods: [['constraints-mem-demo', '800Mi', '600Mi'], ['constraints-mem-demo-2', '1.5Gi', '800Mi'], ['constraints-mem-demo-3', '800Mi', '100Mi']],
    pod4: ['constraints-mem-demo-4', 'nginx'],
    refusals: ['maximum memory usage per Container is 1Gi, but limit is 1536Mi', 'minimum memory usage per Container is 500Mi, but request is 100Mi'],
    defaults: '{"limits":{"memory":"1Gi"},"requests":{"memory":"1Gi"}}',
  },
];

const limitRange = (p: Page): string =>
  `apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: ${p.limitRange[0]}\nspec:\n  limits:\n  - max:\n      ${p.resource}: "${p.limitRange[2]}"\n    min:\n      ${p.resource}: "${p.limitRange[1]}"\n    type: Container\n`;
const pod = (p: Page, [name, limit, request]: [string, string, string]): string =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: ${name}-ctr\n    image: nginx\n    resources:\n      limits:\n        ${p.resource}: "${limit}"\n      requests:\n        ${p.resource}: "${request}"\n`;
const pod4 = ([name, image]: [string, string]): string => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: ${name}-ctr\n    image: ${image}\n`;

describe.each(PAGES)('$title (kubernetes.io task page)', (p) => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 3_000);
  const ns = `--namespace=${p.ns}`;
  const apply = (yaml: string): { stdout: string; stderr: string } => c.run(`kubectl apply -f - ${ns}`, { stdin: yaml });

  it('creates the namespace and the LimitRange, which gets default and defaultRequest equal to max', () => {
    expect(c.run(`kubectl create namespace ${p.ns}`).stdout).toBe(`namespace/${p.ns} created\n`);
    expect(apply(limitRange(p)).stdout).toBe(`limitrange/${p.limitRange[0]} created\n`);
    const yaml = c.run(`kubectl get limitrange ${p.limitRange[0]} --output=yaml ${ns}`).stdout;
    const r = p.resource;
    const [, min, max] = p.limitRange;
    expect(yaml.slice(yaml.indexOf('spec:\n'))).toBe(
      `spec:\n  limits:\n  - default:\n      ${r}: ${max}\n    defaultRequest:\n      ${r}: ${max}\n    max:\n      ${r}: ${max}\n    min:\n      ${r}: ${min}\n    type: Container\n`,
    );
  });

  it('runs the pod within the constraints with the resources it asked for', () => {
    const first = p.pods[0]!;
    expect(apply(pod(p, first)).stdout).toBe(`pod/${first[0]} created\n`);
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run(`kubectl get pod ${first[0]} ${ns}`).stdout).toMatch(new RegExp(`^NAME +READY +STATUS +RESTARTS +AGE\\n${first[0]} +1/1 +Running +0 +\\d+s\\n$`));
    expect(c.run(`kubectl get pod ${first[0]} ${ns} -o jsonpath={.spec.containers[0].resources}`).stdout).toBe(
      `{"limits":{"${p.resource}":"${first[1]}"},"requests":{"${p.resource}":"${first[2]}"}}`,
    );
    expect(c.run(`kubectl delete pod ${first[0]} ${ns}`).stdout).toBe(`pod "${first[0]}" deleted\n`);
  });

  it('refuses the pod over the maximum and the pod under the minimum, in LimitRanger\'s words', () => {
    for (const [i, text] of p.refusals.entries()) {
      const [name] = p.pods[i + 1]!;
      expect(apply(pod(p, p.pods[i + 1]!)).stderr).toBe(`Error from server (Forbidden): error when creating "STDIN": pods "${name}" is forbidden: ${text}\n`);
    }
  });

  it('gives the pod that states nothing the default request and limit, and it runs', () => {
    const [name] = p.pod4;
    expect(apply(pod4(p.pod4)).stdout).toBe(`pod/${name} created\n`);
    expect(c.run(`kubectl get pod ${name} ${ns} --output=jsonpath={.spec.containers[0].resources}`).stdout).toBe(p.defaults);
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run(`kubectl get pod ${name} ${ns} --no-headers`).stdout).toMatch(new RegExp(`^${name} +1/1 +Running +0 +\\d+s\\n$`));
    expect(c.run(`kubectl delete pod ${name} ${ns}`).stdout).toBe(`pod "${name}" deleted\n`);
    expect(c.run(`kubectl delete namespace ${p.ns}`).stdout).toBe(`namespace "${p.ns}" deleted\n`);
  });
});
