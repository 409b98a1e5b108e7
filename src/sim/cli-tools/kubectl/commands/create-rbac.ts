// The objects `kubectl create <kind> NAME [flags]` builds for namespaces, service accounts and RBAC
// (kubectl/pkg/cmd/create: create_namespace.go, create_serviceaccount.go, create_role.go,
// create_clusterrole.go, create_rolebinding.go, create_clusterrolebinding.go), with their flag
// checks and error texts. create.ts POSTs the object and prints `role.rbac.authorization.k8s.io/x created`.

import { resourceForName, resourceForPath, type ResourceInfo } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { flagArray, flagString, type ParsedArgs } from '../flags';

const RBAC_GROUP = 'rbac.authorization.k8s.io';
const RBAC_API_VERSION = 'rbac.authorization.k8s.io/v1';

/** The subcommands (and their aliases) this file builds objects for. */
const SUBCOMMANDS: Record<string, string> = {
  namespace: 'namespace',
  ns: 'namespace',
  serviceaccount: 'serviceaccount',
  sa: 'serviceaccount',
  role: 'role',
  clusterrole: 'clusterrole',
  rolebinding: 'rolebinding',
  clusterrolebinding: 'clusterrolebinding',
};

export function isRbacCreateSubcommand(word: string | undefined): boolean {
  return word !== undefined && Object.prototype.hasOwnProperty.call(SUBCOMMANDS, word);
}

/** validResourceVerbs in create_role.go: anything else only warns. */
const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];

/** specialVerbs: verbs that only make sense on certain resources. */
const SPECIAL_VERBS: Record<string, [string, string][]> = {
  use: [['policy', 'podsecuritypolicies'], ['extensions', 'podsecuritypolicies']],
  bind: [[RBAC_GROUP, 'roles'], [RBAC_GROUP, 'clusterroles']],
  escalate: [[RBAC_GROUP, 'roles'], [RBAC_GROUP, 'clusterroles']],
  impersonate: [['', 'users'], ['', 'serviceaccounts'], ['', 'groups'], ['authentication.k8s.io', 'userextras'], ['authentication.k8s.io', 'uids']],
};

export interface BuiltObject {
  obj: KubeObject;
  info: ResourceInfo;
  /** `Warning: 'frob' is not a standard resource verb` lines for stderr. */
  warnings: string;
}

/** StringSlice flags: repeatable, and each value split at commas. */
function sliceFlag(p: ParsedArgs, name: string): string[] {
  return flagArray(p, name).flatMap((v) => v.split(',')).filter((v) => v !== '');
}

function usageError(sub: string, msg: string): string {
  return `error: ${msg}\nSee 'kubectl create ${sub} -h' for help and examples\n`;
}

function rbacInfo(resource: string): ResourceInfo {
  return resourceForPath(RBAC_GROUP, 'v1', resource)!;
}

interface ParsedResource {
  group: string;
  resource: string;
  subresource: string;
}

/** `pods`, `pods/status`, `deployments.apps`, `rs.apps`: resolved to the plural and its group as the RESTMapper would. */
function parseResource(arg: string): ParsedResource | string {
  const [gr = '', subresource = ''] = arg.split('/', 2);
  if (gr === '') return 'resource must be specified if apiGroup/subresource specified';
  if (gr === '*') return { group: '', resource: '*', subresource };
  const info = resourceForName(gr);
  if (!info) {
    const dot = gr.indexOf('.');
    return { group: dot >= 0 ? gr.slice(dot + 1) : '', resource: dot >= 0 ? gr.slice(0, dot) : gr, subresource };
  }
  return { group: info.group, resource: info.resource, subresource };
}

/** The rules create_role.go's generateResourcePolicyRules builds: one per API group, groups sorted. */
function resourceRules(verbs: string[], resources: ParsedResource[], resourceNames: string[]): Record<string, unknown>[] {
  const byGroup = new Map<string, string[]>();
  for (const r of resources) {
    const name = r.subresource ? `${r.resource}/${r.subresource}` : r.resource;
    const list = byGroup.get(r.group) ?? [];
    if (!list.includes(name)) list.push(name);
    byGroup.set(r.group, list);
  }
  return [...byGroup.keys()].sort().map((g) => {
    const rule: Record<string, unknown> = { apiGroups: [g], resources: byGroup.get(g), verbs };
    if (resourceNames.length) rule.resourceNames = resourceNames;
    return rule;
  });
}

