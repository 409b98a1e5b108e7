import { describe, expect, it } from 'vitest';
import { commonPrefix, complete, objectNameOf } from './completion';

const objects = ['pods/default/web', 'pods/default/web-2', 'pods/kube-system/etcd-control-plane', 'nodes//worker-1', 'nodes//worker-2', 'namespaces//default', 'namespaces//kube-system'].map(objectNameOf);

describe('complete', () => {
  it.each([
    ['ku', ['kubectl']],
    ['kubectl g', ['get']],
    ['kubectl d', ['delete', 'describe']],
    ['kubectl get p', ['po', 'pods']],
    ['kubectl get pods w', ['web', 'web-2']],
    ['kubectl get pods -n kube-system e', ['etcd-control-plane']],
    ['kubectl get pods -A ', ['etcd-control-plane', 'web', 'web-2']],
    ['kubectl describe no ', ['worker-1', 'worker-2']],
    ['kubectl get pod/w', ['pod/web', 'pod/web-2']],
    ['kubectl logs w', ['web', 'web-2']],
    ['kubectl get pods -o ', ['json', 'name', 'wide', 'yaml']],
    ['kubectl get pods -n ', ['default', 'kube-system']],
    ['kubectl get pods --', ['--as']],
    ['kubectl run web --image=nginx ', []],
    ['ls ', []],
  ])('completes "%s" with %j', (line, words) => {
    expect(complete(line, objects).candidates).toEqual(words);
  });

  it('says where the word being completed starts', () => {
    expect(complete('kubectl get po', objects)).toMatchObject({ start: 12, prefix: 'po' });
  });
});

describe('commonPrefix', () => {
  it('finds the longest prefix all the candidates share', () => {
    expect(commonPrefix(['delete', 'describe'])).toBe('de');
    expect(commonPrefix(['web'])).toBe('web');
    expect(commonPrefix([])).toBe('');
  });
});
