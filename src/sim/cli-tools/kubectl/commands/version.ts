// kubectl version (kubectl/pkg/cmd/version/version.go, v1.31): the client's build, the Kustomize
// it embeds and, unless --client, the server's from GET /version. Text by default
// (`Client Version: v1.31.9`), or -o json (MarshalIndent, two spaces) / -o yaml (sigs.k8s.io/yaml:
// keys sorted), each printed with Println. The client is v1.31.9, the kubectl this project is
// checked against (kubectl.1.31 of the Google Cloud SDK); its output is what that binary prints.

import type { Effects } from '../../../kernel/component';
import type { VersionInfo } from '../../../apiserver/version';
import { goYaml } from '../../common/go-yaml';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export const CLIENT_VERSION: VersionInfo = {
  major: '1',
  minor: '31',
  gitVersion: 'v1.31.9',
  gitCommit: '8f3800390d488f54f74111f22973059e133f9cba',
  gitTreeState: 'clean',
  buildDate: '2025-05-15T09:17:16Z',
  goVersion: 'go1.23.8',
  compiler: 'gc',
  platform: 'linux/amd64',
};
export const KUSTOMIZE_VERSION = 'v5.4.2';

export interface VersionJob extends JobCommon {
  command: 'version';
  output: '' | 'json' | 'yaml';
}

function render(output: VersionJob['output'], server: VersionInfo | undefined): string {
  const v: Record<string, unknown> = { clientVersion: CLIENT_VERSION, kustomizeVersion: KUSTOMIZE_VERSION };
  if (server) v.serverVersion = server;
  if (output === 'json') return JSON.stringify(v, null, 2) + '\n';
  if (output === 'yaml') return goYaml(v) + '\n';
  return `Client Version: ${CLIENT_VERSION.gitVersion}\nKustomize Version: ${KUSTOMIZE_VERSION}\n${server ? `Server Version: ${server.gitVersion}\n` : ''}`;
}

export function startVersion(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const o = flagString(p, 'output') ?? '';
  const job: VersionJob = { ...common, command: 'version', output: o === 'json' || o === 'yaml' ? o : '' };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  if (o !== '' && o !== 'json' && o !== 'yaml') return finishJob(st, job, ctx, plain("--output must be 'yaml' or 'json'"));
  if (flagBool(p, 'client')) {
    job.stdout = render(job.output, undefined);
    return finishJob(st, job, ctx);
  }
  jobRequest(st, job, ctx, { method: 'GET', path: '/version' }, 'version');
}

export function onVersionResult(st: KubectlState, job: VersionJob, _step: string, r: RequestResult, ctx: Effects): void {
  // With no server, the client's part is still printed (text only), then the error.
  if (!r.ok) {
    if (job.output === '') job.stdout = render('', undefined);
    return finishJob(st, job, ctx, r.err);
  }
  job.stdout = render(job.output, asObject(r) as unknown as VersionInfo);
  finishJob(st, job, ctx);
}
