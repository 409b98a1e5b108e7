// describeJob and describeDaemonSet against fixed objects, compared with kubectl's whole text
// (kubectl/pkg/describe/describe.go describeJob and describeDaemonSet; the DaemonSet's node counts
// carry no tab, so they stay out of the aligned columns).

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../api/types';
import type { DaemonSet } from '../../../controllers/daemonset/types';
import type { Job } from '../../../controllers/job/manage';
import { describeJob } from './job';
import { describeDaemonSet } from './statefulset';

const template = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'busybox:1.36' }] } };

describe('describeJob', () => {
  it('prints a running Job without completion time or duration', () => {
    const job = {
      apiVersion: 'batch/v1', kind: 'Job',
      metadata: { name: 'pi', namespace: 'default' },
      spec: { parallelism: 1, backoffLimit: 4, selector: { matchLabels: { app: 'x' } }, template },
      status: { startTime: '2024-08-13T09:00:05Z', active: 1, ready: 0 },
    } as unknown as Job;
    expect(describeJob(job, [], 0)).toBe(
      'Name:           pi\n' +
      'Namespace:      default\n' +
      'Selector:       app=x\n' +
      'Labels:         <none>\n' +
      'Annotations:    <none>\n' +
      'Parallelism:    1\n' +
      'Completions:    <unset>\n' +
      'Backoff Limit:  4\n' +
      'Start Time:     Tue, 13 Aug 2024 09:00:05 +0000\n' +
      'Pods Statuses:  1 Active (0 Ready) / 0 Succeeded / 0 Failed\n' +
      'Pod Template:\n' +
      '  Labels:  app=x\n' +
      '  Containers:\n' +
      '   c:\n' +
      '    Image:         busybox:1.36\n' +
      '    Port:          <none>\n' +
      '    Host Port:     <none>\n' +
      '    Environment:   <none>\n' +
      '    Mounts:        <none>\n' +
      '  Volumes:         <none>\n' +
      '  Node-Selectors:  <none>\n' +
      '  Tolerations:     <none>\n' +
      'Events:            <none>\n',
    );
  });
});

describe('describeDaemonSet', () => {
  it('prints the node counts unaligned and the pods it controls', () => {
    const ds = {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'agent', namespace: 'kube-system', uid: 'ds-1' },
      spec: { selector: { matchLabels: { app: 'x' } }, template },
      status: { desiredNumberScheduled: 2, currentNumberScheduled: 2, updatedNumberScheduled: 2, numberAvailable: 1, numberMisscheduled: 0, numberReady: 1 },
    } as unknown as DaemonSet;
    const pod = (phase: string): Pod => ({ metadata: { ownerReferences: [{ kind: 'DaemonSet', name: 'agent', uid: 'ds-1', controller: true }] }, status: { phase } }) as unknown as Pod;
    const text = describeDaemonSet(ds, [], [pod('Running'), pod('Pending')], 0);
    expect(text.split('Pod Template:\n')[0]).toBe(
      'Name:           agent\n' +
      'Namespace:      kube-system\n' +
      'Selector:       app=x\n' +
      'Node-Selector:  <none>\n' +
      'Labels:         <none>\n' +
      'Annotations:    <none>\n' +
      'Desired Number of Nodes Scheduled: 2\n' +
      'Current Number of Nodes Scheduled: 2\n' +
      'Number of Nodes Scheduled with Up-to-date Pods: 2\n' +
      'Number of Nodes Scheduled with Available Pods: 1\n' +
      'Number of Nodes Misscheduled: 0\n' +
      'Pods Status:  1 Running / 1 Waiting / 0 Succeeded / 0 Failed\n',
    );
  });
});
