import { describe, expect, it } from 'vitest';
import { commonPrefix, complete, objectNameOf } from './completion';

const objects = ['pods/default/web', 'pods/default/web-2', 'pods/kube-system/etcd-control-plane', 'nodes//worker-1', 'nodes//worker-2', 'namespaces//default', 'namespaces//kube-system'].map(objectNameOf);

describe('complete', () => {
  it.each([
    ['ku', ['kubectl']],
    ['kubectl g', ['get']],
    ['k get p', ['po', 'pods']],
    ['kubectl d', ['delete', 'describe', 'drain']],
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

describe('completion of the node tools over ssh (seed, chapter 3)', () => {
  const nodes = [{ resource: 'nodes', namespace: '', name: 'worker-1' }, { resource: 'nodes', namespace: '', name: 'worker-2' }];
  it.each([
    ['ss', ['ssh']],
    ['ssh w', ['worker-1', 'worker-2']],
    ['ssh worker-1 ', ['--']],
    ['ssh worker-1 -- ', ['crictl', 'etcdctl', 'journalctl', 'systemctl']],
    ['ssh worker-1 -- crictl p', ['pods', 'ps', 'pull']],
    ['ssh worker-1 -- systemctl status ', ['containerd', 'kubelet']],
    ['ssh worker-1 -- sudo systemctl re', ['restart']],
    ['ssh worker-1 -- journalctl -u k', ['kubelet']],
  ])('%j offers %j', (line, candidates) => {
    expect(complete(line, nodes).candidates).toEqual(candidates);
  });
});
