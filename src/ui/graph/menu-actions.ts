// The actions of the graph's context menu, and the real command each one stands for. Clicking teaches
// the commands (UX.md, "Interaction habits"): a kubectl action is run as that kubectl line; an action
// with no kubectl equivalent (stopping a kubelet, powering off a node) is carried out by the
// simulation and echoed in the terminal as the line an operator would type, `# ssh worker-2 -- ...`.

import type { ComponentView, HostView, ObjectView, UiToWorker } from '../../protocol/view';
import type { DockTab, Selection } from '../store/ui-store';
import { GRAPH_STRINGS, type GraphStrings } from './strings';

export type MenuItemId = 'kill' | 'restart' | 'start' | 'logs' | 'terminal' | 'partition' | 'partition-peers' | 'slow' | 'heal' | 'delete' | 'describe' | 'traffic';

export interface MenuItem {
  id: MenuItemId;
  label: string;
  /** Commands for the worker (kill/restart/start/partition/link/heal/logs). */
  send: UiToWorker[];
  /** A kubectl line to run as if typed (the terminal shows it and its output). */
  exec?: string;
  /** A line to show in the terminal: the real command for an action kubectl cannot do. */
  echo?: string;
  dockTab?: DockTab;
  /** Text typed at the terminal's prompt for the person to finish (`ssh worker-1 -- `). */
  prefill?: string;
  /** Dangerous actions are drawn in red. */
  danger?: boolean;
  /** Open this in the inspector, and focus the element with this data-testid there. */
  inspect?: { selection: Selection; focus: string };
}

export interface MenuContext {
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
  /** Host pairs whose link is slow or lossy (absent: none). */
  degraded?: [string, string][];
  /** The words of the labels and of the terminal's comments (default English; commands never change). */
  strings?: GraphStrings;
}

/** The slow network the menu makes: what `tc qdisc ... netem` on a real node would. */
export const SLOW_LINK = { latencyMs: 200, jitterMs: 50, loss: 0.05 };

/** The static pods kubeadm runs from /etc/kubernetes/manifests on the control plane. */
const STATIC_POD_KINDS: Record<string, string> = {
  'kube-apiserver': 'kube-apiserver',
  'kube-scheduler': 'kube-scheduler',
  'kube-controller-manager': 'kube-controller-manager',
  etcd: 'etcd',
};
/** The processes systemd runs on every node. */
const SYSTEMD_UNITS = new Set(['kubelet', 'containerd']);

function componentItems(c: ComponentView, ctx: MenuContext): MenuItem[] {
  const t = (ctx.strings ?? GRAPH_STRINGS.en).menu;
  const host = c.host;
  const hostUp = ctx.hosts[host]?.up ?? true;
  const target = c.id;
  let stop: string;
  let start: string;
  let restart: string;
  let logs: string;
  const manifest = STATIC_POD_KINDS[c.kind];
  if (manifest) {
    stop = `# ssh ${host} -- sudo mv /etc/kubernetes/manifests/${manifest}.yaml /etc/kubernetes/`;
    start = `# ssh ${host} -- sudo mv /etc/kubernetes/${manifest}.yaml /etc/kubernetes/manifests/`;
    restart = `# ssh ${host} -- sudo crictl stop $(sudo crictl ps -q --name ${manifest})`;
    // An external etcd member's host is no node of the cluster: its static pod has no mirror pod to ask kubectl for.
    logs = ctx.hosts[host]?.role === 'etcd' ? `# ssh ${host} -- sudo crictl logs $(sudo crictl ps -q --name etcd)` : `# kubectl -n kube-system logs ${manifest}-${host}`;
  } else if (SYSTEMD_UNITS.has(c.kind)) {
    stop = `# ssh ${host} -- sudo systemctl stop ${c.kind}`;
    start = `# ssh ${host} -- sudo systemctl start ${c.kind}`;
    restart = `# ssh ${host} -- sudo systemctl restart ${c.kind}`;
    logs = `# ssh ${host} -- journalctl -u ${c.kind}`;
  } else {
    const what = c.kind === 'registry' ? t.registryOutside : t.notAService(c.kind);
    stop = t.noCommand(what, 'stop', c.id);
    start = t.noCommand(what, 'start', c.id);
    restart = t.noCommand(what, 'restart', c.id);
    logs = t.logsOf(c.id);
  }
  const items: MenuItem[] = [];
  if (c.kind !== 'kubectl') {
    if (c.alive) {
      items.push({ id: 'kill', label: t.kill(c.kind), send: [{ type: 'kill', target }], echo: stop, dockTab: 'terminal', danger: true });
      items.push({ id: 'restart', label: t.restart(c.kind), send: [{ type: 'restart', target }], echo: restart, dockTab: 'terminal' });
    } else if (hostUp) {
      items.push({ id: 'start', label: t.start(c.kind), send: [{ type: 'start', target }], echo: start, dockTab: 'terminal' });
    }
    items.push({ id: 'logs', label: t.logs, send: [{ type: 'logs', process: target, tail: 200 }], echo: logs, dockTab: 'terminal' });
  }
  const role = ctx.hosts[host]?.role;
  if (role === 'worker' || role === 'control-plane' || role === 'etcd' || c.kind === 'kubectl') items.push(c.kind === 'kubectl' ? { id: 'terminal', label: t.openTerminal, send: [], dockTab: 'terminal' } : { id: 'terminal', label: t.openTerminalOn(host), send: [], dockTab: 'terminal', prefill: `ssh ${host} -- ` });
  return items;
}

