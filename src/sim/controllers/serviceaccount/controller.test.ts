// The service account controller (pkg/controller/serviceaccount/serviceaccounts_controller.go): an
// active namespace without a `default` ServiceAccount gets one; terminating namespaces are left
// alone; a deleted `default` makes its namespace sync again.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import type { KubeObject, Namespace } from '../../api/types';
import { runWorker } from '../framework/controller';
import { testEnv } from '../testing';
import { controllerCredentials } from '../tokens';
import { createServiceAccountController, onServiceAccountDelta, onServiceAccountNamespaceDelta, SERVICEACCOUNT_SA, syncServiceAccounts } from './controller';

const ns = (name: string, terminating = false): Namespace =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(terminating ? { deletionTimestamp: '2024-08-13T09:00:00Z' } : {}) }, spec: {}, status: { phase: terminating ? 'Terminating' : 'Active' } }) as Namespace;
const sa = (namespace: string): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace } });

function setup() {
  const { env, ctx } = testEnv(0);
  const s = createServiceAccountController();
  env.credentials = controllerCredentials(SERVICEACCOUNT_SA);
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncServiceAccounts(s, env, sc));
  const posts = (): HttpRequest[] => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request' && b.method === 'POST');
  return { env, s, sync, posts };
}

describe('serviceaccount controller', () => {
  it('creates the default ServiceAccount of a new namespace, as service-account-controller', () => {
    const { env, s, sync, posts } = setup();
    env.informers.byName.namespaces.items.set('dev', ns('dev'));
    onServiceAccountNamespaceDelta(s, env, { type: 'ADDED', object: ns('dev') });
    sync();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      path: '/api/v1/namespaces/dev/serviceaccounts',
      body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'dev' } },
      credentials: controllerCredentials(SERVICEACCOUNT_SA),
    });
  });

  it('writes nothing when the account exists or the namespace is terminating', () => {
    const { env, s, sync, posts } = setup();
    env.informers.byName.namespaces.items.set('dev', ns('dev'));
    env.informers.byName.namespaces.items.set('old', ns('old', true));
    env.informers.byName.serviceaccounts.items.set('dev/default', sa('dev'));
    onServiceAccountNamespaceDelta(s, env, { type: 'ADDED', object: ns('dev') });
    onServiceAccountNamespaceDelta(s, env, { type: 'MODIFIED', object: ns('old', true) });
    sync();
    expect(posts()).toEqual([]);
  });

  it('syncs the namespace again when its default account is deleted', () => {
    const { env, s, sync, posts } = setup();
    env.informers.byName.namespaces.items.set('dev', ns('dev'));
    onServiceAccountDelta(s, env, { type: 'DELETED', object: sa('dev') });
    sync();
    expect(posts().map((p) => p.path)).toEqual(['/api/v1/namespaces/dev/serviceaccounts']);
  });
});
