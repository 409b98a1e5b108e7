// The processes of the cluster as the UI draws them, with a few facts each that a learner can read
// off the graph (an etcd member's role and term, how many pods a kubelet runs). Every fact is a
// cheap read of the process's own state: Map sizes and counters, never a walk over objects.

import type { ComponentView } from '../../protocol/view';
import type { ApiserverState } from '../../sim/apiserver/state';
import type { EtcdDataDir, EtcdMemberState } from '../../sim/etcd/member';
import { countInRange } from '../../sim/etcd/mvcc/sorted-keys';
import { roleOf } from '../../sim/etcd/member-raft';
import type { ProcessState, Simulation } from '../../sim/kernel/simulation';
import type { KubeletState } from '../../sim/node/kubelet/state';
import { kernelRules, type KubeProxyState } from '../../sim/node/kube-proxy/kube-proxy';
import type { ContainerdState } from '../../sim/node/runtime/state';
import { ipvsOf, netfilterOf } from '../../sim/node/kernel/packet-path';
import type { SchedulerState } from '../../sim/scheduler/scheduler';

export type Detail = ComponentView['detail'];

function etcdDetail(p: ProcessState): Detail {
  const s = p.state as EtcdMemberState | undefined;
  const store = s?.store ?? (p.persisted as EtcdDataDir | undefined)?.store;
  const d: Detail = {};
  // A lone member is its own quorum and leads from the start; in a cluster, Raft says.
  if (s) {
    d.role = s.raft ? roleOf(s.raft) : 'leader';
    d.term = s.raftTerm;
    if (s.raft) d.leader = s.raft.lead;
  }
  if (store) {
    d.revision = store.revision;
    d.keys = countInRange(store.live, '', '\0');
    d.dbSizeInUseBytes = store.sizeInUseBytes;
  }
  return d;
}

function apiserverDetail(s: ApiserverState): Detail {
  return { synced: s.synced, watchers: s.watchers.size, requestsInProgress: s.requests.size };
}

function schedulerDetail(s: SchedulerState): Detail {
  return { queuedPods: s.queue.pods.size, schedulingCycle: s.queue.schedulingCycle };
}

function kubeletDetail(s: KubeletState): Detail {
  return { node: s.config.nodeName, registered: s.registered, pods: s.workers.size, runtimeUp: s.runtimeUp };
}

function containerdDetail(s: ContainerdState): Detail {
  return { sandboxes: s.sandboxes.size, containers: s.containers.size, pulling: s.pulls.size, images: s.images.size };
}

/** The rules in the node's kernel, which outlive kube-proxy (then they are stale), and its syncs. */
function kubeProxyDetail(p: ProcessState): Detail {
  const rules = kernelRules(p);
  const d: Detail = {};
  if (rules) {
    d.mode = rules.mode;
    d.servicePorts = rules.services.length;
    d.endpoints = rules.services.reduce((n, x) => n + x.endpoints.length, 0);
    // What proxy-cost.ts counts as the table's size (both cached per rules object by packet-path.ts).
    if (rules.mode === 'iptables') d.rules = netfilterOf(rules).ruleCount;
    else if (rules.mode === 'ipvs') d.rules = [...ipvsOf(rules).services.values()].reduce((n, vs) => n + 1 + vs.realServers.length, 0);
  }
  const s = p.alive ? (p.state as KubeProxyState | undefined) : undefined;
  if (s) d.syncs = s.syncs;
  return d;
}

/** The facts for one process; a dead process has no memory, so only what it persisted shows. */
export function componentDetail(p: ProcessState): Detail {
  if (p.kind === 'etcd') return etcdDetail(p);
  if (p.kind === 'kube-proxy') return kubeProxyDetail(p);
  if (!p.alive || p.state === undefined) return {};
  switch (p.kind) {
    case 'kube-apiserver':
      return apiserverDetail(p.state as ApiserverState);
    case 'kube-scheduler':
      return schedulerDetail(p.state as SchedulerState);
    case 'kubelet':
      return kubeletDetail(p.state as KubeletState);
    case 'containerd':
      return containerdDetail(p.state as ContainerdState);
    default:
      return {};
  }
}

export function componentView(p: ProcessState): ComponentView {
  return { id: p.id, kind: p.kind, host: p.host, alive: p.alive, incarnation: p.incarnation, detail: componentDetail(p) };
}

/** Every process, in the order cluster.ts added them. */
export function observeComponents(sim: Simulation): ComponentView[] {
  const out: ComponentView[] = [];
  for (const p of sim.world.processes.values()) out.push(componentView(p));
  return out;
}
