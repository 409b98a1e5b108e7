// kubectl v1.31 pkg/describe/describe.go: smartLabelFor (fatih/camelcase Split, the API/URL/UID/OSB/GUID
// acronyms, fields with other characters kept as they are) and genericDescriber's layout.
import { describe, expect, it } from 'vitest';
import { camelSplit, describeGeneric, smartLabelFor } from './generic';

describe('generic describer', () => {
  it('turns field names into labels as smartLabelFor does', () => {
    expect(camelSplit('HTTPServer')).toEqual(['HTTP', 'Server']);
    expect(smartLabelFor('groupPriorityMinimum')).toBe('Group Priority Minimum');
    expect(smartLabelFor('apiVersion')).toBe('API Version');
    expect(smartLabelFor('uid')).toBe('UID');
    expect(smartLabelFor('holderIdentity')).toBe('Holder Identity');
    expect(smartLabelFor('leaseDurationSeconds')).toBe('Lease Duration Seconds');
    expect(smartLabelFor('k8s-app')).toBe('k8s-app');
    expect(smartLabelFor('caBundle')).toBe('Ca Bundle');
  });

  it('prints Name, Namespace, Labels, Annotations, then the sorted content without managedFields, and the events', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'worker-1', namespace: 'kube-node-lease', uid: 'u-1', resourceVersion: '7', managedFields: [{ manager: 'kubelet' }], ownerReferences: [{ kind: 'Node', name: 'worker-1' }] },
      spec: { holderIdentity: 'worker-1', leaseDurationSeconds: 40, renewTime: null },
    };
    expect(describeGeneric(lease as never, [], 0)).toBe(
      [
        'Name:         worker-1',
        'Namespace:    kube-node-lease',
        'Labels:       <none>',
        'Annotations:  <none>',
        'API Version:  coordination.k8s.io/v1',
        'Kind:         Lease',
        'Metadata:',
        '  Owner References:',
        '    Kind:            Node',
        '    Name:            worker-1',
        '  Resource Version:  7',
        '  UID:               u-1',
        'Spec:',
        '  Holder Identity:         worker-1',
        '  Lease Duration Seconds:  40',
        '  Renew Time:              <nil>',
        'Events:                    <none>',
        '',
      ].join('\n'),
    );
  });
});
