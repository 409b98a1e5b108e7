// Source: plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go (system:node-proxier, bound to
// the user system:kube-proxy) and controller_policy.go (system:controller:endpointslice-controller).
// kube-proxy only reads; the EndpointSlice controller writes the slices.
import { describe, expect, it } from 'vitest';
import { authorize, bootstrapPolicy } from './index';
import { req } from './test-helpers';

const PROXY = ['system:kube-proxy', ['system:authenticated']] as const;
const ES = ['system:serviceaccount:kube-system:endpointslice-controller', ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated']] as const;
type Who = readonly [string, readonly string[]];
const ask = (who: Who, verb: string, resource: string, opts: Parameters<typeof req>[4] = {}) => req(who[0], [...who[1]], verb, resource, opts);
const DISCOVERY = { apiGroup: 'discovery.k8s.io' };

describe('the bootstrap policy for Services', () => {
  const cases = [
    { name: 'kube-proxy may list and watch services', attrs: [ask(PROXY, 'list', 'services'), ask(PROXY, 'watch', 'services')], allowed: true },
    { name: 'kube-proxy may list and watch endpointslices', attrs: [ask(PROXY, 'list', 'endpointslices', DISCOVERY), ask(PROXY, 'watch', 'endpointslices', DISCOVERY)], allowed: true },
    { name: 'kube-proxy may list and watch nodes', attrs: [ask(PROXY, 'list', 'nodes'), ask(PROXY, 'watch', 'nodes')], allowed: true },
    { name: 'kube-proxy may not change services', attrs: [ask(PROXY, 'update', 'services', { namespace: 'default', name: 'web' })], allowed: false },
    { name: 'the endpointslice-controller may create, update and delete endpointslices', attrs: ['create', 'update', 'delete'].map((v) => ask(ES, v, 'endpointslices', { ...DISCOVERY, namespace: 'default', name: 'web-abcde' })), allowed: true },
    { name: 'the endpointslice-controller may read services and pods', attrs: [ask(ES, 'list', 'services'), ask(ES, 'watch', 'pods')], allowed: true },
    { name: 'the endpointslice-controller may not delete services', attrs: [ask(ES, 'delete', 'services', { namespace: 'default', name: 'web' })], allowed: false },
  ];
  it.each(cases)('$name', ({ attrs, allowed }) => {
    const policy = bootstrapPolicy();
    for (const a of attrs) expect(authorize(a, policy).allowed).toBe(allowed);
  });
});