/** Validate and resolve --verb/--resource as CreateRoleOptions.Validate does. */
function roleRules(sub: string, p: ParsedArgs, allowNonResource: boolean): { rules: Record<string, unknown>[]; warnings: string } | string {
  const verbs = sliceFlag(p, 'verb');
  const resourceArgs = sliceFlag(p, 'resource');
  const nonResourceURLs = allowNonResource ? sliceFlag(p, 'non-resource-url') : [];
  if (verbs.length === 0) return 'error: at least one verb must be specified\n';
  let warnings = '';
  for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) warnings += `Warning: '${v}' is not a standard resource verb\n`;
  if (resourceArgs.length === 0 && nonResourceURLs.length === 0) {
    return allowNonResource ? 'error: one of resource or nonResourceURL must be specified\n' : 'error: at least one resource must be specified\n';
  }
  const resources: ParsedResource[] = [];
  for (const arg of resourceArgs) {
    const r = parseResource(arg);
    if (typeof r === 'string') return `error: ${r}\n`;
    if (r.resource !== '*' && !resourceForName(r.group ? `${r.resource}.${r.group}` : r.resource)) {
      const special = verbs.find((v) => SPECIAL_VERBS[v]);
      if (!special) return `error: the server doesn't have a resource type "${r.resource}"\n`;
    }
    for (const v of verbs) {
      const allowed = SPECIAL_VERBS[v];
      if (allowed && r.resource !== '*' && !allowed.some(([g, res]) => g === r.group && res === r.resource)) {
        return `error: can not perform '${v}' on '${r.resource}' in group '${r.group}'\n`;
      }
    }
    resources.push(r);
  }
  void sub;
  const rules = resources.length ? resourceRules(verbs, resources, sliceFlag(p, 'resource-name')) : [];
  if (nonResourceURLs.length) rules.push({ nonResourceURLs, verbs });
  return { rules, warnings };
}

/** Users, then groups, then service accounts (`<namespace>:<name>`), as the binding commands add them. */
function subjects(p: ParsedArgs): Record<string, unknown>[] | string {
  const out: Record<string, unknown>[] = [];
  for (const name of flagArray(p, 'user')) out.push({ apiGroup: RBAC_GROUP, kind: 'User', name });
  for (const name of flagArray(p, 'group')) out.push({ apiGroup: RBAC_GROUP, kind: 'Group', name });
  for (const sa of flagArray(p, 'serviceaccount')) {
    const parts = sa.split(':');
    if (parts.length !== 2 || !parts[1]) return 'error: serviceaccount must be <namespace>:<name>\n';
    out.push({ kind: 'ServiceAccount', name: parts[1], namespace: parts[0] });
  }
  return out;
}

function binding(sub: 'rolebinding' | 'clusterrolebinding', name: string, namespace: string, p: ParsedArgs): BuiltObject | string {
  const role = flagString(p, 'role') ?? '';
  const clusterRole = flagString(p, 'clusterrole') ?? '';
  if (sub === 'clusterrolebinding') {
    if (!p.flags.has('clusterrole')) return 'error: required flag(s) "clusterrole" not set\n';
  } else if ((role === '') === (clusterRole === '')) return 'error: exactly one of clusterrole or role must be specified\n';
  const subs = subjects(p);
  if (typeof subs === 'string') return subs;
  const kind = sub === 'rolebinding' ? 'RoleBinding' : 'ClusterRoleBinding';
  const metadata: KubeObject['metadata'] = { name };
  if (sub === 'rolebinding') metadata.namespace = namespace;
  const obj: KubeObject = {
    apiVersion: RBAC_API_VERSION,
    kind,
    metadata,
    roleRef: { apiGroup: RBAC_GROUP, kind: role ? 'Role' : 'ClusterRole', name: role || clusterRole },
  } as KubeObject;
  if (subs.length) (obj as unknown as { subjects: unknown }).subjects = subs;
  return { obj, info: rbacInfo(sub === 'rolebinding' ? 'rolebindings' : 'clusterrolebindings'), warnings: '' };
}

/**
 * The object for `kubectl create <sub> NAME ...` (namespaced ones in `namespace`), or the error text
 * kubectl prints for bad flags or arguments.
 */
export function objectForCreateSubcommand(p: ParsedArgs, namespace: string): BuiltObject | string {
  const typed = p.args[0] ?? '';
  const sub = SUBCOMMANDS[typed]!;
  const names = p.args.slice(1);
  if (names.length !== 1) return usageError(sub, `exactly one NAME is required, got ${names.length}`);
  const name = names[0]!;
  switch (sub) {
    case 'namespace':
      return { obj: { apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: {}, status: {} } as KubeObject, info: resourceForPath('', 'v1', 'namespaces')!, warnings: '' };
    case 'serviceaccount':
      return { obj: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } }, info: resourceForPath('', 'v1', 'serviceaccounts')!, warnings: '' };
    case 'role':
    case 'clusterrole': {
      const built = roleRules(sub, p, sub === 'clusterrole');
      if (typeof built === 'string') return built;
      const metadata: KubeObject['metadata'] = { name };
      if (sub === 'role') metadata.namespace = namespace;
      const obj = { apiVersion: RBAC_API_VERSION, kind: sub === 'role' ? 'Role' : 'ClusterRole', metadata, rules: built.rules } as unknown as KubeObject;
      return { obj, info: rbacInfo(sub === 'role' ? 'roles' : 'clusterroles'), warnings: built.warnings };
    }
    default:
      return binding(sub as 'rolebinding' | 'clusterrolebinding', name, namespace, p);
  }
}
