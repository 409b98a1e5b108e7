// The DaemonSet controller's sync (pkg/controller/daemon/daemon_controller.go, v1.31): one pod per
// node that should run it, pinned by required node affinity `metadata.name In [node]` for the
// scheduler to place (since v1.12, ScheduleDaemonSetPods), with the daemon tolerations of
// util.AddOrUpdateDaemonPodTolerations; surplus and misplaced pods deleted; status counts.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import type { Pod } from '../../api/types';
import { objectKey } from '../../client/informer';
import { runWorker } from '../framework/controller';
import { putNode, putPod, testEnv, testNode, testPod } from '../testing';
import { createDaemonSetController, onDaemonSetDelta, podsToChange, planNodes, syncDaemonSet } from './controller';
import { daemonPodFor, nodeShouldRunDaemonPod, targetNodeName, templateHash } from './pods';
import type { DaemonSet } from './types';

function ds(extra: Partial<DaemonSet['spec']['template']['spec']> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', generation: 1 },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'busybox:1.36' }], ...extra } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
    },
  };
}

function daemonPod(set: DaemonSet, name: string, node: string, opts: { created?: string; hash?: string } = {}): Pod {
  const p = testPod(name, node);
  const made = daemonPodFor(set, node, opts.hash ?? templateHash(set));
  p.metadata.labels = made.metadata.labels;
  p.metadata.ownerReferences = made.metadata.ownerReferences;
  p.metadata.creationTimestamp = opts.created ?? '2024-08-13T09:00:00Z';
  p.spec = { ...made.spec, nodeName: node };
  return p;
}

function setup(set: DaemonSet, nodes: string[], pods: Pod[]) {
  const { env, ctx } = testEnv(0);
  const s = createDaemonSetController();
  env.informers.byName.daemonsets.items.set(objectKey(set), set);
  for (const n of nodes) putNode(env, n === 'control-plane' ? testNode(n, { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }) : testNode(n));
  for (const p of pods) putPod(env, p);
  onDaemonSetDelta(s, env, { type: 'ADDED', object: set });
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncDaemonSet(s, env, sc));
  const all = (): HttpRequest[] => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
  // The ControllerRevision writes are checked on their own (history/controller-history.test.ts and below).
  const requests = (): HttpRequest[] => all().filter((b) => !b.path.includes('/controllerrevisions'));
  const revisions = (): HttpRequest[] => all().filter((b) => b.path.includes('/controllerrevisions'));
  return { env, ctx, s, sync, requests, revisions };
}

describe('DaemonSet pods', () => {
  it('pins the pod to its node with a required matchFields affinity and adds the daemon tolerations', () => {
    const pod = daemonPodFor(ds(), 'worker-1', 'abc');
    expect(pod.metadata.generateName).toBe('agent-');
    expect(pod.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': 'abc', 'pod-template-generation': '1' });
    expect(pod.spec.nodeName).toBeUndefined();
    expect(pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual({
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }],
    });
    expect(pod.spec.tolerations?.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    expect(targetNodeName(pod)).toBe('worker-1');
  });

  it.each([
    ['a plain Ready node', testNode('worker-1'), ds(), true],
    ['a cordoned node (the unschedulable taint is tolerated)', testNode('worker-1', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }), ds(), true],
    ['the control-plane node with its NoSchedule taint', testNode('cp', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }), ds(), false],
    ['the control-plane node when the template tolerates it', testNode('cp', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }), ds({ tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }] }), true],
    ['a node without the nodeSelector label', testNode('worker-1'), ds({ nodeSelector: { disk: 'ssd' } }), false],
  ])('decides whether %s should run the daemon pod', (_name, node, set, want) => {
    expect(nodeShouldRunDaemonPod(node, set)).toBe(want);
  });
});

describe('DaemonSet controller', () => {
  it('creates one pod for each worker that lacks one and none for the tainted control plane', () => {
    const set = ds();
    const { sync, requests, s } = setup(set, ['control-plane', 'worker-1', 'worker-2'], [daemonPod(set, 'agent-aaaaa', 'worker-1')]);
    sync();
    const posts = requests().filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(targetNodeName(posts[0]!.body as Pod)).toBe('worker-2');
    expect(s.expectations.get('default/agent')).toEqual({ adds: 1, deletes: [] });
    const status = requests().find((r) => r.method === 'PUT')!.body as DaemonSet;
    expect(status.status).toEqual({ currentNumberScheduled: 1, numberMisscheduled: 0, desiredNumberScheduled: 2, numberReady: 1, updatedNumberScheduled: 1, numberAvailable: 1, numberUnavailable: 1, observedGeneration: 1 });
  });

  // daemon_controller.go syncDaemonSet -> constructHistory: the template is kept as revision 1.
  it('keeps its template as ControllerRevision agent-<hash>, revision 1, owned by the DaemonSet', () => {
    const set = ds();
    const { sync, revisions } = setup(set, ['worker-1'], []);
    sync();
    const [post] = revisions();
    expect(post).toMatchObject({ method: 'POST', path: '/apis/apps/v1/namespaces/default/controllerrevisions' });
    const body = post!.body as { metadata: { name: string; labels: Record<string, string>; ownerReferences: { kind: string; controller: boolean }[] }; revision: number; data: { spec: { template: { $patch: string } } } };
    expect(body.revision).toBe(1);
    expect(body.metadata.name).toBe(`agent-${body.metadata.labels['controller-revision-hash']}`);
    expect(body.metadata.ownerReferences[0]).toMatchObject({ kind: 'DaemonSet', controller: true });
    expect(body.data.spec.template.$patch).toBe('replace');
  });

  it('keeps the oldest of two pods on a node and deletes the other', () => {
    const set = ds();
    const pods = [daemonPod(set, 'agent-new', 'worker-1', { created: '2024-08-13T09:01:00Z' }), daemonPod(set, 'agent-old', 'worker-1')];
    const { sync, requests } = setup(set, ['worker-1'], pods);
    sync();
    expect(requests().filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/namespaces/default/pods/agent-new']);
  });

  it('does not create a pod on a node whose daemon pod is still terminating', () => {
    const set = ds();
    const p = daemonPod(set, 'agent-aaaaa', 'worker-1');
    p.metadata.deletionTimestamp = '2024-08-13T09:00:30Z';
    const { env } = testEnv(0);
    putNode(env, testNode('worker-1'));
    expect(podsToChange(planNodes(set, env.informers.byName.nodes.items.values() as Iterable<never>, [p]))).toEqual({ create: [], remove: [] });
  });

  it('rolls a new template out one node at a time (maxUnavailable 1)', () => {
    const set = ds();
    const pods = [daemonPod(set, 'agent-a', 'worker-1', { hash: 'old' }), daemonPod(set, 'agent-b', 'worker-2', { hash: 'old' })];
    const { sync, requests } = setup(set, ['worker-1', 'worker-2'], pods);
    sync();
    expect(requests().filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/namespaces/default/pods/agent-a']);
  });
});
