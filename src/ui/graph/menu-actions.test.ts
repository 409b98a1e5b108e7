import { describe, expect, it } from 'vitest';
import type { ComponentView, HostView } from '../../protocol/view';
import { type MenuContext, menuCommands, menuItems } from './menu-actions';
import { GRAPH_STRINGS } from './strings';

const host = (id: string, role: HostView['role'], up = true): HostView => ({ id, role, up, address: id === 'control-plane' ? '10.0.0.10' : '10.0.0.11' });
const comp = (id: string, kind: string, h: string, alive = true): ComponentView => ({ id, kind, host: h, alive, incarnation: 1, detail: {} });

function ctx(over: Partial<MenuContext> = {}): MenuContext {
  return {
    hosts: { 'control-plane': host('control-plane', 'control-plane'), 'worker-1': host('worker-1', 'worker'), laptop: host('laptop', 'client') },
    components: {
      'kube-scheduler': comp('kube-scheduler', 'kube-scheduler', 'control-plane'),
      'kubelet/worker-1': comp('kubelet/worker-1', 'kubelet', 'worker-1'),
      'containerd/worker-1': comp('containerd/worker-1', 'containerd', 'worker-1', false),
    },
    objects: {
      'pods/default/web': { id: 'pods/default/web', kind: 'Pod', namespace: 'default', name: 'web', resourceVersion: '5', object: {} },
      'pods/team/api': { id: 'pods/team/api', kind: 'Pod', namespace: 'team', name: 'api', resourceVersion: '6', object: {} },
    },
    partitions: [],
    ...over,
  };
}

describe('menuItems', () => {
  it('kills a live kubelet with the systemctl line an operator would type', () => {
    const items = menuItems({ kind: 'component', id: 'kubelet/worker-1' }, ctx());
    expect(items.map((i) => i.id)).toEqual(['kill', 'restart', 'logs', 'terminal']);
    const kill = items[0]!;
    expect(kill.send).toEqual([{ type: 'kill', target: 'kubelet/worker-1' }]);
    expect(kill.echo).toBe('# ssh worker-1 -- sudo systemctl stop kubelet');
  });

  it('offers Start instead of Kill and Restart for a dead process', () => {
    const items = menuItems({ kind: 'component', id: 'containerd/worker-1' }, ctx());
    expect(items.map((i) => i.id)).toEqual(['start', 'logs', 'terminal']);
    expect(items[0]!.echo).toBe('# ssh worker-1 -- sudo systemctl start containerd');
  });

  it('stops a control-plane component the kubeadm way, by moving its static pod manifest away', () => {
    const kill = menuItems({ kind: 'component', id: 'kube-scheduler' }, ctx())[0]!;
    expect(kill.echo).toBe('# ssh control-plane -- sudo mv /etc/kubernetes/manifests/kube-scheduler.yaml /etc/kubernetes/');
  });

  it('partitions a worker from the control plane with iptables, and heals it once cut', () => {
    const items = menuItems({ kind: 'host', id: 'worker-1' }, ctx());
    const part = items.find((i) => i.id === 'partition')!;
    expect(part.send).toEqual([{ type: 'partition', a: ['worker-1'], b: ['control-plane'] }]);
    expect(part.echo).toContain('iptables -A INPUT -s 10.0.0.10 -j DROP');
    const cut = menuItems({ kind: 'host', id: 'worker-1' }, ctx({ partitions: [['control-plane', 'worker-1']] }));
    expect(cut.find((i) => i.id === 'heal')!.send).toEqual([{ type: 'heal' }]);
    expect(cut.find((i) => i.id === 'partition')).toBeUndefined();
  });

  it('slows a worker\'s network to the control plane with tc netem, and heals it with tc once slow', () => {
    const items = menuItems({ kind: 'host', id: 'worker-1' }, ctx());
    const slow = items.find((i) => i.id === 'slow')!;
    expect(slow.send).toEqual([{ type: 'link', a: ['worker-1'], b: ['control-plane'], latencyMs: 200, jitterMs: 50, loss: 0.05 }]);
    expect(slow.echo).toBe('# ssh worker-1 -- sudo tc qdisc add dev eth0 root netem delay 200ms 50ms loss 5%');
    const slowed = menuItems({ kind: 'host', id: 'worker-1' }, ctx({ degraded: [['control-plane', 'worker-1']] }));
    expect(slowed.find((i) => i.id === 'heal')).toMatchObject({ send: [{ type: 'heal' }], echo: '# ssh worker-1 -- sudo tc qdisc del dev eth0 root' });
    expect(slowed.find((i) => i.id === 'slow')).toBeUndefined();
  });

  it('powers a node off and on through its node/ target', () => {
    expect(menuItems({ kind: 'host', id: 'worker-1' }, ctx())[0]!.send).toEqual([{ type: 'kill', target: 'node/worker-1' }]);
    const down = ctx();
    down.hosts['worker-1'] = host('worker-1', 'worker', false);
    expect(menuItems({ kind: 'host', id: 'worker-1' }, down)[0]).toMatchObject({ id: 'start', send: [{ type: 'start', target: 'node/worker-1' }] });
  });

  it('runs real kubectl lines for a pod, with -n outside the default namespace', () => {
    expect(menuItems({ kind: 'object', id: 'pods/default/web' }, ctx()).map((i) => i.exec)).toEqual(['kubectl describe pod web', 'kubectl logs web', 'kubectl delete pod web']);
    expect(menuItems({ kind: 'object', id: 'pods/team/api' }, ctx()).find((i) => i.id === 'delete')!.exec).toBe('kubectl delete pod api -n team');
  });

  it('describes and deletes a Service with kubectl lines', () => {
    const c = ctx();
    c.objects['services/team/web'] = { id: 'services/team/web', kind: 'Service', namespace: 'team', name: 'web', resourceVersion: '7', object: {} };
    expect(menuItems({ kind: 'object', id: 'services/team/web' }, c).map((i) => i.exec)).toEqual(['kubectl describe service web -n team', 'kubectl delete service web -n team']);
  });
  it('offers to send traffic to a Service in namespace default, where the traffic step runs, by opening its inspector', () => {
    const c = ctx();
    c.objects['services/default/web'] = { id: 'services/default/web', kind: 'Service', namespace: 'default', name: 'web', resourceVersion: '7', object: {} };
    const item = menuItems({ kind: 'object', id: 'services/default/web' }, c).find((i) => i.id === 'traffic');
    expect(item).toMatchObject({ label: 'Send traffic…', send: [], inspect: { selection: { kind: 'object', id: 'services/default/web' }, focus: 'traffic-from' } });
  });
});

