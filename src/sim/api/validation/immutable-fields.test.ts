// Immutable fields on update, as kube-apiserver v1.31 reports them: deploymentStrategy.ValidateUpdate
// (pkg/registry/apps/deployment/strategy.go, ValidateImmutableField on spec.selector for apps/v1),
// ValidateJobSpecUpdate (pkg/apis/batch/validation/validation.go: selector and template) and
// validateUpgradeDowngradeClusterIPs (pkg/apis/core/validation/validation.go: "may not change once set").

import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { validateUpdate } from './index';
import { defaulted, info, messages } from './testing';

function deployment(app: string, rv = '1'): KubeObject {
  return defaulted({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', resourceVersion: rv },
    spec: { replicas: 1, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
  });
}

function job(image: string): KubeObject {
  return defaulted({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'pi', namespace: 'default' },
    spec: {
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } },
      template: { metadata: { labels: { 'batch.kubernetes.io/controller-uid': 'u1' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image }] } },
    },
  });
}

function service(clusterIPs: string[]): KubeObject {
  return defaulted({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: clusterIPs[0], clusterIPs, selector: { app: 'web' }, ports: [{ port: 80 }] } });
}

describe('immutable fields on update', () => {
  it('refuses a new Deployment selector with `field is immutable` and the selector as Go prints it', () => {
    const errs = messages(validateUpdate(info('apps/v1', 'Deployment'), deployment('api'), deployment('web')));
    expect(errs).toEqual(['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable']);
  });

  it('lets a Deployment keep its selector and change its image', () => {
    const next = deployment('web');
    (next.spec as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image = 'nginx:1.26';
    expect(validateUpdate(info('apps/v1', 'Deployment'), next, deployment('web'))).toEqual([]);
  });

  it("refuses a change to a Job's pod template", () => {
    // Go prints the template with %#v; Kubeplay prints it as JSON (the message's end is exact).
    expect(messages(validateUpdate(info('batch/v1', 'Job'), job('perl:5.40'), job('perl:5.34.0')))).toEqual([expect.stringMatching(/^spec\.template: Invalid value: \{.*\}: field is immutable$/)]);
    expect(validateUpdate(info('batch/v1', 'Job'), job('perl:5.34.0'), job('perl:5.34.0'))).toEqual([]);
  });

  it("refuses a new primary cluster IP of a Service: `may not change once set`", () => {
    const errs = messages(validateUpdate(info('v1', 'Service'), service(['10.96.0.99']), service(['10.96.0.10'])));
    expect(errs).toEqual(['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set']);
  });
});
