// describeReplicaSet and describeNamespace against fixed objects, compared with kubectl v1.31's
// whole text (kubectl/pkg/describe/describe.go describeReplicaSet, getPodStatusForController,
// describeNamespace, DescribeResourceQuotas, DescribeLimitRanges).

import { describe, expect, it } from 'vitest';
import type { Namespace, Pod } from '../../../api/types';
import type { ReplicaSet } from '../../../controllers/replicaset/types';
import { describeNamespace } from './namespace';
import { describeReplicaSet } from './replicaset';

const rs: ReplicaSet = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-68bf9f694d', namespace: 'default', uid: 'rs-1', creationTimestamp: '2024-08-13T09:00:00Z',
    labels: { app: 'web', 'pod-template-hash': '68bf9f694d' },
    annotations: { 'deployment.kubernetes.io/revision': '1' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1', controller: true }],
  },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web', 'pod-template-hash': '68bf9f694d' } },
    template: { metadata: { labels: { app: 'web', 'pod-template-hash': '68bf9f694d' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
  },
  status: { replicas: 3 },
};

function pod(name: string, phase: string, ownerUid: string): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: ownerUid, controller: true }] },
    spec: { containers: [] },
    status: { phase },
  } as unknown as Pod;
}

describe('describeReplicaSet', () => {
  it('prints the owner, the replica counts and the pods it controls by phase', () => {
    const pods = [pod('a', 'Running', 'rs-1'), pod('b', 'Running', 'rs-1'), pod('c', 'Pending', 'rs-1'), pod('d', 'Running', 'other')];
    expect(describeReplicaSet(rs, [], pods, 0)).toBe(
      'Name:           web-68bf9f694d\n' +
      'Namespace:      default\n' +
      'Selector:       app=web,pod-template-hash=68bf9f694d\n' +
      'Labels:         app=web\n' +
      '                pod-template-hash=68bf9f694d\n' +
      'Annotations:    deployment.kubernetes.io/revision: 1\n' +
      'Controlled By:  Deployment/web\n' +
      'Replicas:       3 current / 3 desired\n' +
      'Pods Status:    2 Running / 1 Waiting / 0 Succeeded / 0 Failed\n' +
      'Pod Template:\n' +
      '  Labels:  app=web\n' +
      '           pod-template-hash=68bf9f694d\n' +
      '  Containers:\n' +
      '   nginx:\n' +
      '    Image:         nginx:1.25\n' +
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

describe('describeNamespace', () => {
  it('prints the phase and the empty quota and limit-range sections', () => {
    const ns: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } }, status: { phase: 'Active' } };
    expect(describeNamespace(ns)).toBe(
      'Name:         default\n' +
      'Labels:       kubernetes.io/metadata.name=default\n' +
      'Annotations:  <none>\n' +
      'Status:       Active\n' +
      '\n' +
      'No resource quota.\n' +
      '\n' +
      'No LimitRange resource.\n',
    );
  });
});
