// Cases follow printPod/printNode/printEvent in kubernetes pkg/printers/internalversion/printers.go.
import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Event, Node, Pod } from '../../../api/types';
import { rfc3339 } from '../../../api/time';
import { resourceForName } from '../../../api/resources';
import { podCells } from '../../../apiserver/printers/pod-status';
import { renderTable } from './table-print';
import { nodeRoles, nodeStatus } from '../../../apiserver/printers/tables';

const NOW = 600_000;

function pod(status: Pod['status'], extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', creationTimestamp: rfc3339(0), ...extra },
    spec: { containers: [{ name: 'web', image: 'nginx' }] },
    status,
  };
}
const cs = (state: ContainerStatus['state'], extra: Partial<ContainerStatus> = {}): ContainerStatus => ({
  name: 'web', state, lastState: {}, ready: false, restartCount: 0, image: 'nginx', imageID: '', ...extra,
});

describe('pod STATUS, READY and RESTARTS (printPod)', () => {
  const cases: [string, Pod, string, string, string][] = [
    ['a pending pod without statuses shows its phase', pod({ phase: 'Pending' }), 'Pending', '0/1', '0'],
    ['a waiting reason wins', pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ContainerCreating' } })] }), 'ContainerCreating', '0/1', '0'],
    ['a ready running container counts as ready', pod({ phase: 'Running', containerStatuses: [cs({ running: { startedAt: rfc3339(1000) } }, { ready: true })] }), 'Running', '1/1', '0'],
    ['a terminated container without reason shows its exit code', pod({ phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 2 } })] }), 'ExitCode:2', '0/1', '0'],
    ['a signal beats the exit code', pod({ phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 137, signal: 9 } })] }), 'Signal:9', '0/1', '0'],
    [
      'restarts show how long ago the last one ended',
      pod({ phase: 'Running', containerStatuses: [cs({ waiting: { reason: 'CrashLoopBackOff' } }, { restartCount: 3, lastState: { terminated: { exitCode: 1, finishedAt: rfc3339(480_000) } } })] }),
      'CrashLoopBackOff', '0/1', '3 (2m ago)',
    ],
    // kubectl v1.31 prints the restarts with the age of the last termination's finishedAt: `2 (15s ago)`.
    [
      'an OOM-killed container restarted twice shows OOMKilled and 2 (15s ago)',
      pod({ phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: rfc3339(599_000) } }, { restartCount: 2, lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: rfc3339(585_000) } } })] }),
      'OOMKilled', '0/1', '2 (15s ago)',
    ],
    ['a container that exited 0 is Completed', pod({ phase: 'Succeeded', containerStatuses: [cs({ terminated: { exitCode: 0, reason: 'Completed' } })] }), 'Completed', '0/1', '0'],
    ['a container that exited 1 is Error', pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } })] }), 'Error', '0/1', '0'],
    ['a finished pod being deleted keeps its terminal status', pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } })] }, { deletionTimestamp: rfc3339(500_000) }), 'Error', '0/1', '0'],
    ['a pod being deleted is Terminating', pod({ phase: 'Running' }, { deletionTimestamp: rfc3339(500_000) }), 'Terminating', '0/1', '0'],
    ['a pod on a lost node is Unknown', pod({ phase: 'Running', reason: 'NodeLost' }, { deletionTimestamp: rfc3339(500_000) }), 'Unknown', '0/1', '0'],
    ['status.reason overrides the phase', pod({ phase: 'Failed', reason: 'Evicted' }), 'Evicted', '0/1', '0'],
  ];
  it.each(cases)('%s', (_n, p, status, ready, restarts) => {
    expect(podCells(p, NOW)).toEqual({ status, ready, restarts });
  });
  it('reports a failing init container as Init:<reason>', () => {
    const p = pod({ phase: 'Pending', initContainerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } }, { name: 'init' })] });
    p.spec.initContainers = [{ name: 'init', image: 'busybox' }];
    expect(podCells(p, NOW).status).toBe('Init:Error');
  });
});

describe('tables', () => {
  it('prints pods with -o wide and -A as kubectl does', () => {
    const p = pod({ phase: 'Running', podIP: '10.244.1.2', podIPs: [{ ip: '10.244.1.2' }], containerStatuses: [cs({ running: {} }, { ready: true })] });
    p.spec.nodeName = 'worker-1';
    const out = renderTable(resourceForName('pods')!, [p], { now: NOW, wide: true, withNamespace: true, withKind: false, showLabels: false, noHeaders: false });
    expect(out).toBe(
      'NAMESPACE   NAME   READY   STATUS    RESTARTS   AGE   IP           NODE       NOMINATED NODE   READINESS GATES\n' +
        'default     web    1/1     Running   0          10m   10.244.1.2   worker-1   <none>           <none>\n',
    );
  });
  it('prints nodes with roles, NotReady and SchedulingDisabled', () => {
    const n: Node = {
      apiVersion: 'v1', kind: 'Node',
      metadata: { name: 'control-plane', creationTimestamp: rfc3339(0), labels: { 'node-role.kubernetes.io/control-plane': '' } },
      spec: { unschedulable: true },
      status: { conditions: [{ type: 'Ready', status: 'Unknown' }], nodeInfo: { kubeletVersion: 'v1.31.0', kernelVersion: '', osImage: '', containerRuntimeVersion: '', operatingSystem: 'linux', architecture: 'amd64' } },
    };
    expect(nodeStatus(n)).toBe('NotReady,SchedulingDisabled');
    expect(nodeRoles(n)).toBe('control-plane');
    expect(renderTable(resourceForName('no')!, [n], { now: NOW, wide: false, withNamespace: false, withKind: false, showLabels: false, noHeaders: false })).toBe(
      'NAME            STATUS                        ROLES           AGE   VERSION\ncontrol-plane   NotReady,SchedulingDisabled   control-plane   10m   v1.31.0\n',
    );
  });
  it('prints events with LAST SEEN and kind/name objects', () => {
    const e: Event = {
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.17e', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Scheduled', message: 'Successfully assigned default/web to worker-1',
      type: 'Normal', firstTimestamp: rfc3339(540_000), lastTimestamp: rfc3339(540_000), count: 1,
    };
    expect(renderTable(resourceForName('ev')!, [e], { now: NOW, wide: false, withNamespace: false, withKind: false, showLabels: false, noHeaders: false })).toBe(
      'LAST SEEN   TYPE     REASON      OBJECT    MESSAGE\n60s         Normal   Scheduled   pod/web   Successfully assigned default/web to worker-1\n',
    );
  });
  it('adds LABELS with --show-labels', () => {
    const p = pod({ phase: 'Pending' }, { labels: { run: 'web', app: 'x' } });
    expect(renderTable(resourceForName('po')!, [p], { now: NOW, wide: false, withNamespace: false, withKind: true, showLabels: true, noHeaders: false })).toBe(
      'NAME      READY   STATUS    RESTARTS   AGE   LABELS\npod/web   0/1     Pending   0          10m   app=x,run=web\n',
    );
  });
});