describe('Open terminal on a node', () => {
  it.each([
    [{ kind: 'host', id: 'worker-1' } as const, 'ssh worker-1 -- '],
    [{ kind: 'component', id: 'kubelet/worker-1' } as const, 'ssh worker-1 -- '],
    [{ kind: 'host', id: 'control-plane' } as const, 'ssh control-plane -- '],
  ])('types the ssh prefix for %j at the prompt', (target, prefill) => {
    const item = menuItems(target, ctx()).find((i) => i.id === 'terminal');
    expect(item).toMatchObject({ dockTab: 'terminal', prefill });
  });

  it('opens the laptop terminal with nothing typed (kubectl runs there)', () => {
    const item = menuItems({ kind: 'host', id: 'laptop' }, ctx()).find((i) => i.id === 'terminal');
    expect(item?.prefill).toBeUndefined();
  });

  describe('an external etcd member', () => {
    const etcdCtx = () =>
      ctx({
        hosts: {
          'control-plane': host('control-plane', 'control-plane'),
          'etcd-1': { id: 'etcd-1', role: 'etcd', up: true, address: '10.0.0.21' },
          'etcd-2': { id: 'etcd-2', role: 'etcd', up: true, address: '10.0.0.22' },
          'etcd-3': { id: 'etcd-3', role: 'etcd', up: true, address: '10.0.0.23' },
        },
        components: { 'etcd/etcd-1': comp('etcd/etcd-1', 'etcd', 'etcd-1') },
      });

    it('kills its process by moving the static pod manifest away on its own host, and shows its logs with crictl', () => {
      const items = menuItems({ kind: 'component', id: 'etcd/etcd-1' }, etcdCtx());
      expect(items.map((i) => i.id)).toEqual(['kill', 'restart', 'logs', 'terminal']);
      expect(items[0]!.echo).toBe('# ssh etcd-1 -- sudo mv /etc/kubernetes/manifests/etcd.yaml /etc/kubernetes/');
      expect(items[2]!.echo).toBe('# ssh etcd-1 -- sudo crictl logs $(sudo crictl ps -q --name etcd)');
    });

    it('powers its host off, or cuts it from the other members or from the control plane', () => {
      const items = menuItems({ kind: 'host', id: 'etcd-1' }, etcdCtx());
      expect(items.map((i) => i.id)).toEqual(['kill', 'restart', 'partition-peers', 'slow', 'partition', 'terminal']);
      expect(items[2]!.send).toEqual([{ type: 'partition', a: ['etcd-1'], b: ['etcd-2', 'etcd-3'] }]);
      expect(items[2]!.echo).toBe('# ssh etcd-1 -- sudo iptables -A INPUT -s 10.0.0.22 -j DROP && sudo iptables -A INPUT -s 10.0.0.23 -j DROP');
    });
  });
});