function isCut(host: string, ctx: MenuContext): boolean {
  return ctx.partitions.some(([a, b]) => a === host || b === host) || (ctx.degraded ?? []).some(([a, b]) => a === host || b === host);
}

function hostItems(name: string, ctx: MenuContext): MenuItem[] {
  const t = (ctx.strings ?? GRAPH_STRINGS.en).menu;
  const h = ctx.hosts[name];
  const role = h?.role ?? 'worker';
  if (role === 'client') return [{ id: 'terminal', label: t.openTerminal, send: [], dockTab: 'terminal' }];
  const target = `node/${name}`;
  const items: MenuItem[] = [];
  if (h?.up ?? true) {
    items.push({ id: 'kill', label: t.powerOff(name), send: [{ type: 'kill', target }], echo: `# ssh ${name} -- sudo poweroff`, dockTab: 'terminal', danger: true });
    items.push({ id: 'restart', label: t.reboot(name), send: [{ type: 'restart', target }], echo: `# ssh ${name} -- sudo reboot`, dockTab: 'terminal' });
  } else {
    items.push({ id: 'start', label: t.powerOn(name), send: [{ type: 'start', target }], echo: t.poweredOff(name), dockTab: 'terminal' });
  }
  const cp = Object.values(ctx.hosts).find((x) => x.role === 'control-plane');
  const peers = role === 'etcd' ? Object.values(ctx.hosts).filter((x) => x.role === 'etcd' && x.id !== name) : [];
  if (!isCut(name, ctx) && peers.length) {
    // Raft's favourite experiment: a member that hears no leader starts elections (pre-votes) it cannot win.
    const rules = peers.map((p) => `-s ${p.address} -j DROP`).join(' && sudo iptables -A INPUT ');
    items.push({
      id: 'partition-peers',
      label: t.partitionPeers,
      send: [{ type: 'partition', a: [name], b: peers.map((p) => p.id) }],
      echo: `# ssh ${name} -- sudo iptables -A INPUT ${rules}`,
      dockTab: 'terminal',
      danger: true,
    });
  }
  if (isCut(name, ctx)) {
    const cut = ctx.partitions.some(([a, b]) => a === name || b === name);
    const slow = (ctx.degraded ?? []).some(([a, b]) => a === name || b === name);
    const undo = [cut ? 'sudo iptables -F' : '', slow ? 'sudo tc qdisc del dev eth0 root' : ''].filter(Boolean).join(' && ');
    items.push({ id: 'heal', label: t.heal, send: [{ type: 'heal' }], echo: `# ssh ${name} -- ${undo}`, dockTab: 'terminal' });
  } else if (cp && cp.id !== name) {
    const ip = cp.address;
    items.push({
      id: 'slow',
      label: t.slow,
      send: [{ type: 'link', a: [name], b: [cp.id], ...SLOW_LINK }],
      echo: `# ssh ${name} -- sudo tc qdisc add dev eth0 root netem delay ${SLOW_LINK.latencyMs}ms ${SLOW_LINK.jitterMs}ms loss ${SLOW_LINK.loss * 100}%`,
      dockTab: 'terminal',
      danger: true,
    });
    items.push({
      id: 'partition',
      label: t.partition,
      send: [{ type: 'partition', a: [name], b: [cp.id] }],
      echo: `# ssh ${name} -- sudo iptables -A INPUT -s ${ip} -j DROP && sudo iptables -A OUTPUT -d ${ip} -j DROP`,
      dockTab: 'terminal',
      danger: true,
    });
  }
  if (role !== 'registry') items.push({ id: 'terminal', label: t.openTerminalOn(name), send: [], dockTab: 'terminal', prefill: `ssh ${name} -- ` });
  return items;
}

