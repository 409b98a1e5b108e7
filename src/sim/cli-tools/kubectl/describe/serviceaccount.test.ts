// describeServiceAccount (kubectl/pkg/describe/describe.go: ServiceAccountDescriber, v1.31). The
// expected texts are what kubectl v1.31.9 printed against `kubeplay serve` for `kubectl describe sa
// default` and, with a ServiceAccount `build` (these labels, annotation, imagePullSecrets reg and
// gone, secrets reg and build-token), a Secret `reg` and a service-account-token Secret
// `build-token` annotated with build's name and uid, for `kubectl describe sa build`.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/types';
import { describeServiceAccount } from './serviceaccount';

const build = {
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name: 'build', namespace: 'default', uid: 'u-build', labels: { team: 'ci', app: 'builder' }, annotations: { note: 'hello' } },
  imagePullSecrets: [{ name: 'reg' }, { name: 'gone' }],
  secrets: [{ name: 'reg' }, { name: 'build-token' }],
};
const secret = (name: string, type: string, annotations?: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default', annotations }, type }) as KubeObject;
const secrets = [
  secret('build-token', 'kubernetes.io/service-account-token', { 'kubernetes.io/service-account.name': 'build', 'kubernetes.io/service-account.uid': 'u-build' }),
  secret('other-token', 'kubernetes.io/service-account-token', { 'kubernetes.io/service-account.name': 'build', 'kubernetes.io/service-account.uid': 'u-old' }),
  secret('reg', 'Opaque'),
];

describe('kubectl describe serviceaccount', () => {
  it('prints <none> under each header for a bare account (kubectl describe sa default)', () => {
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'default', uid: 'u1' } };
    expect(describeServiceAccount(sa, [], [], 0)).toBe(
      [
        'Name:                default',
        'Namespace:           default',
        'Labels:              <none>',
        'Annotations:         <none>',
        'Image pull secrets:  <none>',
        'Mountable secrets:   <none>',
        'Tokens:              <none>',
        'Events:              <none>',
        '',
      ].join('\n'),
    );
  });

  it('lists names under their header, marks missing secrets, and takes tokens by name and uid (kubectl describe sa build)', () => {
    expect(describeServiceAccount(build, secrets, [], 0)).toBe(
      [
        'Name:                build',
        'Namespace:           default',
        'Labels:              app=builder',
        '                     team=ci',
        'Annotations:         note: hello',
        'Image pull secrets:  reg',
        '                     gone (not found)',
        'Mountable secrets:   reg',
        '                     build-token',
        'Tokens:              build-token',
        'Events:              <none>',
        '',
      ].join('\n'),
    );
  });

  it('marks nothing missing when the Secrets could not be listed (errors are tolerated)', () => {
    expect(describeServiceAccount(build, undefined, [], 0)).toContain('Image pull secrets:  reg\n                     gone\n');
  });
});
