import { describe, expect, it } from 'vitest';
import { nodeDisplay, podDisplay, podLook } from './pod-status';

// The words come from kube-apiserver's printers with each object (worker/observe/display.test.ts
// checks them against printPod and printNode); here: how the graph draws each word.
describe('podDisplay', () => {
  const cases: [string, string, string, string][] = [
    ['a pod without a node is Pending and hollow', 'Pending', '0/1', 'pending'],
    ['a pod whose sandbox is being made is ContainerCreating and pulses', 'ContainerCreating', '0/1', 'creating'],
    ['a running, ready pod is Running and solid', 'Running', '1/1', 'running'],
    ['a running pod whose container is not ready is Running with 0/1 and gets the warning look', 'Running', '0/1', 'not-ready'],
    ['a failed pull shows ErrImagePull as failing', 'ErrImagePull', '0/1', 'failing'],
    ['a pull in back-off shows ImagePullBackOff as failing', 'ImagePullBackOff', '0/1', 'failing'],
    ['a crash loop shows CrashLoopBackOff as failing', 'CrashLoopBackOff', '0/1', 'failing'],
    ['a pod with a deletionTimestamp is Terminating and fades', 'Terminating', '1/1', 'terminating'],
    ['a container that exited 0 makes the pod Completed', 'Completed', '0/1', 'completed'],
    ['a container that exited non-zero makes the pod Error', 'Error', '0/1', 'error'],
    ['a pod deleted from a lost node prints Unknown', 'Unknown', '0/1', 'unknown'],
    ['an init container still running prints Init:0/1 and pulses', 'Init:0/1', '0/1', 'creating'],
  ];
  for (const [name, status, ready, look] of cases) {
    it(name, () => {
      const d = podDisplay({ display: { status, ready } });
      expect(d).toMatchObject({ status, ready, look });
      expect(d.glyph.length).toBeGreaterThan(0);
    });
  }

  it('never relies on colour alone: every look has its own glyph', () => {
    const words = ['Pending', 'ContainerCreating', 'Running', 'NotReady', 'ErrImagePull', 'Terminating', 'Completed', 'Error', 'Weird'];
    const glyphs = new Set(words.map((s) => podDisplay({ display: { status: s, ready: '1/1' } }).glyph));
    expect(glyphs.size).toBeGreaterThanOrEqual(7);
  });

  it('treats Init: back-off reasons as failing', () => {
    expect(podLook('Init:ImagePullBackOff', '0/1')).toBe('failing');
    expect(podLook('Init:Error', '0/1')).toBe('error');
  });
});

describe('nodeDisplay', () => {
  it("shows the printer's STATUS, the Ready condition as stored, and taints as key=value:Effect", () => {
    const d = nodeDisplay({
      display: { status: 'Ready,SchedulingDisabled' },
      object: {
        spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }, { key: 'gpu', value: 'yes', effect: 'NoSchedule' }] },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
    });
    expect(d).toEqual({ status: 'Ready,SchedulingDisabled', readyCondition: 'True', ready: true, taints: ['node.kubernetes.io/unreachable:NoExecute', 'gpu=yes:NoSchedule'] });
    const unknown = nodeDisplay({ display: { status: 'NotReady' }, object: { status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } } });
    expect(unknown).toMatchObject({ status: 'NotReady', readyCondition: 'Unknown', ready: false });
    expect(nodeDisplay({ object: {} }).status).toBe('Unknown');
  });
});
