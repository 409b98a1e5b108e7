// `kubectl config` (kubectl/pkg/cmd/config, v1.31) over a kubeconfig file on the admin machine's
// disk (kubeconfig/machine.ts): ~/.kube/config unless --kubeconfig names another. view,
// current-context, get-contexts, get-clusters and get-users read it; use-context, set-credentials,
// set-context, set-cluster and delete-context/-user/-cluster write it back, with kubectl's own
// answers (`User "jane" set.`, `Context "x" modified.`, `Switched to context "x".`). Later commands
// read the file again, so what config writes is what they authenticate with.

import type { Effects } from '../../../kernel/component';
import type { CliExec } from '../../protocol';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { finishJob, type JobCommon, type KubectlState } from '../job';
import { emptyKubeconfig, serializeKubeconfig, viewKubeconfig, type Kubeconfig } from '../kubeconfig/file';
import { parseKubeconfig } from '../kubeconfig/read';
import { DEFAULT_KUBECONFIG, readFileOf } from '../kubeconfig/machine';
import { base64OfText } from '../../../api/base64';

const CONFIG_USAGE = `Modify kubeconfig files using subcommands like "kubectl config set current-context my-context".

Available Commands (in Kubeplay):
  current-context   Display the current-context
  delete-cluster    Delete the specified cluster from the kubeconfig
  delete-context    Delete the specified context from the kubeconfig
  delete-user       Delete the specified user from the kubeconfig
  get-clusters      Display clusters defined in the kubeconfig
  get-contexts      Describe one or many contexts
  get-users         Display users defined in the kubeconfig
  set-cluster       Set a cluster entry in kubeconfig
  set-context       Set a context entry in kubeconfig
  set-credentials   Set a user entry in kubeconfig
  use-context       Set the current-context in a kubeconfig file
  view              Display merged kubeconfig settings or a specified kubeconfig file

Usage:
  kubectl config SUBCOMMAND [options]
`;

/** The subcommands kubectl has that Kubeplay does not simulate. */
const OTHER_SUBCOMMANDS = ['rename-context', 'set', 'unset'];

interface ConfigRun {
  st: KubectlState;
  job: JobCommon;
  p: ParsedArgs;
  path: string;
  cfg: Kubeconfig;
  read: (path: string) => string | undefined;
}

type Sub = (r: ConfigRun, args: string[]) => string | { error: string; stdout?: string; warning?: string };

const byName = (xs: { name: string }[]): string[] => xs.map((x) => x.name).sort();

function save(r: ConfigRun): void {
  r.st.files[r.path] = serializeKubeconfig(r.cfg);
}

/** `--embed-certs`: the file's bytes go into the *-data field (a stat error if it is missing). */
function embedded(r: ConfigRun, path: string, what: string): string | { error: string } {
  const text = r.read(path);
  if (text === undefined) return { error: `could not stat ${what} file ${path}: stat ${path}: no such file or directory` };
  return base64OfText(text);
}

function minified(r: ConfigRun): Kubeconfig | { error: string } {
  const name = flagString(r.p, 'context') || r.cfg['current-context'];
  if (!name) return { error: 'current-context must exist in order to minify' };
  const ctx = r.cfg.contexts.find((c) => c.name === name);
  if (!ctx) return { error: `cannot locate context ${name}` };
  return {
    clusters: r.cfg.clusters.filter((c) => c.name === ctx.context.cluster),
    users: r.cfg.users.filter((u) => u.name === ctx.context.user),
    contexts: [ctx],
    'current-context': name,
  };
}

const view: Sub = (r) => {
  const cfg = flagBool(r.p, 'minify') ? minified(r) : r.cfg;
  if ('error' in cfg) return cfg;
  return flagBool(r.p, 'raw') ? serializeKubeconfig(cfg) : viewKubeconfig(cfg);
};

const getContexts: Sub = (r, args) => {
  const current = r.cfg['current-context'];
  const wanted = args.length ? r.cfg.contexts.filter((c) => args.includes(c.name)) : r.cfg.contexts;
  const sorted = [...wanted].sort((a, b) => (a.name < b.name ? -1 : 1));
  if (flagString(r.p, 'output') === 'name') return sorted.map((c) => c.name + '\n').join('');
  const header = flagBool(r.p, 'no-headers') ? '' : 'CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n';
  const rows = sorted.map((c) => `${c.name === current ? '*' : ''}\t${c.name}\t${c.context.cluster ?? ''}\t${c.context.user ?? ''}\t${c.context.namespace ?? ''}\n`).join('');
  const stdout = tabwrite(header + rows, KUBECTL_TABLE);
  const missing = args.find((a) => !r.cfg.contexts.some((c) => c.name === a));
  return missing !== undefined ? { error: `context ${missing} not found`, stdout } : stdout;
};

const useContext: Sub = (r, args) => {
  const name = args[0];
  if (name === undefined) return { error: 'Unexpected args: []' };
  if (!r.cfg.contexts.some((c) => c.name === name)) return { error: `no context exists with the name: "${name}"` };
  r.cfg['current-context'] = name;
  save(r);
  return `Switched to context "${name}".\n`;
};

