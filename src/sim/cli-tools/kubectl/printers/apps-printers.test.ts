// Cases follow printDeployment and printReplicaSet in kubernetes pkg/printers/internalversion/
// printers.go (READY is ready/desired; wide adds layoutContainerCells and the selector string).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/types';
import { rfc3339 } from '../../../api/time';
import { renderTable } from './table-print';
import { printerFor } from '../../../apiserver/printers/tables';
import { selectorString } from '../../../apiserver/printers/apps-printers';
import { appsResource } from '../apps-resources';

const NOW = 300_000;

function deployment(replicas: number, status: Record<string, number>): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', creationTimestamp: rfc3339(0) },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }, { name: 'log', image: 'busybox' }] } },
    },
    status,
  };
}

function replicaSet(replicas: number, status: Record<string, number>): KubeObject {
  const d = deployment(replicas, status);
  return { ...d, kind: 'ReplicaSet', metadata: { ...d.metadata, name: 'web-7d4b9c8f6' } };
}

describe('kubectl get deployments (printDeployment)', () => {
  it.each([
    ['a deployment still starting', deployment(3, { replicas: 3, updatedReplicas: 3, readyReplicas: 1, availableReplicas: 1 }), ['web', '1/3', '3', '1', '5m']],
    ['a deployment with no status yet', deployment(2, {}), ['web', '0/2', '0', '0', '5m']],
    ['a rolled-out deployment', deployment(3, { replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 }), ['web', '3/3', '3', '3', '5m']],
  ])('%s', (_name, obj, cells) => {
    expect(printerFor('deployments').row(obj, NOW, false)).toEqual(cells);
  });

  it('adds containers, images and the selector with -o wide', () => {
    expect(printerFor('deployments').row(deployment(3, { readyReplicas: 3 }), NOW, true).slice(5)).toEqual(['nginx,log', 'nginx:1.25,busybox', 'app=web']);
  });

  it('prints the real header and alignment', () => {
    const text = renderTable(appsResource('Deployment'), [deployment(3, { replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 })], {
      now: NOW, wide: false, withNamespace: false, withKind: false, showLabels: false, noHeaders: false,
    });
    expect(text).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           5m\n');
  });
});

describe('kubectl get replicasets (printReplicaSet)', () => {
  it('prints DESIRED, CURRENT and READY', () => {
    expect(printerFor('replicasets').row(replicaSet(3, { replicas: 2, readyReplicas: 1 }), NOW, false)).toEqual(['web-7d4b9c8f6', '3', '2', '1', '5m']);
  });

  it('prints the wide header', () => {
    const text = renderTable(appsResource('ReplicaSet'), [replicaSet(1, { replicas: 1, readyReplicas: 1 })], {
      now: NOW, wide: true, withNamespace: false, withKind: false, showLabels: false, noHeaders: false,
    });
    expect(text.split('\n')[0]).toBe('NAME            DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES               SELECTOR');
  });
});

// printStatefulSet (printers.go): NAME READY AGE, READY = status.readyReplicas/spec.replicas; wide
// adds CONTAINERS and IMAGES (no selector).
describe('kubectl get statefulsets (printStatefulSet)', () => {
  it.each([
    ['a set still starting its second pod', deployment(3, { replicas: 2, readyReplicas: 1 }), ['web', '1/3', '5m']],
    ['a set with no status yet', deployment(2, {}), ['web', '0/2', '5m']],
  ])('prints %s', (_name, d, cells) => {
    expect(printerFor('statefulsets').row({ ...d, kind: 'StatefulSet' }, NOW, false)).toEqual(cells);
  });

  it('prints the wide header with containers and images only', () => {
    const info = { ...appsResource('Deployment'), resource: 'statefulsets', kind: 'StatefulSet', singular: 'statefulset', listKind: 'StatefulSetList', shortNames: ['sts'] };
    const text = renderTable(info, [{ ...deployment(3, { readyReplicas: 3 }), kind: 'StatefulSet' }], {
      now: NOW, wide: true, withNamespace: false, withKind: false, showLabels: false, noHeaders: false,
    });
    expect(text).toBe('NAME   READY   AGE   CONTAINERS   IMAGES\nweb    3/3     5m    nginx,log    nginx:1.25,busybox\n');
  });
});

describe('selector strings (labels.Selector.String)', () => {
  it.each([
    ['match labels sorted by key', { matchLabels: { tier: 'web', app: 'shop' } }, 'app=shop,tier=web'],
    ['set-based expressions', { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }, { key: 'canary', operator: 'DoesNotExist' }] }, '!canary,env in (dev,prod)'],
    ['no selector at all', undefined, ''],
  ])('%s', (_name, sel, text) => {
    expect(selectorString(sel)).toBe(text);
  });
});
