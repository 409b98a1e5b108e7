import { describe, expect, it } from 'vitest';
import { nodeDisplay, podDisplay, podLook } from './pod-status';

const c = { name: 'web', image: 'nginx:1.25' };
const running = { name: 'web', ready: true, restartCount: 0, state: { running: { startedAt: '2024-08-13T09:00:03Z' } } };
const waiting = (reason: string) => ({ name: 'web', ready: false, restartCount: 0, state: { waiting: { reason } } });

// Statuses as kubectl's printPod computes them (kubernetes pkg/printers/internalversion/printers.go).
describe('podDisplay', () => {
  const cases: { name: string; pod: object; status: string; ready: string; look: string }[] = [
    { name: 'a pod without a node is Pending and hollow', pod: { spec: { containers: [c] }, status: { phase: 'Pending' } }, status: 'Pending', ready: '0/1', look: 'pending' },
    {
      name: 'a pod whose sandbox is being made is ContainerCreating and pulses',
      pod: { spec: { containers: [c], nodeName: 'worker-1' }, status: { phase: 'Pending', containerStatuses: [waiting('ContainerCreating')] } },
      status: 'ContainerCreating',
      ready: '0/1',
      look: 'creating',
    },
    {
      name: 'a running, ready pod is Running and solid',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [running] } },
      status: 'Running',
      ready: '1/1',
      look: 'running',
    },
    {
      name: 'a running pod whose container is not ready is Running with 0/1 and gets the warning look',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [{ ...running, ready: false }] } },
      status: 'Running',
      ready: '0/1',
      look: 'not-ready',
    },
    {
      name: 'a failed pull shows ErrImagePull as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Pending', containerStatuses: [waiting('ErrImagePull')] } },
      status: 'ErrImagePull',
      ready: '0/1',
      look: 'failing',
    },
    {
      name: 'a pull in back-off shows ImagePullBackOff as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Pending', containerStatuses: [waiting('ImagePullBackOff')] } },
      status: 'ImagePullBackOff',
      ready: '0/1',
      look: 'failing',
    },
    {
      name: 'a crash loop shows CrashLoopBackOff as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [waiting('CrashLoopBackOff')] } },
      status: 'CrashLoopBackOff',
      ready: '0/1',
      look: 'failing',
    },
    {
      name: 'a pod with a deletionTimestamp is Terminating and fades',
      pod: { metadata: { deletionTimestamp: '2024-08-13T09:01:00Z' }, spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [running] } },
      status: 'Terminating',
      ready: '1/1',
      look: 'terminating',
    },
    {
      name: 'a container that exited 0 makes the pod Completed',
      pod: { spec: { containers: [c] }, status: { phase: 'Succeeded', containerStatuses: [{ name: 'web', ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] } },
      status: 'Completed',
      ready: '0/1',
      look: 'completed',
    },
    {
      name: 'a container that exited non-zero makes the pod Error',
      pod: { spec: { containers: [c] }, status: { phase: 'Failed', containerStatuses: [{ name: 'web', ready: false, state: { terminated: { reason: 'Error', exitCode: 1 } } }] } },
      status: 'Error',
      ready: '0/1',
      look: 'error',
    },
    {
      name: 'a pod deleted from a lost node prints Unknown',
      pod: { metadata: { deletionTimestamp: '2024-08-13T09:06:00Z' }, spec: { containers: [c] }, status: { phase: 'Running', reason: 'NodeLost' } },
      status: 'Unknown',
      ready: '0/1',
      look: 'unknown',
    },
    {
      name: 'an init container still running prints Init:0/1 and pulses',
      pod: {
        spec: { containers: [c], initContainers: [{ name: 'init' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'init', ready: false, state: { running: {} } }], containerStatuses: [waiting('PodInitializing')] },
      },
      status: 'Init:0/1',
      ready: '0/1',
      look: 'creating',
    },
  ];
  for (const t of cases) {
    it(t.name, () => {
      const d = podDisplay(t.pod);
      expect(d.status).toBe(t.status);
      expect(d.ready).toBe(t.ready);
      expect(d.look).toBe(t.look);
      expect(d.glyph.length).toBeGreaterThan(0);
    });
  }

  it('never relies on colour alone: every look has its own glyph', () => {
    const looks = ['Pending', 'ContainerCreating', 'Running', 'NotReady', 'ErrImagePull', 'Terminating', 'Completed', 'Error', 'Weird'];
    const glyphs = new Set(looks.map((s) => podDisplay({ spec: { containers: [c] }, status: { phase: s } }).glyph));
    expect(glyphs.size).toBeGreaterThanOrEqual(7);
  });

  it('treats Init: back-off reasons as failing', () => {
    expect(podLook('Init:ImagePullBackOff', '0/1')).toBe('failing');
    expect(podLook('Init:Error', '0/1')).toBe('error');
  });
});

// printNode: Ready when the Ready condition is True, NotReady when it is False or Unknown, Unknown without one.
describe('nodeDisplay', () => {
  it('prints Ready, NotReady and Unknown the way kubectl get nodes does', () => {
    expect(nodeDisplay({ status: { conditions: [{ type: 'Ready', status: 'True' }] } }).status).toBe('Ready');
    expect(nodeDisplay({ status: { conditions: [{ type: 'Ready', status: 'False' }] } }).status).toBe('NotReady');
    const unknown = nodeDisplay({ status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } });
    expect(unknown.status).toBe('NotReady');
    expect(unknown.readyCondition).toBe('Unknown');
    expect(nodeDisplay({}).status).toBe('Unknown');
  });

  it('adds SchedulingDisabled for a cordoned node and lists taints as key=value:Effect', () => {
    const d = nodeDisplay({
      spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }, { key: 'gpu', value: 'yes', effect: 'NoSchedule' }] },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    });
    expect(d.status).toBe('Ready,SchedulingDisabled');
    expect(d.taints).toEqual(['node.kubernetes.io/unreachable:NoExecute', 'gpu=yes:NoSchedule']);
  });
});