const setCredentials: Sub = (r, args) => {
  const name = args[0];
  if (!name) return { error: 'unexpected args: []' };
  let entry = r.cfg.users.find((u) => u.name === name);
  if (!entry) r.cfg.users.push((entry = { name, user: {} }));
  const u = entry.user;
  const token = flagString(r.p, 'token');
  if (token !== undefined) u.token = token;
  for (const [flag, field, what] of [['client-certificate', 'client-certificate', 'client-certificate'], ['client-key', 'client-key', 'client-key']] as const) {
    const path = flagString(r.p, flag);
    if (path === undefined) continue;
    if (flagBool(r.p, 'embed-certs')) {
      const data = embedded(r, path, what);
      if (typeof data !== 'string') return data;
      u[`${field}-data`] = data;
      delete u[field];
    } else {
      u[field] = path;
      delete u[`${field}-data`];
    }
  }
  const username = flagString(r.p, 'username');
  const password = flagString(r.p, 'password');
  if (username !== undefined) u.username = username;
  if (password !== undefined) u.password = password;
  save(r);
  return `User "${name}" set.\n`;
};

const setCluster: Sub = (r, args) => {
  const name = args[0];
  if (!name) return { error: 'unexpected args: []' };
  let entry = r.cfg.clusters.find((c) => c.name === name);
  if (!entry) r.cfg.clusters.push((entry = { name, cluster: {} }));
  const c = entry.cluster;
  const server = flagString(r.p, 'server');
  if (server !== undefined) c.server = server;
  if (r.p.flags.has('insecure-skip-tls-verify')) {
    if (flagBool(r.p, 'insecure-skip-tls-verify')) {
      c['insecure-skip-tls-verify'] = true;
      delete c['certificate-authority'];
      delete c['certificate-authority-data'];
    } else delete c['insecure-skip-tls-verify'];
  }
  const ca = flagString(r.p, 'certificate-authority');
  if (ca !== undefined) {
    if (flagBool(r.p, 'embed-certs')) {
      const data = embedded(r, ca, 'certificate-authority');
      if (typeof data !== 'string') return data;
      c['certificate-authority-data'] = data;
      delete c['certificate-authority'];
    } else {
      c['certificate-authority'] = ca;
      delete c['certificate-authority-data'];
    }
    delete c['insecure-skip-tls-verify'];
  }
  save(r);
  return `Cluster "${name}" set.\n`;
};

const setContext: Sub = (r, args) => {
  const current = flagBool(r.p, 'current');
  const name = current ? r.cfg['current-context'] : args[0];
  if (current && !name) return { error: 'no current context is set' };
  if (!name) return { error: 'you must specify a non-empty context name or --current' };
  let entry = r.cfg.contexts.find((c) => c.name === name);
  const created = !entry;
  if (!entry) r.cfg.contexts.push((entry = { name, context: {} }));
  const cluster = flagString(r.p, 'cluster');
  const user = flagString(r.p, 'user');
  const ns = flagString(r.p, 'namespace');
  if (cluster !== undefined) entry.context.cluster = cluster;
  if (user !== undefined) entry.context.user = user;
  if (ns !== undefined) entry.context.namespace = ns;
  save(r);
  return `Context "${name}" ${created ? 'created' : 'modified'}.\n`;
};

function deleter(kind: 'context' | 'user' | 'cluster'): Sub {
  return (r, args) => {
    const name = args[0];
    if (!name) return { error: 'unexpected args: []' };
    const list = kind === 'context' ? r.cfg.contexts : kind === 'user' ? r.cfg.users : r.cfg.clusters;
    const i = list.findIndex((x) => x.name === name);
    if (i < 0) return { error: `cannot delete ${kind} ${name}, not in ${r.path}` };
    list.splice(i, 1);
    save(r);
    const warning = kind === 'context' && r.cfg['current-context'] === name ? 'warning: this removed your active context, use "kubectl config use-context" to select a different one\n' : undefined;
    return { error: '', stdout: `deleted ${kind} ${name} from ${r.path}\n`, ...(warning && { warning }) };
  };
}

const SUBCOMMANDS: Record<string, Sub> = {
  view,
  'current-context': (r) => (r.cfg['current-context'] ? r.cfg['current-context'] + '\n' : { error: 'current-context is not set' }),
  'get-contexts': getContexts,
  'get-clusters': (r) => ['NAME', ...byName(r.cfg.clusters)].join('\n') + '\n',
  'get-users': (r) => ['NAME', ...byName(r.cfg.users)].join('\n') + '\n',
  'use-context': useContext,
  use: useContext,
  'set-credentials': setCredentials,
  'set-cluster': setCluster,
  'set-context': setContext,
  'delete-context': deleter('context'),
  'delete-user': deleter('user'),
  'delete-cluster': deleter('cluster'),
};

export function startConfig(st: KubectlState, job: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const [sub, ...args] = p.args;
  if (sub === undefined) {
    job.stdout = CONFIG_USAGE;
    return finishJob(st, job, ctx);
  }
  const run = SUBCOMMANDS[sub];
  if (!run) {
    if (OTHER_SUBCOMMANDS.includes(sub)) return finishJob(st, job, ctx, plain(`"kubectl config ${sub}" is not simulated in Kubeplay`));
    return finishJob(st, job, ctx, plain(`unknown command "${sub}"\nSee 'kubectl config -h' for help and examples`));
  }
  const path = flagString(p, 'kubeconfig') || DEFAULT_KUBECONFIG;
  const read = readFileOf(st, exec);
  const text = read(path);
  const cfg = text === undefined ? emptyKubeconfig() : parseKubeconfig(text, path);
  if (typeof cfg === 'string') return finishJob(st, job, ctx, plain(cfg.replace(/^error: /, '')));
  const out = run({ st, job, p, path, cfg, read }, args);
  if (typeof out === 'string') {
    job.stdout = out;
    return finishJob(st, job, ctx);
  }
  job.stdout = out.stdout ?? '';
  if (out.warning) job.stderr += out.warning;
  finishJob(st, job, ctx, out.error ? plain(out.error) : undefined);
}
