import { describe, expect, it } from 'vitest';
import type { KubectlVocabulary } from '../../protocol/view';
import { commonPrefix, complete, objectNameOf } from './completion';

/** A vocabulary as the worker sends it with `loaded` (src/sim/cli-tools/kubectl/vocabulary.ts), cut down. */
const vocabulary: KubectlVocabulary = {
  verbs: [
    { name: 'get', flags: ['--output', '-o', '--selector', '-l', '--all-namespaces', '-A', '--watch', '-w'] },
    { name: 'describe', flags: ['--selector', '-l'] },
    { name: 'delete', flags: ['--filename', '-f', '--force'] },
    { name: 'drain', flags: ['--force', '--ignore-daemonsets'] },
    { name: 'logs', flags: ['--container', '-c'] },
    { name: 'explain', flags: ['--recursive', '--api-version'] },
    { name: 'events', flags: ['--for', '--types'] },
    { name: 'run', flags: ['--image'] },
  ],
  globalFlags: ['--namespace', '-n', '--as', '--context'],
  valueFlags: ['--as', '--container', '--context', '--filename', '--for', '--namespace', '--output', '--selector', '--types', '-c', '-f', '-l', '-n', '-o'],
  kinds: [
    { resource: 'pods', singular: 'pod', shortNames: ['po'], namespaced: true },
    { resource: 'nodes', singular: 'node', shortNames: ['no'], namespaced: false },
    { resource: 'namespaces', singular: 'namespace', shortNames: ['ns'], namespaced: false },
    { resource: 'persistentvolumes', singular: 'persistentvolume', shortNames: ['pv'], namespaced: false },
  ],
};

const objects = ['pods/default/web', 'pods/default/web-2', 'pods/kube-system/etcd-control-plane', 'nodes//worker-1', 'nodes//worker-2', 'namespaces//default', 'namespaces//kube-system'].map(objectNameOf);

describe('complete', () => {
  it.each([
    ['ku', ['kubectl']],
    ['kubectl g', ['get']],
    ['k get n', ['namespaces', 'no', 'nodes', 'ns']],
    ['kubectl d', ['delete', 'describe', 'drain']],
    ['kubectl e', ['events', 'explain']],
    ['kubectl ', ['delete', 'describe', 'drain', 'events', 'explain', 'get', 'logs', 'run']],
    ['kubectl get p', ['persistentvolumes', 'po', 'pods', 'pv']],
    ['kubectl explain p', ['persistentvolumes', 'po', 'pods', 'pv']],
    ['kubectl get pods w', ['web', 'web-2']],
    ['kubectl get pods -n kube-system e', ['etcd-control-plane']],
    ['kubectl get pods -A ', ['etcd-control-plane', 'web', 'web-2']],
    ['kubectl describe no ', ['worker-1', 'worker-2']],
    ['kubectl get pod/w', ['pod/web', 'pod/web-2']],
    ['kubectl logs w', ['web', 'web-2']],
    ['kubectl get pods -o ', ['json', 'name', 'wide', 'yaml']],
    ['kubectl get pods -n ', ['default', 'kube-system']],
    ['kubectl get pods --', ['--all-namespaces', '--as', '--context', '--namespace', '--output', '--selector', '--watch']],
    ['kubectl explain --r', ['--recursive']],
    ['kubectl events --for pod/w --t', ['--types']],
    ['kubectl logs -c x w', ['web', 'web-2']],
    ['kubectl get no worker-1 --context ', []],
    ['kubectl run web --image=nginx ', []],
    ['ls ', []],
  ])('completes "%s" with %j', (line, words) => {
    expect(complete(line, objects, vocabulary).candidates).toEqual(words);
  });

  it('says where the word being completed starts', () => {
    expect(complete('kubectl get po', objects, vocabulary)).toMatchObject({ start: 12, prefix: 'po' });
  });

  it('offers no kubectl words before the worker has sent its vocabulary', () => {
    expect(complete('kubectl g', objects, null).candidates).toEqual([]);
    expect(complete('ku', objects, null).candidates).toEqual(['kubectl']);
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
    expect(complete(line, nodes, vocabulary).candidates).toEqual(candidates);
  });
});
