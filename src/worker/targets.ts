// Checks a command's targets before the session hands it to the cluster. A target the person got
// wrong is answered with an `error` (the terminal and menus show it); an exception from the cluster
// after this check is a bug and stops the worker (session.ts). The words are the ones Cluster uses.

import type { JournaledCommand } from '../protocol/view';
import type { Cluster } from '../sim/cluster';

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
    default:
      return undefined;
  }
}
