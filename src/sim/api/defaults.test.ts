import { describe, expect, it } from 'vitest';
import { applyDefaults, sortKeysDeep, sortKeysOwned } from './defaults';
import { imageTag } from './pod-defaults';
import { resourceForKind } from './resources';
import type { KubeObject } from './types';

const POD = resourceForKind('v1', 'Pod')!;

// Source: pkg/apis/core/v1/defaults.go (SetDefaults_Pod, SetDefaults_PodSpec, SetDefaults_Container,
// SetDefaults_ContainerPort, SetDefaults_Probe, SetDefaults_HTTPGetAction, SetDefaults_Namespace), v1.31,
// and what `kubectl get pod -o yaml` shows for `kubectl run nginx --image=nginx`.
describe('applyDefaults', () => {
  const manifest: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx', namespace: 'default' },
    spec: {
      containers: [
        {
          name: 'nginx',
          image: 'nginx',
          ports: [{ containerPort: 80 }],
          resources: { limits: { cpu: '500m' } },
          livenessProbe: { httpGet: { port: 80 } },
        },
      ],
      tolerations: [{ key: 'a', operator: 'Exists' }],
    },
  };

  it('fills in the pod, spec and container defaults exactly', () => {
    expect(applyDefaults(POD, manifest)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'nginx', namespace: 'default' },
      spec: {
        containers: [
          {
            image: 'nginx',
            imagePullPolicy: 'Always',
            livenessProbe: { failureThreshold: 3, httpGet: { path: '/', port: 80, scheme: 'HTTP' }, periodSeconds: 10, successThreshold: 1, timeoutSeconds: 1 },
            name: 'nginx',
            ports: [{ containerPort: 80, protocol: 'TCP' }],
            resources: { limits: { cpu: '500m' }, requests: { cpu: '500m' } },
            terminationMessagePath: '/dev/termination-log',
            terminationMessagePolicy: 'File',
          },
        ],
        dnsPolicy: 'ClusterFirst',
        enableServiceLinks: true,
        restartPolicy: 'Always',
        schedulerName: 'default-scheduler',
        securityContext: {},
        terminationGracePeriodSeconds: 30,
        tolerations: [{ key: 'a', operator: 'Exists' }],
      },
    });
  });

  it('orders keys as kubectl get -o yaml prints them', () => {
    const out = applyDefaults(POD, { kind: 'Pod', spec: { containers: [] }, metadata: { name: 'x' }, apiVersion: 'v1' } as KubeObject);
    expect(Object.keys(out)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
  });

  it('never mutates its input', () => {
    const before = JSON.stringify(manifest);
    applyDefaults(POD, manifest);
    expect(JSON.stringify(manifest)).toBe(before);
  });

  it('keeps values the user set', () => {
    const out = applyDefaults(POD, { ...manifest, spec: { containers: [{ name: 'a', image: 'a', resources: {} }], restartPolicy: 'Never', terminationGracePeriodSeconds: 0 } });
    expect(out.spec).toMatchObject({ restartPolicy: 'Never', terminationGracePeriodSeconds: 0 });
  });

  const pullPolicies: [string, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['registry:5000/app', 'Always'],
    ['registry:5000/app:v2', 'IfNotPresent'],
    ['nginx@sha256:0123', 'IfNotPresent'],
  ];
  it.each(pullPolicies)('image %s gets imagePullPolicy %s', (image, policy) => {
    const out = applyDefaults(POD, { ...manifest, spec: { containers: [{ name: 'a', image }] } });
    expect((out.spec as { containers: { imagePullPolicy: string }[] }).containers[0]!.imagePullPolicy).toBe(policy);
  });

  it('gives a namespace its name label, the kubernetes finalizer and phase Active', () => {
    const ns = applyDefaults(resourceForKind('v1', 'Namespace')!, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    expect(ns).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { labels: { 'kubernetes.io/metadata.name': 'team-a' }, name: 'team-a' },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  });

  it('copies node capacity to allocatable when it is missing', () => {
    const node = applyDefaults(resourceForKind('v1', 'Node')!, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w' }, status: { capacity: { cpu: '2' } } });
    expect(node).toMatchObject({ spec: {}, status: { allocatable: { cpu: '2' }, capacity: { cpu: '2' } } });
  });

  it('prints the always-serialised event fields', () => {
    const ev = applyDefaults(resourceForKind('v1', 'Event')!, { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod' } });
    expect(ev).toMatchObject({ eventTime: null, firstTimestamp: null, lastTimestamp: null, reportingComponent: '', reportingInstance: '', source: {} });
  });

  it('parses image tags the way ParseImageName does', () => {
    expect(imageTag('docker.io/library/nginx:1.25')).toBe('1.25');
  });
});

describe('sortKeysOwned', () => {
  const cases: [string, unknown][] = [
    ['a nested object out of order', { spec: { z: 1, a: [{ y: 2, b: { d: 1, c: 2 } }] }, kind: 'Pod', apiVersion: 'v1' }],
    ['an already sorted object', { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { a: '1', b: '2' }, name: 'x' } }],
    ['integer-like keys, which objects list first', { b: 1, '10': 2, '9': 3, a: { '2': 1, '1': 0 } }],
    ['a __proto__ field', JSON.parse('{"z": 1, "__proto__": {"b": 1, "a": 2}, "a": null}')],
    ['arrays of scalars and nulls', { b: [3, 1, null, 'x'], a: [] }],
  ];
  it.each(cases)('orders %s exactly as sortKeysDeep does', (_name, v) => {
    const want = sortKeysDeep(v);
    const got = sortKeysOwned(structuredClone(v));
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    expect(got).toEqual(want);
  });

  it('keeps an object whose keys are already in order instead of copying it', () => {
    const v = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { containers: [{ image: 'nginx', name: 'c' }] } };
    const { metadata, spec } = v;
    const out = sortKeysOwned(v);
    expect(out).toBe(v);
    expect(out.metadata).toBe(metadata);
    expect(out.spec.containers[0]).toBe(spec.containers[0]);
  });
});
