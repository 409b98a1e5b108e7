import { describe, expect, it } from 'vitest';
import { objectDisplay } from './objects';

// The words the graph shows are kube-apiserver's printers' (kubernetes pkg/printers/internalversion/
// printers.go printPod, printNode), sent with each object (DESIGN.md section 9): the UI derives nothing.
const c = { name: 'web', image: 'nginx:1.25' };
const running = { name: 'web', ready: true, restartCount: 0, state: { running: { startedAt: '2024-08-13T09:00:03Z' } } };
const waiting = (reason: string) => ({ name: 'web', ready: false, restartCount: 0, state: { waiting: { reason } } });

describe('pod STATUS and READY', () => {
  const cases: { name: string; pod: object; status: string; ready: string}[] = [
    { name: 'a pod without a node is Pending and hollow', pod: { spec: { containers: [c] }, status: { phase: 'Pending' } }, status: 'Pending', ready: '0/1' },
    {
      name: 'a pod whose sandbox is being made is ContainerCreating and pulses',
      pod: { spec: { containers: [c], nodeName: 'worker-1' }, status: { phase: 'Pending', containerStatuses: [waiting('ContainerCreating')] } },
      status: 'ContainerCreating',
      ready: '0/1',
    },
    {
      name: 'a running, ready pod is Running and solid',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [running] } },
      status: 'Running',
      ready: '1/1',
    },
    {
      name: 'a running pod whose container is not ready is Running with 0/1 and gets the warning look',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [{ ...running, ready: false }] } },
      status: 'Running',
      ready: '0/1',
    },
    {
      name: 'a failed pull shows ErrImagePull as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Pending', containerStatuses: [waiting('ErrImagePull')] } },
      status: 'ErrImagePull',
      ready: '0/1',
    },
    {
      name: 'a pull in back-off shows ImagePullBackOff as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Pending', containerStatuses: [waiting('ImagePullBackOff')] } },
      status: 'ImagePullBackOff',
      ready: '0/1',
    },
    {
      name: 'a crash loop shows CrashLoopBackOff as failing',
      pod: { spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [waiting('CrashLoopBackOff')] } },
      status: 'CrashLoopBackOff',
      ready: '0/1',
    },
    {
      name: 'a pod with a deletionTimestamp is Terminating and fades',
      pod: { metadata: { deletionTimestamp: '2024-08-13T09:01:00Z' }, spec: { containers: [c] }, status: { phase: 'Running', containerStatuses: [running] } },
      status: 'Terminating',
      ready: '1/1',
    },
    {
      name: 'a container that exited 0 makes the pod Completed',
      pod: { spec: { containers: [c] }, status: { phase: 'Succeeded', containerStatuses: [{ name: 'web', ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] } },
      status: 'Completed',
      ready: '0/1',
    },
    {
      name: 'a container that exited non-zero makes the pod Error',
      pod: { spec: { containers: [c] }, status: { phase: 'Failed', containerStatuses: [{ name: 'web', ready: false, state: { terminated: { reason: 'Error', exitCode: 1 } } }] } },
      status: 'Error',
      ready: '0/1',
    },
    {
      name: 'a pod deleted from a lost node prints Unknown',
      pod: { metadata: { deletionTimestamp: '2024-08-13T09:06:00Z' }, spec: { containers: [c] }, status: { phase: 'Running', reason: 'NodeLost' } },
      status: 'Unknown',
      ready: '0/1',
    },
    {
      name: 'an init container still running prints Init:0/1 and pulses',
      pod: {
        spec: { containers: [c], initContainers: [{ name: 'init' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'init', ready: false, state: { running: {} } }], containerStatuses: [waiting('PodInitializing')] },
      },
      status: 'Init:0/1',
      ready: '0/1',
    },
  ];
  for (const t of cases) {
    it(t.name, () => {
      const pod = { metadata: {}, ...t.pod };
      expect(objectDisplay('pods', pod)).toEqual({ status: t.status, ready: t.ready });
    });
  }
});

// printNode: Ready when the Ready condition is True, NotReady when it is False or Unknown, Unknown without one.
describe('node STATUS', () => {
  it('prints Ready, NotReady, Unknown and SchedulingDisabled the way kubectl get nodes does', () => {
    const node = (o: object) => objectDisplay('nodes', { metadata: {}, ...o })?.status;
    expect(node({ status: { conditions: [{ type: 'Ready', status: 'True' }] } })).toBe('Ready');
    expect(node({ status: { conditions: [{ type: 'Ready', status: 'False' }] } })).toBe('NotReady');
    expect(node({ status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } })).toBe('NotReady');
    expect(node({})).toBe('Unknown');
    expect(node({ spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'True' }] } })).toBe('Ready,SchedulingDisabled');
  });
});