// Issue 11 ("Russian covers the whole UI") and UX.md ("clicking teaches the commands"): the labels
// follow the language, the command each action stands for stays the one an operator types.
describe('menuItems in Russian', () => {
  const ru = (over: Partial<MenuContext> = {}) => ctx({ ...over, strings: GRAPH_STRINGS.ru });

  it('labels a kubelet\'s actions in Russian and keeps the systemctl lines', () => {
    const en = menuItems({ kind: 'component', id: 'kubelet/worker-1' }, ctx());
    const items = menuItems({ kind: 'component', id: 'kubelet/worker-1' }, ru());
    expect(items.map((i) => i.label)).toEqual(['Убить kubelet', 'Перезапустить kubelet', 'Показать журнал', 'Терминал на worker-1']);
    expect(items.map((i) => [i.id, i.echo, i.send, i.prefill])).toEqual(en.map((i) => [i.id, i.echo, i.send, i.prefill]));
  });

  it('labels a pod\'s actions in Russian and runs the same kubectl lines', () => {
    const items = menuItems({ kind: 'object', id: 'pods/team/api' }, ru());
    expect(items.map((i) => i.label)).toEqual(['Описать (describe)', 'Показать журнал', 'Удалить под']);
    expect(items.map((i) => i.exec)).toEqual(['kubectl describe pod api -n team', 'kubectl logs api -n team', 'kubectl delete pod api -n team']);
  });

  it('says in Russian that a powered-off host has no command to start it', () => {
    const items = menuItems({ kind: 'host', id: 'worker-1' }, ru({ hosts: { ...ctx().hosts, 'worker-1': host('worker-1', 'worker', false) } }));
    expect(items[0]).toMatchObject({ id: 'start', label: 'Включить worker-1', echo: '# (команды нет: worker-1 выключен; нажмите его кнопку питания)' });
  });
});

describe('menuCommands', () => {
  // UX.md "Interaction habits": the terminal shows the real command. For an action the run records,
  // the run prints it (the step keeps it as `echo`), so a replay of the run prints the same line.
  it('hands the real command of a recorded action to the run, and prints nothing itself', () => {
    const kill = menuItems({ kind: 'host', id: 'worker-1' }, ctx()).find((i) => i.id === 'kill')!;
    expect(menuCommands(kill)).toEqual({ send: [{ type: 'kill', target: 'node/worker-1', echo: 'ssh worker-1 -- sudo poweroff' }] });
    const stop = menuItems({ kind: 'component', id: 'kubelet/worker-1' }, ctx()).find((i) => i.id === 'kill')!;
    expect(menuCommands(stop).send).toEqual([{ type: 'kill', target: 'kubelet/worker-1', echo: 'ssh worker-1 -- sudo systemctl stop kubelet' }]);
  });

  it('prints the line of what the run does not record (logs) itself', () => {
    const logs = menuItems({ kind: 'component', id: 'kubelet/worker-1' }, ctx()).find((i) => i.id === 'logs')!;
    expect(menuCommands(logs)).toEqual({ send: logs.send, echo: '# ssh worker-1 -- journalctl -u kubelet' });
  });
});