function podItems(o: ObjectView, t: GraphStrings['menu']): MenuItem[] {
  const ns = o.namespace && o.namespace !== 'default' ? ` -n ${o.namespace}` : '';
  return [
    { id: 'describe', label: t.describe, send: [], exec: `kubectl describe pod ${o.name}${ns}`, dockTab: 'terminal' },
    { id: 'logs', label: t.logs, send: [], exec: `kubectl logs ${o.name}${ns}`, dockTab: 'terminal' },
    { id: 'delete', label: t.deletePod, send: [], exec: `kubectl delete pod ${o.name}${ns}`, dockTab: 'terminal', danger: true },
  ];
}

function serviceItems(o: ObjectView, t: GraphStrings['menu']): MenuItem[] {
  const ns = o.namespace && o.namespace !== 'default' ? ` -n ${o.namespace}` : '';
  return [
    { id: 'describe', label: t.describe, send: [], exec: `kubectl describe service ${o.name}${ns}`, dockTab: 'terminal' },
    // The traffic step's load generator runs in namespace default (ui/traffic/loads.ts).
    ...(o.namespace === 'default' ? [{ id: 'traffic', label: t.sendTraffic, send: [], inspect: { selection: { kind: 'object', id: o.id }, focus: 'traffic-from' } } satisfies MenuItem] : []),
    { id: 'delete', label: t.deleteService, send: [], exec: `kubectl delete service ${o.name}${ns}`, dockTab: 'terminal', danger: true },
  ];
}

/** The commands that become recorded steps the run prints itself (session.ts record). */
const RECORDED_ACTIONS = new Set<UiToWorker['type']>(['kill', 'restart', 'start', 'partition', 'link', 'heal']);

/**
 * What choosing an item sends, and the line the page prints itself. An action the run records
 * carries its real command as `echo`: the run prints it, live and in every replay of the run (a
 * link, going back in time) alike, so the page does not. Other lines (`# logs of ...`) the page prints.
 */
export function menuCommands(item: MenuItem): { send: UiToWorker[]; echo?: string } {
  const recorded = item.send.some((c) => RECORDED_ACTIONS.has(c.type));
  if (!item.echo) return { send: item.send };
  if (!recorded) return { send: item.send, echo: item.echo };
  const echo = item.echo.replace(/^# /, '');
  return { send: item.send.map((c) => (RECORDED_ACTIONS.has(c.type) ? ({ ...c, echo } as UiToWorker) : c)) };
}

/** The menu for what was right-clicked (or its "..." button pressed). */
export function menuItems(target: Selection, ctx: MenuContext): MenuItem[] {
  if (target.kind === 'component') {
    const c = ctx.components[target.id];
    return c ? componentItems(c, ctx) : [];
  }
  if (target.kind === 'host') return hostItems(target.id, ctx);
  const o = ctx.objects[target.id];
  if (!o) return [];
  const t = (ctx.strings ?? GRAPH_STRINGS.en).menu;
  if (o.kind === 'Pod') return podItems(o, t);
  if (o.kind === 'Node') return hostItems(o.name, ctx);
  if (o.kind === 'Service') return serviceItems(o, t);
  return [];
}
