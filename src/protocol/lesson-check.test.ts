import { describe, expect, it } from 'vitest';
import { checkPasses, fieldText, type LessonWorld } from './lesson-check';

const pod = (name: string, phase: string, node: string) => ({
  id: `pods/default/${name}`,
  object: { metadata: { name, labels: { app: 'web' } }, spec: { nodeName: node }, status: { phase, containerStatuses: [{ restartCount: 2 }] } },
});
const world: LessonWorld = {
  objects: [pod('web-1', 'Running', 'worker-1'), pod('web-2', 'Running', 'worker-3'), pod('web-3', 'Pending', 'worker-3'), { id: 'nodes//worker-2', object: { metadata: { name: 'worker-2' } } }],
  components: [{ id: 'kube-scheduler', alive: false }],
  hosts: [{ id: 'worker-2', up: false }],
  outputs: [{ stdout: '', stderr: 'bash: docker: command not found' }],
};

describe('lesson checks read the cluster, not the keyboard', () => {
  it('count objects by resource, labels and a field', () => {
    expect(checkPasses([{ objects: 'pods', labels: { app: 'web' }, field: 'status.phase', equals: 'Running', count: 2 }], world)).toBe(true);
    expect(checkPasses([{ objects: 'pods', labels: { app: 'web' }, field: 'status.phase', equals: 'Running', count: 3 }], world)).toBe(false);
    expect(checkPasses([{ objects: 'pods', field: 'spec.nodeName', equals: 'worker-3', min: 2 }], world)).toBe(true);
    expect(checkPasses([{ objects: 'nodes', name: 'worker-2', count: 0 }], world)).toBe(false);
    const deleting = { ...world, objects: [...world.objects, { id: 'pods/default/web-4', object: { metadata: { name: 'web-4', labels: { app: 'web' }, deletionTimestamp: '2024-08-13T09:05:00Z' }, status: { phase: 'Running' } } }] };
    expect(checkPasses([{ objects: 'pods', labels: { app: 'web' }, field: 'status.phase', equals: 'Running', count: 3 }], deleting)).toBe(true);
    expect(checkPasses([{ objects: 'pods', labels: { app: 'web' }, field: 'status.phase', equals: 'Running', unset: 'metadata.deletionTimestamp', count: 2 }], deleting)).toBe(true);
    expect(checkPasses([{ objects: 'pods', labels: { app: 'web' }, set: 'spec.nodeName', count: 3 }], deleting)).toBe(true);
  });

  it('see processes, hosts and what the terminal printed', () => {
    expect(checkPasses([{ component: 'kube-scheduler', alive: false }, { host: 'worker-2', up: false }], world)).toBe(true);
    expect(checkPasses([{ component: 'kube-scheduler', alive: true }], world)).toBe(false);
    expect(checkPasses([{ output: 'docker: command not found' }], world)).toBe(true);
    expect(checkPasses([{ output: 'CONTAINER ID' }], world)).toBe(false);
  });

  it("see that the terminal printed a field's value, the learner's own container id (lesson 1)", () => {
    const id = 'd167d96a776337750d627674cfbf25df0d5940361eb99811aa063e3086c0142b';
    const sleeper = { id: 'pods/default/sleeper', object: { metadata: { name: 'sleeper' }, status: { containerStatuses: [{ containerID: `containerd://${id}` }] } } };
    const c = { objects: 'pods', name: 'sleeper', field: 'status.containerStatuses[0].containerID', printed: true } as const;
    // crictl inspect prints the id without containerd's scheme; crictl ps's 13 characters are not the id.
    expect(checkPasses([c], { ...world, objects: [sleeper], outputs: [{ stdout: `{\n  "status": {\n    "id": "${id}",`, stderr: '' }] })).toBe(true);
    expect(checkPasses([c], { ...world, objects: [sleeper], outputs: [{ stdout: `${id.slice(0, 13)}       d276c32d1853f`, stderr: '' }] })).toBe(false);
    expect(checkPasses([c], { ...world, objects: [sleeper], outputs: [{ stdout: '"id": "7c070ccc5be7d0000"', stderr: '' }] })).toBe(false);
    // A pod without a container yet has nothing to have printed.
    expect(checkPasses([c], { ...world, objects: [{ ...sleeper, object: { metadata: { name: 'sleeper' } } }], outputs: [{ stdout: 'containerd://', stderr: '' }] })).toBe(false);
  });

  it('read dotted paths with list indexes', () => {
    expect(fieldText(world.objects[0]!.object, 'status.containerStatuses[0].restartCount')).toBe('2');
    expect(fieldText(world.objects[0]!.object, 'status.containerStatuses[3].restartCount')).toBeUndefined();
  });
});
