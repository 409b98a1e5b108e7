// More repositories the kubernetes.io tasks and tutorials, kubernetes/examples and the Docker
// Official Images use, beside the ones in catalogue.ts, so their manifests pull unchanged. Tags are
// real tags of each repository; sizes are approximate compressed linux/amd64 sizes. Digests are
// the real ones only for the few tags published-digests.ts lists (checked in public sources); for
// the rest the registry derives a stable stand-in (digest.ts, `manifest:<name>`).
// A repository or tag not listed here or in catalogue.ts fails to pull as on Docker Hub.

import type { RepositoryEntry } from './catalogue';

const MB = 1_000_000;
const tags = (names: string[], size: number): Record<string, number> => Object.fromEntries(names.map((t) => [t, size]));
const server = (ports: number[], logs: [('stdout' | 'stderr'), string][] = [], http = true): RepositoryEntry['behaviour'] =>
  (http ? { kind: 'server', ports, logs, http: { okPaths: ['*'] } } : { kind: 'server', ports, logs });

export const DOCS_CATALOGUE: Record<string, RepositoryEntry> = {
  // Tutorials: Kubernetes Basics (hello-app), "Use a Service to access an application" (node-hello).
  'gcr.io/google-samples/hello-app': { tags: tags(['1.0', '2.0'], 11 * MB + 200_000), behaviour: server([8080], [['stdout', '{nginxTime} Server listening on port 8080']]) },
  'us-docker.pkg.dev/google-samples/containers/gke/hello-app': { tags: tags(['1.0', '2.0'], 11 * MB + 200_000), behaviour: server([8080], [['stdout', '{nginxTime} Server listening on port 8080']]) },
  'gcr.io/google-samples/node-hello': { tags: tags(['1.0'], 247 * MB), behaviour: server([8080]) },
  // Tasks: "Debugging DNS Resolution" (dnsutils), e2e busybox.
  'registry.k8s.io/e2e-test-images/jessie-dnsutils': { tags: tags(['1.3', '1.7'], 96 * MB), behaviour: { kind: 'shell' } },
  'registry.k8s.io/e2e-test-images/busybox': { tags: tags(['1.29-1', '1.29-2', '1.29-4', '1.36.1-1'], 1 * MB + 400_000), behaviour: { kind: 'shell' } },
  'registry.k8s.io/e2e-test-images/nginx': { tags: tags(['1.14-2', '1.15-4'], 6 * MB + 900_000), behaviour: server([80]) },
  // Tutorials: ZooKeeper StatefulSet, replicated MySQL (xtrabackup), Cassandra.
  'registry.k8s.io/kubernetes-zookeeper': { tags: tags(['1.0-3.4.10'], 105 * MB), behaviour: server([2181, 2888, 3888], [], false) },
  'gcr.io/google-samples/xtrabackup': { tags: tags(['1.0'], 119 * MB), behaviour: { kind: 'shell' } },
  'gcr.io/google-samples/cassandra': { tags: tags(['v13', 'v14'], 140 * MB), behaviour: server([7000, 7001, 7199, 9042], [], false) },
  // Kubernetes Up & Running's demo app, common in workshops.
  'gcr.io/kuar-demo/kuard-amd64': { tags: tags(['blue', 'green', 'purple', '1', '2', '3'], 9 * MB + 400_000), behaviour: server([8080]) },
  // The old k8s.gcr.io names some pages and many blog posts still use (it redirects to registry.k8s.io).
  'k8s.gcr.io/busybox': { tags: tags(['latest', '1.24'], 1 * MB + 300_000), behaviour: { kind: 'shell' } },
  'k8s.gcr.io/pause': { tags: tags(['3.1', '3.2', '3.5', '3.6', '3.9'], 300_000), behaviour: { kind: 'pause' } },
  'k8s.gcr.io/liveness': { tags: tags(['latest'], 2 * MB + 200_000), behaviour: { kind: 'agnhost' } },
  'k8s.gcr.io/nginx-slim': { tags: tags(['0.8', '0.27'], 50 * MB + 600_000), behaviour: server([80]) },
  // The DaemonSet concept page (controllers/daemonset.yaml) and the task "Perform a Rolling Update
  // on a DaemonSet" (controllers/fluentd-daemonset.yaml, fluentd-daemonset-update.yaml, and its
  // `kubectl set image ... fluentd:v2.6.0`); older versions of the pages used k8s.gcr.io's
  // fluentd-elasticsearch:1.20. fluentd tails the node's logs and serves nothing.
  'quay.io/fluentd_elasticsearch/fluentd': { tags: tags(['v2.5.2', 'v2.6.0', 'v2.7.0', 'v2.8.0', 'v2.9.0', 'v3.0.1', 'v3.4.0', 'v4.0.1', 'v5.0.1'], 140 * MB), behaviour: server([], [], false) },
  'k8s.gcr.io/fluentd-elasticsearch': { tags: tags(['1.20', '1.22'], 96 * MB), behaviour: server([], [], false) },
  'registry.k8s.io/fluentd-elasticsearch': { tags: tags(['1.20', '1.22'], 96 * MB), behaviour: server([], [], false) },
  // "Configure Minimum and Maximum CPU Constraints for a Namespace" (admin/resource/cpu-constraints-pod-4.yaml):
  // vish/stress with no flags allocates nothing and runs until stopped.
  'docker.io/vish/stress': { tags: tags(['latest'], 2 * MB + 300_000), behaviour: server([], [], false) },
  // Docker Official Images used by Job and StatefulSet examples and workshops.
  'docker.io/library/rabbitmq': { tags: tags(['latest', '3', '3-management', '3.13', '3.13-management'], 98 * MB), behaviour: server([5672, 15672], [], false) },
  // `latest` and `11` were 11.5.2 in Sep 2024, `11.4` 11.4.3, `10.11` and `10` 10.11.9; the entrypoint's check is mariadb-entrypoint.ts's.
  'docker.io/library/mariadb': {
    tags: tags(['latest', '11', '11.4', '10.11', '10'], 122 * MB),
    behaviour: { kind: 'server', ports: [3306], logs: [], version: '11.5.2', aliases: { '11.4': '11.4.3', '10.11': '10.11.9', '10': '10.11.9' }, startup: 'mariadb' },
  },
  'docker.io/library/php': { tags: tags(['latest', '8', '8.3', '8.3-apache', 'apache', '8.2-apache', '5-apache'], 187 * MB), behaviour: server([80]) },
  'docker.io/library/haproxy': { tags: tags(['latest', '3.0', '2.9', '2.8', 'lts'], 38 * MB), behaviour: server([80]) },
  'docker.io/library/caddy': { tags: tags(['latest', '2', '2.8'], 18 * MB + 600_000), behaviour: server([80, 443]) },
  'docker.io/library/registry': { tags: tags(['latest', '2', '2.8'], 9 * MB + 900_000), behaviour: server([5000]) },
  'docker.io/library/centos': { tags: tags(['latest', '7', 'centos7'], 72 * MB), behaviour: { kind: 'shell' } },
  'docker.io/library/fedora': { tags: tags(['latest', '40', '39'], 61 * MB), behaviour: { kind: 'shell' } },
  'docker.io/library/openjdk': { tags: tags(['latest', '21', '17', '11', '8'], 230 * MB), behaviour: { kind: 'shell' } },
  'docker.io/library/ruby': { tags: tags(['latest', '3', '3.3'], 360 * MB), behaviour: { kind: 'shell' } },
};
