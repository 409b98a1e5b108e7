// kubectl cordon | uncordon NODE (kubectl/pkg/cmd/drain/drain.go RunCordonOrUncordon and
// pkg/drain/cordon.go CordonHelper): GET the node; if spec.unschedulable already has the wanted
// value print `node/<name> already cordoned` (or `already uncordoned`), otherwise PATCH it with the
// two-way strategic merge patch `{"spec":{"unschedulable":true}}` (`null` to uncordon) and print
// `node/<name> cordoned` / `uncordoned`. A failed patch prints `error: unable to cordon node ...`.

import type { Node } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { errorString } from '../errors';
import type { ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface CordonJob extends JobCommon {
  command: 'cordon' | 'uncordon';
  node: string;
}

const STRATEGIC = 'application/strategic-merge-patch+json';

export function nodePath(name: string): string {
  return `/api/v1/nodes/${name}`;
}

/** UsageErrorf(cmd, "USAGE: %s [flags]", cmd.Use). */
export function usageError(command: string): string {
  return `error: USAGE: ${command} NODE [flags]\nSee 'kubectl ${command} -h' for help and examples\n`;
}

export function startCordon(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const command = p.command as CordonJob['command'];
  const node = p.args[0];
  if (node === undefined) {
    common.stderr += usageError(command);
    return finishJob(st, common, ctx, undefined, 1);
  }
  const job: CordonJob = { ...common, command, node };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: nodePath(node) }, 'get', { object: { kind: 'Node', name: node } });
}

/**
 * The cordon step that cordon, uncordon and drain share: print `already ...` and return false, or
 * send the PATCH (answered at `step`) and return true.
 */
export function cordonStep(st: KubectlState, job: JobCommon, ctx: Effects, node: Node, desired: boolean, step: string): boolean {
  const name = node.metadata.name ?? '';
  if (!!node.spec?.unschedulable === desired) {
    job.stdout += `node/${name} already ${desired ? 'cordoned' : 'uncordoned'}\n`;
    return false;
  }
  const body = { spec: { unschedulable: desired ? true : null } };
  jobRequest(st, job, ctx, { method: 'PATCH', path: nodePath(name), body, contentType: STRATEGIC }, step, {
    phase: 'persistence',
    object: { kind: 'Node', name },
  });
  return true;
}

/** The PATCH's answer: `node/x cordoned`, or the error line RunCordonOrUncordon prints. */
export function cordonResult(job: JobCommon, node: string, desired: boolean, r: RequestResult): void {
  const verb = desired ? 'cordon' : 'uncordon';
  if (r.ok) job.stdout += `node/${node} ${verb}ed\n`;
  else job.stderr += `error: unable to ${verb} node "${node}": ${errorString(r.err)}\n`;
}

export function onCordonResult(st: KubectlState, job: CordonJob, step: string, r: RequestResult, ctx: Effects): void {
  const desired = job.command === 'cordon';
  if (step === 'get') {
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    if (!cordonStep(st, job, ctx, asObject(r) as Node, desired, 'patch')) finishJob(st, job, ctx);
    return;
  }
  cordonResult(job, job.node, desired, r);
  // RunCordonOrUncordon prints a failed patch and still returns nil: the exit code is 0.
  finishJob(st, job, ctx);
}

