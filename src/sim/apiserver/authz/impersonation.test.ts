// Source: staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation.go (verb impersonate on
// users, groups and serviceaccounts; groups added to the impersonated user) and responsewriters/errors.go.
import { describe, expect, it } from 'vitest';
import { clusterRole, clusterRoleBinding, rule, user } from './bootstrap-helpers';
import { authorizeImpersonation, bootstrapPolicy, forbiddenStatus, impersonatedUser, type RbacPolicy } from './index';

const bob = { username: 'bob', groups: ['system:authenticated'] };
const admin = { username: 'admin', groups: ['system:masters', 'system:authenticated'] };

function withImpersonator(rules: ReturnType<typeof rule>[]): RbacPolicy {
  const p = bootstrapPolicy();
  p.clusterRoles.push(clusterRole('impersonator', rules));
  p.clusterRoleBindings.push(clusterRoleBinding('impersonator', [user('bob')]));
  return p;
}

describe('authorizeImpersonation', () => {
  it('refuses a user without the impersonate verb, with the real message', () => {
    const d = authorizeImpersonation(bob, 'alice', [], bootstrapPolicy());
    expect(d.allowed).toBe(false);
    expect(d.reason).toBe('User "bob" cannot impersonate resource "users" in API group "" at the cluster scope');
    expect(forbiddenStatus(d.attributes!, d).message).toBe(
      'users "alice" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope',
    );
  });

  it('lets system:masters impersonate anyone', () => {
    expect(authorizeImpersonation(admin, 'alice', ['dev'], bootstrapPolicy()).allowed).toBe(true);
  });

  it('checks every group after the user', () => {
    const p = withImpersonator([rule(['impersonate'], [''], ['users'])]);
    expect(authorizeImpersonation(bob, 'alice', [], p).allowed).toBe(true);
    const d = authorizeImpersonation(bob, 'alice', ['dev'], p);
    expect(d.reason).toBe('User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope');
    expect(forbiddenStatus(d.attributes!, d).message).toMatch(/^groups "dev" is forbidden: /);
  });

  it('honours resourceNames on the impersonate rule', () => {
    const p = withImpersonator([rule(['impersonate'], [''], ['users'], ['alice'])]);
    expect(authorizeImpersonation(bob, 'alice', [], p).allowed).toBe(true);
    expect(authorizeImpersonation(bob, 'carol', [], p).allowed).toBe(false);
  });

  it('checks a service account user against serviceaccounts in its namespace', () => {
    const d = authorizeImpersonation(bob, 'system:serviceaccount:dev:ci', [], bootstrapPolicy());
    expect(d.reason).toBe('User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "dev"');
    expect(forbiddenStatus(d.attributes!, d).message).toMatch(/^serviceaccounts "ci" is forbidden: /);
  });
});

describe('impersonatedUser', () => {
  it.each([
    ['alice', [], { username: 'alice', groups: ['system:authenticated'] }],
    ['alice', ['dev'], { username: 'alice', groups: ['dev', 'system:authenticated'] }],
    ['alice', ['system:unauthenticated'], { username: 'alice', groups: ['system:unauthenticated'] }],
    ['system:anonymous', [], { username: 'system:anonymous', groups: ['system:unauthenticated'] }],
    ['system:serviceaccount:dev:ci', [], { username: 'system:serviceaccount:dev:ci', groups: ['system:serviceaccounts', 'system:serviceaccounts:dev', 'system:authenticated'] }],
  ])('impersonating %s with groups %j gives %j', (name, groups, want) => {
    expect(impersonatedUser(name, groups)).toEqual(want);
  });
});
