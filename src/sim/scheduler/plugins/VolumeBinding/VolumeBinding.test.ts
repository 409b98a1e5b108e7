// Source: kube-scheduler's plugins/volumebinding (volume_binding.go PreFilter/Filter, binder.go
// GetPodVolumeClaims, FindPodVolumes and its ConflictReasons), v1.31; docs "Storage Classes"
// (volumeBindingMode WaitForFirstConsumer) and "Persistent Volumes" (node affinity).

import { describe, expect, it } from 'vitest';
import type { KubeObject, PodSpec } from '../../../api/types';
import { makeNode, makePod } from '../../testing';
import { makePodInfo, nodeInfoOf } from '../../framework/nodeinfo';
import type { CycleContext } from '../../framework/types';
import { bindPodVolumes, podVolumeClaims, podVolumesBound, type VolumeListers } from './binder';
import { VolumeBinding } from './VolumeBinding';

const obj = (kind: string, name: string, body: Record<string, unknown>, namespace?: string): KubeObject =>
  ({ apiVersion: 'v1', kind, metadata: { name, namespace, uid: `uid-${name}` }, ...body }) as KubeObject;
const claim = (name: string, spec: Record<string, unknown>, status: Record<string, unknown> = { phase: 'Pending' }) =>
  obj('PersistentVolumeClaim', name, { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec }, status }, 'default');
const onNode = (node: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } });
const volume = (name: string, spec: Record<string, unknown>) =>
  obj('PersistentVolume', name, { spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }, ...spec }, status: { phase: 'Available' } });

function listers(objects: KubeObject[]): VolumeListers {
  const by = (kind: string, key: (o: KubeObject) => string) => new Map(objects.filter((o) => o.kind === kind).map((o) => [key(o), o]));
  return {
    claims: by('PersistentVolumeClaim', (o) => `${o.metadata.namespace}/${o.metadata.name}`),
    volumes: by('PersistentVolume', (o) => o.metadata.name ?? ''),
    classes: by('StorageClass', (o) => o.metadata.name ?? ''),
  };
}

const standard = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard' }, provisioner: 'rancher.io/local-path', volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
const immediate = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast' }, provisioner: 'rancher.io/local-path', volumeBindingMode: 'Immediate' } as KubeObject;
const noProvisioner = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;

const w1 = nodeInfoOf(makeNode('worker-1', { labels: { 'kubernetes.io/hostname': 'worker-1' } }));
const w2 = nodeInfoOf(makeNode('worker-2', { labels: { 'kubernetes.io/hostname': 'worker-2' } }));
const podWith = (claimName: string) => makePod('p', { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] } as Partial<PodSpec> });

function cycle(claimName: string, objects: KubeObject[]): CycleContext {
  return { pod: makePodInfo(podWith(claimName)), nodes: [w1, w2], havePodsWithRequiredAntiAffinity: [], state: {}, volumes: listers(objects) };
}

describe('VolumeBinding PreFilter', () => {
  it.each<[string, string, KubeObject[], string, string[]]>([
    ['skips a pod without claims', '', [], 'Skip', []],
    ['refuses a pod whose claim does not exist', 'missing', [], 'UnschedulableAndUnresolvable', ['persistentvolumeclaim "missing" not found']],
    ['refuses a pod whose unbound claim binds Immediate', 'data', [immediate, claim('data', { storageClassName: 'fast' })], 'UnschedulableAndUnresolvable', ['pod has unbound immediate PersistentVolumeClaims']],
    ['counts a claim without a class as Immediate', 'data', [claim('data', { storageClassName: '' })], 'UnschedulableAndUnresolvable', ['pod has unbound immediate PersistentVolumeClaims']],
    ['lets a WaitForFirstConsumer claim through to Filter', 'data', [standard, claim('data', { storageClassName: 'standard' })], 'Success', []],
    ['lets a bound claim through', 'data', [claim('data', { storageClassName: 'fast', volumeName: 'pv1' }, { phase: 'Bound' }), volume('pv1', {})], 'Success', []],
  ])('%s', (_n, claimName, objects, code, reasons) => {
    const ctx = claimName ? cycle(claimName, objects) : { pod: makePodInfo(makePod('p')), nodes: [w1], havePodsWithRequiredAntiAffinity: [], state: {}, volumes: listers(objects) };
    const s = VolumeBinding.preFilter!(ctx);
    expect({ code: s.code, reasons: s.reasons }).toEqual({ code, reasons });
  });
});

describe('VolumeBinding Filter', () => {
  it.each<[string, KubeObject[], string[], string[]]>([
    ['a bound volume with node affinity allows only its node', [claim('data', { volumeName: 'pv1' }, { phase: 'Bound' }), volume('pv1', { nodeAffinity: onNode('worker-1') })], [], ['node(s) had volume node affinity conflict']],
    ['a claim bound to a volume that is gone fits nowhere', [claim('data', { volumeName: 'gone' }, { phase: 'Bound' })], ['node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)'], ['node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)']],
    ['a WaitForFirstConsumer claim of a provisioning class fits every node', [standard, claim('data', { storageClassName: 'standard' })], [], []],
    ['without a provisioner, only a node with a free local volume fits', [noProvisioner, claim('data', { storageClassName: 'local' }), volume('pv1', { storageClassName: 'local', nodeAffinity: onNode('worker-1') })], [], ["node(s) didn't find available persistent volumes to bind"]],
  ])('%s', (_n, objects, onW1, onW2) => {
    const ctx = cycle('data', objects);
    expect(VolumeBinding.preFilter!(ctx).code).toBe('Success');
    expect(VolumeBinding.filter!(ctx, w1).reasons).toEqual(onW1);
    expect(VolumeBinding.filter!(ctx, w2).reasons).toEqual(onW2);
  });
});

describe('the volume binder once a node is chosen', () => {
  it('writes the chosen node on a claim to provision (volume.kubernetes.io/selected-node)', () => {
    const l = listers([standard, claim('data', { storageClassName: 'standard' })]);
    const pod = podWith('data');
    expect(bindPodVolumes(podVolumeClaims(pod, l), w2.node, l)).toEqual([
      {
        path: '/api/v1/namespaces/default/persistentvolumeclaims/data',
        body: { metadata: { annotations: { 'volume.kubernetes.io/selected-node': 'worker-2' } } },
        summary: 'PATCH /api/v1/namespaces/default/persistentvolumeclaims/data (selected-node worker-2)',
        object: { kind: 'PersistentVolumeClaim', name: 'data', namespace: 'default' },
      },
    ]);
    expect(podVolumesBound(pod, l)).toBe(false);
  });

  it('gives a free volume on the node the claim\'s reference instead of provisioning', () => {
    const l = listers([noProvisioner, claim('data', { storageClassName: 'local' }), volume('pv1', { storageClassName: 'local', nodeAffinity: onNode('worker-1') })]);
    const [w] = bindPodVolumes(podVolumeClaims(podWith('data'), l), w1.node, l);
    expect(w!.path).toBe('/api/v1/persistentvolumes/pv1');
    expect(w!.body).toEqual({
      metadata: { annotations: { 'pv.kubernetes.io/bound-by-controller': 'yes' } },
      spec: { claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'default', name: 'data', uid: 'uid-data' } },
    });
  });

  it('lets the pod be bound once every claim is Bound', () => {
    const l = listers([claim('data', { volumeName: 'pv1' }, { phase: 'Bound' })]);
    expect(podVolumesBound(podWith('data'), l)).toBe(true);
  });
});
