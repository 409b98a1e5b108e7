// A scenario of N workers with a Deployment `web` of nginx pods, as the graph's readability and
// scale specs open it (graph-clusters.ts, graph-readable.spec.ts, scale-view.spec.ts). Each spec
// names its own scenario and sizes; the text is built here once.

export interface WorkersScenario {
  name: string;
  description: string;
  workers: number;
  replicas: number;
  seed?: number;
  /** etcd members, when more than the default one. */
  etcd?: number;
  /** Each node's fields after its name, e.g. `cpu: "8", memory: 32Gi, pods: 110`. */
  node?: string;
  /** The nginx container's `resources:` value, e.g. `{requests: {cpu: 10m, memory: 16Mi}}`. */
  resources?: string;
  /** More manifests applied with the Deployment, as plain YAML (each starts with `---`). */
  more?: string;
}

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

export function workersScenario(o: WorkersScenario): string {
  const nodes = Array.from({ length: o.workers }, (_, i) => `      - {name: worker-${i + 1}${o.node ? `, ${o.node}` : ''}}`).join('\n');
  const etcd = o.etcd && o.etcd > 1 ? `\n    etcd:\n      members: ${o.etcd}` : '';
  const resources = o.resources ? `\n                  resources: ${o.resources}` : '';
  const more = o.more ? `\n${indent(o.more.replace(/\n$/, ''), '        ')}` : '';
  return `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: ${o.name}
  description: ${o.description}
spec:
  seed: ${o.seed ?? 1}
  cluster:${etcd}
    nodes:
${nodes}
  steps:
    - at: 0s
      apply: |
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          replicas: ${o.replicas}
          selector:
            matchLabels: {app: web}
          template:
            metadata:
              labels: {app: web}
            spec:
              containers:
                - name: nginx
                  image: nginx:1.25${resources}${more}
`;
}
