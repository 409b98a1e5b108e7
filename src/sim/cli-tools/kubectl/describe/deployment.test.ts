// describeDeployment against fixed objects, compared with kubectl v1.31's whole text
// (kubectl/pkg/describe/describe.go describeDeployment, DescribePodTemplate, printReplicaSetsByLabels).
// The Pod Template lines align with `  Node-Selectors:` because they form one tabwriter column block.

import { describe, expect, it } from 'vitest';
import type { Event } from '../../../api/types';
import type { Deployment, ReplicaSet } from '../../../controllers/replicaset/types';
import { describeDeployment } from './deployment';

const template = (hash?: string): ReplicaSet['spec']['template'] => ({
  metadata: { labels: hash ? { app: 'web', 'pod-template-hash': hash } : { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.26', ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
});

const web: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'd-1', creationTimestamp: '2024-08-13T09:00:00Z', labels: { app: 'web' }, annotations: { 'deployment.kubernetes.io/revision': '2' } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: template(),
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
  },
  status: {
    replicas: 4, updatedReplicas: 1, availableReplicas: 3, unavailableReplicas: 1,
    conditions: [
      { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
      { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' },
    ] as NonNullable<Deployment['status']>['conditions'],
  },
};

function rs(name: string, hash: string, image: string, replicas: number, created: string): ReplicaSet {
  const t = template(hash);
  t.spec.containers[0]!.image = image;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'default', uid: name, creationTimestamp: created, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1', controller: true }] },
    spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: t },
    status: { replicas },
  };
}

const scaled: Event = {
  apiVersion: 'v1', kind: 'Event',
  metadata: { name: 'web.17e', namespace: 'default' },
  involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' },
  reason: 'ScalingReplicaSet', message: 'Scaled up replica set web-7d9c4b8f6 to 1', type: 'Normal',
  source: { component: 'deployment-controller' }, firstTimestamp: '2024-08-13T09:01:00Z', lastTimestamp: '2024-08-13T09:01:00Z', count: 1,
};

describe('describeDeployment', () => {
  it('prints a Deployment in the middle of a rollout with its old and new ReplicaSets', () => {
    const old = rs('web-68bf9f694d', '68bf9f694d', 'nginx:1.25', 3, '2024-08-13T09:00:00Z');
    const cur = rs('web-7d9c4b8f6', '7d9c4b8f6', 'nginx:1.26', 1, '2024-08-13T09:01:00Z');
    const gone = rs('web-55aa', '55aa', 'nginx:1.24', 0, '2024-08-13T08:59:00Z');
    const text = describeDeployment(web, [scaled], [gone, old, cur], 120_000);
    expect(text).toBe(
      'Name:                   web\n' +
      'Namespace:              default\n' +
      'CreationTimestamp:      Tue, 13 Aug 2024 09:00:00 +0000\n' +
      'Labels:                 app=web\n' +
      'Annotations:            deployment.kubernetes.io/revision: 2\n' +
      'Selector:               app=web\n' +
      'Replicas:               3 desired | 1 updated | 4 total | 3 available | 1 unavailable\n' +
      'StrategyType:           RollingUpdate\n' +
      'MinReadySeconds:        0\n' +
      'RollingUpdateStrategy:  25% max unavailable, 25% max surge\n' +
      'Pod Template:\n' +
      '  Labels:  app=web\n' +
      '  Containers:\n' +
      '   nginx:\n' +
      '    Image:         nginx:1.26\n' +
      '    Port:          80/TCP\n' +
      '    Host Port:     0/TCP\n' +
      '    Environment:   <none>\n' +
      '    Mounts:        <none>\n' +
      '  Volumes:         <none>\n' +
      '  Node-Selectors:  <none>\n' +
      '  Tolerations:     <none>\n' +
      'Conditions:\n' +
      '  Type           Status  Reason\n' +
      '  ----           ------  ------\n' +
      '  Available      True    MinimumReplicasAvailable\n' +
      '  Progressing    True    ReplicaSetUpdated\n' +
      'OldReplicaSets:  web-68bf9f694d (3/3 replicas created)\n' +
      'NewReplicaSet:   web-7d9c4b8f6 (1/1 replicas created)\n' +
      'Events:\n' +
      '  Type    Reason             Age   From                   Message\n' +
      '  ----    ------             ----  ----                   -------\n' +
      '  Normal  ScalingReplicaSet  60s   deployment-controller  Scaled up replica set web-7d9c4b8f6 to 1\n',
    );
  });

  it('prints <none> for ReplicaSets and Events, and no RollingUpdateStrategy for Recreate', () => {
    const recreate: Deployment = { ...web, spec: { ...web.spec, strategy: { type: 'Recreate' } }, status: {} };
    const text = describeDeployment(recreate, [], [], 0);
    expect(text).toContain('StrategyType:       Recreate\nMinReadySeconds:    0\nPod Template:\n');
    expect(text).toContain('  Tolerations:     <none>\nOldReplicaSets:    <none>\nNewReplicaSet:     <none>\nEvents:            <none>\n');
    expect(text).not.toContain('Conditions:');
  });
});
