// `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] -- COMMAND [args...]`
// (kubectl/pkg/cmd/exec/exec.go, v1.31): GET the pod (for TYPE/NAME the object, then its first pod
// by sort.Reverse(ActivePods), polymorphichelpers/attachablepodforobject.go), refuse a completed one, pick the container
// (podcmd.FindOrDefaultContainerByName: `Defaulted container "x" out of: x, y` on stderr when
// there are several and no default-container annotation), then POST pods/<pod>/exec with the
// PodExecOptions. The stream's output goes to stdout and stderr (a tty merges stderr into stdout);
// the Status on its error channel decides the end: Success, NonZeroExitCode (`command terminated
// with exit code N`, and kubectl exits N, util/helpers.go checkErr on a utilexec.ExitError), or any
// other error. An upgrade refused with a Status prints as an API error; with plain text (what the
// kubelet writes) as `error: unable to upgrade connection: <text>` (client-go spdy/websocket).
// With `-i -t` and a shell (or redis-cli without a command) the answer is its prompt: the job ends with `session`, and the
// app's terminal sends each line typed at that prompt as one more exec (terminal-session.ts).

import { encodeCommand, isExecStream } from '../../../api/exec-options';
import type { WatchEventBody } from '../../../api/http';
import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { objectArg, podFromWatch, podRunningTimeout, podsForObject, POD_ATTACH_TIMEOUT_MS, requestOwner, type PodForObjectJob } from './pod-for-object';
import { byReverseActivePods } from './podutils';

/** `exec deploy/web`, `svc/web`...: `owner` is the object whose pod is entered (pod-for-object.ts). */
export interface ExecJob extends PodForObjectJob {
  command: 'exec';
  pod: string;
  container?: string;
  argv: string[];
  stdin: boolean;
  tty: boolean;
  quiet: boolean;
}

export const EXEC_USAGE =
  "error: expected 'exec (POD | TYPE/NAME) COMMAND [ARG1] [ARG2] ... [ARGN]'.\nPOD or TYPE/NAME and COMMAND are required arguments for the exec command\n" +
  "See 'kubectl exec -h' for help and examples\n";

/** v1.31 no longer runs `exec POD COMMAND` (it warned DEPRECATED up to v1.30): a usage error. */
export const EXEC_NO_DASH = "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n";

/** An exec stream has no deadline of its own: it lasts as long as the command (unless --request-timeout says otherwise). */
const EXEC_STREAM_TIMEOUT_MS = 24 * 3_600_000;

