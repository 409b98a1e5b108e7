// Checks a command's targets before the session hands it to the cluster. A target the person got
// wrong is answered with an `error` (the terminal and menus show it); an exception from the cluster
// after this check is a bug and stops the worker (session.ts). The words are the ones Cluster uses.

import type { JournaledCommand } from '../protocol/view';
import type { Cluster } from '../sim/cluster';
import type { ContainerdState } from '../sim/node/runtime/state';

/** Whether a container of pod <namespace>/<name> runs on some node (where a load generator can start). */
function podRunning(cluster: Cluster, namespace: string, name: string): boolean {
  for (const p of cluster.sim.world.processes.values()) {
    if (p.kind !== 'containerd' || !p.alive || !p.state) continue;
    const s = p.state as ContainerdState;
    for (const c of s.containers.values()) {
      const sb = s.sandboxes.get(c.podSandboxId);
      if (c.state === 'CONTAINER_RUNNING' && sb?.metadata.name === name && sb.metadata.namespace === namespace) return true;
    }
  }
  return false;
}

/** The traffic step's own checks (parse-steps.ts readTraffic), and a client pod that runs. */
function trafficError(cluster: Cluster, cmd: Extract<JournaledCommand, { type: 'traffic' }>): string | undefined {
  if (!Number.isInteger(cmd.rps) || cmd.rps < 1 || cmd.rps > 1000) return 'traffic takes 1 to 1000 requests a second';
  if (!Number.isFinite(cmd.durationMs) || cmd.durationMs <= 0 || cmd.durationMs > 600_000) return 'traffic runs for 1 ms to 10 minutes';
  if (!/^pod\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(cmd.from)) return `expected a pod, such as pod/client (got "${cmd.from}")`;
  if (!/^service\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?(:\d{1,5})?$/.test(cmd.to)) return `expected a Service, such as service/web (got "${cmd.to}")`;
  const ns = cmd.namespace ?? 'default';
  if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(ns)) return `expected a namespace name, such as default (got "${ns}")`;
  const pod = cmd.from.slice(4);
  if (!podRunning(cluster, ns, pod)) return ns === 'default' ? `pod ${pod} has no running container to send from` : `pod ${pod} in namespace ${ns} has no running container to send from`;
  return undefined;
}

/** Whether `kill`/`restart`/`start` can name this: `node/<host>`, an etcd host, or a process id. */
function isTarget(cluster: Cluster, target: string): boolean {
  if (target.startsWith('node/')) return cluster.sim.host(target.slice(5)) !== undefined;
  return cluster.sim.process(target) !== undefined || cluster.etcdHosts.includes(target);
}

/** Whether a partition can name this: a host (also as `node/<host>`) or a process on one. */
function isHostOrProcess(cluster: Cluster, x: string): boolean {
  const name = x.startsWith('node/') ? x.slice(5) : x;
  return cluster.sim.host(name) !== undefined || cluster.sim.process(x) !== undefined;
}

/** The error text for a command that names something the cluster does not have, or undefined. */
export function unknownTarget(cluster: Cluster, cmd: JournaledCommand): string | undefined {
  switch (cmd.type) {
    case 'kill':
    case 'restart':
    case 'start':
      if (isTarget(cluster, cmd.target)) return undefined;
      if (cmd.target.startsWith('node/')) return `unknown target "${cmd.target}": no node named ${cmd.target.slice(5)}`;
      return `unknown target "${cmd.target}"; targets are: ${cluster.targets().join(', ')}`;
    case 'link': {
      const bad = [cmd.latencyMs, cmd.jitterMs, cmd.loss].some((v) => v !== undefined && !(Number.isFinite(v) && v >= 0)) || (cmd.loss !== undefined && cmd.loss > 1);
      if (bad) return 'a link takes a latency and jitter of 0 ms or more and a loss between 0 and 1';
      const wrong = [...cmd.a, ...cmd.b].find((x) => !isHostOrProcess(cluster, x));
      return wrong === undefined ? undefined : `unknown target "${wrong}"`;
    }
    case 'partition': {
      const wrong = [...cmd.a, ...cmd.b].find((x) => !isHostOrProcess(cluster, x));
      return wrong === undefined ? undefined : `unknown target "${wrong}"`;
    }
    case 'traffic':
      return trafficError(cluster, cmd);
    default:
      return undefined;
  }
}
