// The in-page kubectl's kubeconfig, as kubeadm's admin.conf and `kubeplay serve` (src/serve/
// kubeconfig.ts) write it: one cluster `kubeplay`, the admin user `kubernetes-admin` (a client
// certificate) and one user per scenario user (a bearer token), one context `<user>@kubeplay` each,
// the admin's current. `kubectl config view|get-contexts|current-context|use-context`
// (kubectl/pkg/cmd/config, v1.31) read it; use-context changes which credentials later commands use,
// as does the global --context.

import type { Credentials } from '../../../api/http';
import type { Effects } from '../../../kernel/component';
import { goYaml } from '../../common/go-yaml';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { plain } from '../errors';
import type { ParsedArgs } from '../flags';
import { finishJob, type JobCommon, type KubectlState } from '../job';

export const CLUSTER_NAME = 'kubeplay';
export const ADMIN_USER = 'kubernetes-admin';
const contextOf = (user: string): string => `${user}@${CLUSTER_NAME}`;

/** Context name -> kubeconfig user, sorted by name as kubectl prints them. */
export function contexts(st: KubectlState): [string, string][] {
  const users = [ADMIN_USER, ...Object.keys(st.config.users ?? {}).filter((u) => u !== ADMIN_USER)];
  return users.map((u): [string, string] => [contextOf(u), u]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function currentContext(st: KubectlState): string {
  return st.currentContext ?? contextOf(ADMIN_USER);
}

/** The credentials of a context's user, or the error kubectl gives for an unknown --context. */
export function contextCredentials(st: KubectlState, name: string): Credentials | string {
  const user = contexts(st).find(([c]) => c === name)?.[1];
  if (user === undefined) return `error: context was not found for specified context: ${name}\n`;
  return user === ADMIN_USER ? st.config.credentials : st.config.users![user]!;
}

function view(st: KubectlState): string {
  const users = contexts(st).map(([, u]) => u).sort();
  return goYaml({
    apiVersion: 'v1',
    clusters: [{ cluster: { 'certificate-authority-data': 'DATA+OMITTED', server: `https://${st.config.server}` }, name: CLUSTER_NAME }],
    contexts: contexts(st).map(([name, user]) => ({ context: { cluster: CLUSTER_NAME, user }, name })),
    'current-context': currentContext(st),
    kind: 'Config',
    preferences: {},
    users: users.map((u) =>
      u === ADMIN_USER
        ? { name: u, user: { 'client-certificate-data': 'DATA+OMITTED', 'client-key-data': 'DATA+OMITTED' } }
        : { name: u, user: { token: 'REDACTED' } },
    ),
  });
}

/** kubectl config's other subcommands (kubectl/pkg/cmd/config/config.go), which Kubeplay does not simulate. */
const OTHER_SUBCOMMANDS = [
  'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-users', 'rename-context', 'set', 'set-cluster',
  'set-context', 'set-credentials', 'unset',
];

const CONFIG_USAGE = `Modify kubeconfig files using subcommands like "kubectl config set current-context my-context".

Available Commands (in Kubeplay):
  current-context   Display the current-context
  get-contexts      Describe one or many contexts
  use-context       Set the current-context in a kubeconfig file
  view              Display merged kubeconfig settings or a specified kubeconfig file

Usage:
  kubectl config SUBCOMMAND [options]
`;

export function startConfig(st: KubectlState, job: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const [sub, ...args] = p.args;
  const current = currentContext(st);
  if (sub === undefined) {
    job.stdout = CONFIG_USAGE;
  } else if (sub === 'view') {
    job.stdout = view(st);
  } else if (sub === 'current-context') {
    job.stdout = current + '\n';
  } else if (sub === 'get-contexts') {
    const all = contexts(st);
    const wanted = args.length ? all.filter(([c]) => args.includes(c)) : all;
    const missing = args.find((a) => !all.some(([c]) => c === a));
    const rows = wanted.map(([c, u]) => `${c === current ? '*' : ''}\t${c}\t${CLUSTER_NAME}\t${u}\t\n`).join('');
    job.stdout = tabwrite('CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n' + rows, KUBECTL_TABLE);
    if (missing !== undefined) return finishJob(st, job, ctx, plain(`context ${missing} not found`));
  } else if (sub === 'use-context' || sub === 'use') {
    const name = args[0];
    if (name === undefined) return finishJob(st, job, ctx, plain('Unexpected args: []'));
    if (!contexts(st).some(([c]) => c === name)) return finishJob(st, job, ctx, plain(`no context exists with the name: "${name}"`));
    st.currentContext = name === contextOf(ADMIN_USER) ? undefined : name;
    job.stdout = `Switched to context "${name}".\n`;
  } else if (OTHER_SUBCOMMANDS.includes(sub)) {
    return finishJob(st, job, ctx, plain(`"kubectl config ${sub}" is not simulated in Kubeplay (view, get-contexts, current-context and use-context are)`));
  } else {
    return finishJob(st, job, ctx, plain(`unknown command "${sub}"\nSee 'kubectl config -h' for help and examples`));
  }
  finishJob(st, job, ctx);
}