export function startExec(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const quiet = flagBool(p, 'quiet');
  // Complete reads --pod-running-timeout before it looks at the arguments.
  const podTimeoutMs = podRunningTimeout(p, POD_ATTACH_TIMEOUT_MS);
  if (typeof podTimeoutMs !== 'number') {
    common.stderr += `error: ${podTimeoutMs.error}\nSee 'kubectl exec -h' for help and examples\n`;
    return finishJob(st, common, ctx, undefined, 1);
  }
  if (p.args.length === 0) {
    common.stderr += EXEC_USAGE;
    return finishJob(st, common, ctx, undefined, 1);
  }
  const argv = p.dashArgs;
  if (!p.sawDash && p.args.length > 1) {
    common.stderr += EXEC_NO_DASH;
    return finishJob(st, common, ctx, undefined, 1);
  }
  const target = p.args[0]!;
  // ResourceNames("pods", target): a bare NAME is a pod, TYPE/NAME maps TYPE.
  const arg = target.includes('/') ? objectArg(st, target.slice(0, target.indexOf('/')), target.slice(target.indexOf('/') + 1)) : { name: target };
  if ('error' in arg) return finishJob(st, common, ctx, plain(arg.error));
  if (argv.length === 0) return finishJob(st, common, ctx, plain('you must specify at least one command for the container'));
  const job: ExecJob = {
    ...common,
    command: 'exec',
    pod: arg.name,
    owner: arg.owner,
    podTimeoutMs,
    container: flagString(p, 'container'),
    argv,
    stdin: flagBool(p, 'stdin'),
    tty: flagBool(p, 'tty'),
    quiet,
  };
  if (!job.requestTimeoutSet) job.timeoutMs = EXEC_STREAM_TIMEOUT_MS;
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  if (job.owner) return requestOwner(st, job, job.owner, job.pod, ctx);
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'pod', { object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
}

/** podcmd.AllContainerNames: containers, then ephemeral `(ephem)`, then init `(init)`. */
export function allContainerNames(pod: Pod): string {
  const spec = pod.spec as Pod['spec'] & { ephemeralContainers?: { name: string }[] };
  return [
    ...spec.containers.map((c) => c.name),
    ...(spec.ephemeralContainers ?? []).map((c) => `${c.name} (ephem)`),
    ...(spec.initContainers ?? []).map((c) => `${c.name} (init)`),
  ].join(', ');
}

export function defaultContainer(job: { quiet: boolean; stderr: string }, pod: Pod): string {
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  const names = pod.spec.containers.map((c) => c.name);
  if (annotated && names.includes(annotated)) return annotated;
  const first = names[0] ?? '';
  if (names.length > 1 && !job.quiet) job.stderr += `Defaulted container "${first}" out of: ${allContainerNames(pod)}\n`;
  return first;
}

export function onExecResult(st: KubectlState, job: ExecJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'owner-watch') return void podsForObject(st, job, step, r, ctx, 'cannot attach to', byReverseActivePods);
  if (!r.ok) {
    // Plain text from the kubelet (no Status reason) is an upgrade the other side refused.
    if (step === 'exec' && r.err.t === 'status' && !r.err.status.reason) return finishJob(st, job, ctx, plain(`unable to upgrade connection: ${r.err.status.message ?? ''}`));
    return finishJob(st, job, ctx, r.err);
  }
  if (step === 'owner' || step === 'owner-pods') {
    // attachablePodForObject: the first pod by sort.Reverse(ActivePods), with no word about which.
    const first = podsForObject(st, job, step, r, ctx, 'cannot attach to', byReverseActivePods)?.[0];
    if (!first) return;
    job.pod = first.metadata.name ?? '';
    return onExecResult(st, job, 'pod', { ok: true, status: 200, body: first }, ctx);
  }
  if (step === 'pod') {
    const pod = asObject(r) as Pod;
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return finishJob(st, job, ctx, plain(`cannot exec into a container in a completed pod; current phase is ${phase}`));
    const container = job.container ?? defaultContainer(job, pod);
    const query: Record<string, string> = { command: encodeCommand(job.argv), container, stdout: 'true' };
    if (job.stdin) query.stdin = 'true';
    if (job.tty) query.tty = 'true';
    else query.stderr = 'true';
    const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'exec' });
    jobRequest(st, job, ctx, { method: 'POST', path, query }, 'exec', { phase: 'execution', object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
    job.container = container;
    return;
  }
  if (!isExecStream(r.body)) return finishJob(st, job, ctx, plain('unexpected answer to exec'));
  const s = r.body;
  job.stdout += s.stdout;
  if (job.tty) job.stdout += s.stderr;
  else job.stderr += s.stderr;
  if (s.prompt !== undefined) {
    job.session = { prompt: s.prompt, pod: job.pod, container: job.container ?? '', namespace: job.namespace, shell: job.argv[0] ?? 'sh' };
    // redis-cli's options (-h HOST -p PORT) go with every line typed at its prompt.
    if (job.argv.length > 1) job.session.args = job.argv.slice(1);
    return finishJob(st, job, ctx);
  }
  if (s.status.status === 'Success') return finishJob(st, job, ctx);
  if (s.status.reason === 'NonZeroExitCode') {
    const code = Number(s.status.details?.causes.find((c) => c.reason === 'ExitCode')?.message ?? 1);
    job.stderr += `command terminated with exit code ${code}\n`;
    return finishJob(st, job, ctx, undefined, code);
  }
  finishJob(st, job, ctx, plain(s.status.message ?? 'unknown error'));
}

/** The first pod GetFirstPod's watch saw: entered as a listed one would be. */
export function onExecWatchEvent(st: KubectlState, job: ExecJob, body: WatchEventBody, ctx: Effects): void {
  const pod = podFromWatch(st, job, body, ctx);
  if (pod) onExecResult(st, job, 'owner-pods', { ok: true, status: 200, body: { items: [pod] } }, ctx);
}
