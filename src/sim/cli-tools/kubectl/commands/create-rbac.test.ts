// Sources: kubectl/pkg/cmd/create/create_role.go (Validate, generateResourcePolicyRules: one rule
// per API group, groups sorted; validResourceVerbs; specialVerbs), create_clusterrole.go,
// create_rolebinding.go and create_clusterrolebinding.go (subjects: users, groups, then service
// accounts as <namespace>:<name>), create_namespace.go, create_serviceaccount.go (v1.31).
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../flags';
import { verbFlags } from '../verbs';
import { objectForCreateSubcommand, type BuiltObject } from './create-rbac';

function build(line: string): BuiltObject | string {
  const r = parseArgs(line.split(' '), verbFlags);
  if (!r.ok) throw new Error(r.error);
  return objectForCreateSubcommand(r.parsed, 'dev');
}

describe('kubectl create role|clusterrole|rolebinding|clusterrolebinding|namespace|serviceaccount', () => {
  it('builds a Role with one rule per API group, groups sorted, verbs as given', () => {
    const b = build('create role r --verb=get,list --verb=watch --resource=deployments.apps,pods,pods/status') as BuiltObject;
    expect(b.info.resource).toBe('roles');
    expect(b.obj).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'r', namespace: 'dev' },
      rules: [
        { apiGroups: [''], resources: ['pods', 'pods/status'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] },
      ],
    });
  });

  it('resolves short names through discovery (po -> pods) and keeps --resource-name', () => {
    const b = build('create role r --verb=get --resource=po --resource-name=web') as BuiltObject;
    expect((b.obj as unknown as { rules: unknown[] }).rules).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get'], resourceNames: ['web'] }]);
  });

  it('builds a ClusterRole with a non-resource URL rule', () => {
    const b = build('create clusterrole health --verb=get --non-resource-url=/healthz') as BuiltObject;
    expect(b.obj).toEqual({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'health' }, rules: [{ nonResourceURLs: ['/healthz'], verbs: ['get'] }] });
  });

  it('builds a RoleBinding with users, groups and service accounts in that order', () => {
    const b = build('create rolebinding b --clusterrole=view --serviceaccount=dev:ci --group=devs --user=jane') as BuiltObject;
    expect(b.obj).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'b', namespace: 'dev' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [
        { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' },
        { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'devs' },
        { kind: 'ServiceAccount', name: 'ci', namespace: 'dev' },
      ],
    });
  });

  it('builds namespaces and service accounts, with their aliases', () => {
    expect((build('create ns dev2') as BuiltObject).obj.kind).toBe('Namespace');
    expect((build('create sa robot') as BuiltObject).obj).toEqual({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot', namespace: 'dev' } });
  });

  const errors = [
    { line: 'create role', want: "error: exactly one NAME is required, got 0\nSee 'kubectl create role -h' for help and examples\n" },
    { line: 'create role r --resource=pods', want: 'error: at least one verb must be specified\n' },
    { line: 'create role r --verb=get', want: 'error: at least one resource must be specified\n' },
    { line: 'create clusterrole r --verb=get', want: 'error: one of resource or nonResourceURL must be specified\n' },
    { line: 'create role r --verb=get --resource=foos', want: 'error: the server doesn\'t have a resource type "foos"\n' },
    { line: 'create role r --verb=bind --resource=pods', want: "error: can not perform 'bind' on 'pods' in group ''\n" },
    { line: 'create rolebinding b --user=jane', want: 'error: exactly one of clusterrole or role must be specified\n' },
    { line: 'create rolebinding b --role=r --clusterrole=c', want: 'error: exactly one of clusterrole or role must be specified\n' },
    { line: 'create clusterrolebinding b --user=jane', want: 'error: required flag(s) "clusterrole" not set\n' },
    { line: 'create rolebinding b --role=r --serviceaccount=ci', want: 'error: serviceaccount must be <namespace>:<name>\n' },
  ];
  it.each(errors)('`kubectl $line` fails with kubectl\'s message', ({ line, want }) => {
    expect(build(line)).toBe(want);
  });

  it('only warns about a verb it does not know', () => {
    expect((build('create role r --verb=frob --resource=pods') as BuiltObject).warnings).toBe("Warning: 'frob' is not a standard resource verb\n");
  });
});
