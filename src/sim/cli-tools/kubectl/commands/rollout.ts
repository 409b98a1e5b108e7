// `kubectl rollout status|history|undo` for Deployments (DaemonSets and StatefulSets: rollout-revisions.ts) (kubectl/pkg/cmd/rollout and
// pkg/polymorphichelpers: rollout_status.go, history.go, rollback.go). Status re-reads the
// Deployment every simulated second (a timer) and prints each new progress line until the rollout
// is done or --timeout passes; history and undo read the Deployment's ReplicaSets (by its selector,
// owned by its uid) and their `deployment.kubernetes.io/revision` annotations, client-side.

import type { KubeList, KubeObject } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import { appsResource, typeAndName } from '../apps-resources';
import { cachedIn } from '../discovery-cache';

import { plain } from '../errors';
import { flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { selectorString } from '../../../apiserver/printers/apps-printers';
import type { ResourceInfo } from '../../../api/resources';
import type { PodTemplateSpec } from '../../../controllers/replicaset/types';
import { describePodTemplate } from '../describe/template';
import { planRolloutAction, type RolloutAction } from './rollout-actions';
import { daemonSetStatus, statefulSetStatus, type StatusLine } from './rollout-viewers';
import { controlledRevisions, planUndo, revisionHistory } from './rollout-revisions';

export const ROLLOUT_POLL_TIMER = 'kubectl.rollout-poll';
const REVISION = 'deployment.kubernetes.io/revision';
const CHANGE_CAUSE = 'kubernetes.io/change-cause';

export interface RolloutJob extends JobCommon {
  command: 'rollout';
  sub: 'status' | 'history' | 'undo' | RolloutAction;
  name: string;
  info: ResourceInfo;
  /** history --revision: print that revision's pod template. */
  revision: number;
  /** status: when to give up (ctx.now + --timeout), undefined for no limit. */
  deadline?: number;
  lastLine?: string;
  timer?: TimerId;
  toRevision: number;
  deployment?: KubeObject;
}

interface DeploymentShape {
  replicas?: number;
  paused?: boolean;
  selector?: { matchLabels?: Record<string, string> };
  template?: { metadata?: { labels?: Record<string, string> } } & Record<string, unknown>;
}
interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  availableReplicas?: number;
  conditions?: { type: string; reason?: string }[];
}

const deploymentsPath = (job: RolloutJob, name?: string): string =>
  resourcePath({ group: 'apps', version: 'v1', resource: 'deployments', namespace: job.namespace, name });

/** time.ParseDuration for the units a learner types: `90s`, `2m`, `1m30s`, `500ms`, `0`. */
export function goDuration(s: string): number | undefined {
  if (s === '0') return 0;
  let total = 0;
  let consumed = '';
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    consumed += m[0];
  }
  return consumed === s && s !== '' ? total : undefined;
}

const SUBCOMMANDS = ['status', 'history', 'undo', 'pause', 'resume', 'restart'] as const;
const STATUS_KINDS = ['Deployment', 'DaemonSet', 'StatefulSet'];

export function startRollout(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const sub = p.args[0] as RolloutJob['sub'] | undefined;
  if (sub === undefined || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
    return finishJob(st, common, ctx, plain(`unknown command "${sub ?? ''}" for "kubectl rollout"`));
  }
  const tn = typeAndName(p.args.slice(1), cachedIn(st));
  if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
  const viewerMissing = (sub === 'status' || sub === 'history' || sub === 'undo') && !STATUS_KINDS.includes(tn.info.kind);
  if (viewerMissing) return finishJob(st, common, ctx, plain(`no ${sub === 'status' ? 'status viewer' : sub === 'history' ? 'history viewer' : 'rollbacker'} has been implemented for "${tn.info.kind}"`));
  const job: RolloutJob = { ...common, command: 'rollout', sub, name: tn.name, info: tn.info, revision: flagInt(p, 'revision') ?? 0, toRevision: flagInt(p, 'to-revision') ?? 0 };
  const timeout = flagString(p, 'timeout');
  if (timeout !== undefined) {
    const ms = goDuration(timeout);
    if (ms === undefined) return finishJob(st, common, ctx, plain(`invalid argument "${timeout}" for "--timeout" flag: time: invalid duration "${timeout}"`));
    if (ms > 0) job.deadline = ctx.now + ms;
  }
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  getDeployment(st, job, ctx);
}

const objectPath = (job: RolloutJob): string =>
  resourcePath({ group: job.info.group || undefined, version: job.info.version, resource: job.info.resource, namespace: job.namespace, name: job.name });

function getDeployment(st: KubectlState, job: RolloutJob, ctx: Effects): void {
  jobRequest(st, job, ctx, { method: 'GET', path: objectPath(job) }, 'get', {
    object: { kind: job.info.kind, name: job.name, namespace: job.namespace },
  });
}

/** The status viewer of the object's kind (StatusViewerFor). */
function statusOf(job: RolloutJob, o: KubeObject): StatusLine {
  if (job.info.kind === 'DaemonSet') return daemonSetStatus(o);
  if (job.info.kind === 'StatefulSet') return statefulSetStatus(o);
  return deploymentStatus(o);
}

/** pause, resume, restart: the patch the object needs, sent as a strategic merge patch. */
function startAction(st: KubectlState, job: RolloutJob, o: KubeObject, ctx: Effects): void {
  const plan = planRolloutAction(job.sub as RolloutAction, job.info, o, ctx.now);
  if ('error' in plan) {
    job.stderr += `${plan.error}\n`;
    return finishJob(st, job, ctx, undefined, 1);
  }
  const name = kindSlashName(job.info, job.name);
  if ('unchanged' in plan) {
    job.stdout += `${name} ${plan.unchanged}\n`;
    return end(st, job, ctx);
  }
  job.lastLine = `${name} ${plan.done}\n`;
  jobRequest(st, job, ctx, { method: 'PATCH', path: objectPath(job), body: plan.patch, contentType: 'application/strategic-merge-patch+json', query: { fieldManager: 'kubectl-rollout' } }, 'action', {
    phase: 'persistence',
    object: { kind: job.info.kind, name: job.name, namespace: job.namespace },
  });
}

/** DeploymentStatusViewer.Status: the line to print and whether the rollout is done. */
export function deploymentStatus(d: KubeObject): { line: string; done: boolean } | { error: string } {
  const spec = (d.spec as DeploymentShape | undefined) ?? {};
  const s = (d.status as DeploymentStatus | undefined) ?? {};
  const name = d.metadata.name ?? '';
  if ((d.metadata.generation ?? 0) > (s.observedGeneration ?? 0)) return { line: 'Waiting for deployment spec update to be observed...\n', done: false };
  const progressing = (s.conditions ?? []).find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') return { error: `deployment "${name}" exceeded its progress deadline` };
  const updated = s.updatedReplicas ?? 0;
  const waiting = `Waiting for deployment "${name}" rollout to finish: `;
  if (spec.replicas !== undefined && updated < spec.replicas) return { line: `${waiting}${updated} out of ${spec.replicas} new replicas have been updated...\n`, done: false };
  if ((s.replicas ?? 0) > updated) return { line: `${waiting}${(s.replicas ?? 0) - updated} old replicas are pending termination...\n`, done: false };
  if ((s.availableReplicas ?? 0) < updated) return { line: `${waiting}${s.availableReplicas ?? 0} of ${updated} updated replicas are available...\n`, done: false };
  return { line: `deployment "${name}" successfully rolled out\n`, done: true };
}

function end(st: KubectlState, job: RolloutJob, ctx: Effects, err?: ReturnType<typeof plain>): void {
  if (job.timer !== undefined) ctx.cancelTimer(job.timer);
  job.timer = undefined;
  finishJob(st, job, ctx, err);
}

function onStatus(st: KubectlState, job: RolloutJob, d: KubeObject, ctx: Effects): void {
  const s = statusOf(job, d);
  if ('error' in s) return end(st, job, ctx, plain(s.error));
  // Real kubectl prints on every watch event; polling prints each line once, when it changes.
  if (s.line !== job.lastLine) job.stdout += s.line;
  job.lastLine = s.line;
  if (s.done) return end(st, job, ctx);
  if (job.deadline !== undefined && ctx.now >= job.deadline) return end(st, job, ctx, plain('timed out waiting for the condition'));
  job.timer = ctx.setTimer(1000, ROLLOUT_POLL_TIMER, { jobId: job.jobId });
}

export function onRolloutTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const jobId = (timer.payload as { jobId: number }).jobId;
  const job = st.jobs.get(jobId) as unknown as RolloutJob | undefined;
  if (!job || job.timer !== timer.id) return;
  job.timer = undefined;
  getDeployment(st, job, ctx);
}

export function onRolloutResult(st: KubectlState, job: RolloutJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return end(st, job, ctx, r.err as ReturnType<typeof plain>);
  if (step === 'action') {
    job.stdout += job.lastLine ?? '';
    return end(st, job, ctx);
  }
  if (step === 'get') {
    const d = asObject(r);
    if (job.sub === 'status') return onStatus(st, job, d, ctx);
    if (job.sub === 'pause' || job.sub === 'resume' || job.sub === 'restart') return startAction(st, job, d, ctx);
    job.deployment = d;
    if (job.sub === 'undo' && (d.spec as DeploymentShape | undefined)?.paused) {
      return end(st, job, ctx, plain("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again"));
    }
    const selector = selectorString((d.spec as DeploymentShape | undefined)?.selector);
    // Deployments keep their history in ReplicaSets; DaemonSets and StatefulSets in ControllerRevisions.
    const resource = job.info.kind === 'Deployment' ? 'replicasets' : 'controllerrevisions';
    const path = resourcePath({ group: 'apps', version: 'v1', resource, namespace: job.namespace });
    jobRequest(st, job, ctx, { method: 'GET', path, query: { labelSelector: selector } }, resource === 'replicasets' ? 'list-rs' : 'list-cr');
    return;
  }
  if (step === 'list-cr') return onRevisions(st, job, controlledRevisions(job.deployment!, (r.body as KubeList).items ?? []), ctx);
  if (step === 'list-rs') {
    const owned = ((r.body as KubeList).items ?? []).filter((rs) => (rs.metadata.ownerReferences ?? []).some((o) => o.uid === job.deployment?.metadata.uid));
    return job.sub === 'history' ? printHistory(st, job, owned, ctx) : undo(st, job, owned, ctx);
  }
  job.stdout += `${kindSlashName(job.info, job.name)} rolled back\n`;
  end(st, job, ctx);
}

/** DaemonSet and StatefulSet history (the name printer's line, then printHistory's text) or undo. */
function onRevisions(st: KubectlState, job: RolloutJob, revisions: ReturnType<typeof controlledRevisions>, ctx: Effects): void {
  const name = kindSlashName(job.info, job.name);
  if (job.sub === 'history') {
    const h = revisionHistory(revisions, job.revision);
    if ('error' in h) return end(st, job, ctx, plain(h.error));
    job.stdout += `${name} ${job.revision > 0 ? `with revision #${job.revision}` : ''}\n${h.text}\n`;
    return end(st, job, ctx);
  }
  const plan = planUndo(job.deployment!, revisions, job.toRevision);
  if ('error' in plan) return end(st, job, ctx, plain(plan.error));
  if ('skipped' in plan) {
    job.stdout += `${name} ${plan.skipped}\n`;
    return end(st, job, ctx);
  }
  jobRequest(st, job, ctx, { method: 'PATCH', path: objectPath(job), body: plan.patch, contentType: 'application/strategic-merge-patch+json' }, 'patch', {
    phase: 'persistence',
    object: { kind: job.info.kind, name: job.name, namespace: job.namespace },
  });
}

const revisionOf = (rs: KubeObject): number => Number(rs.metadata.annotations?.[REVISION] ?? 0) || 0;

/** DeploymentHistoryViewer.ViewHistory: a REVISION / CHANGE-CAUSE table after the name printer's `deployment.apps/web `. */
function printHistory(st: KubectlState, job: RolloutJob, owned: KubeObject[], ctx: Effects): void {
  if (job.revision > 0) return printRevision(st, job, owned, ctx);
  const rows = owned
    .map((rs) => ({ rev: revisionOf(rs), cause: rs.metadata.annotations?.[CHANGE_CAUSE] || '<none>' }))
    .filter((x) => x.rev > 0)
    .sort((a, b) => a.rev - b.rev);
  // tabwriter.NewWriter(out, 0, 8, 2, ' ', 0): the first column is its widest cell plus two.
  const width = Math.max('REVISION'.length, ...rows.map((x) => String(x.rev).length)) + 2;
  const line = (a: string, b: string): string => `${a.padEnd(width)}${b}\n`;
  const head = `${kindSlashName(appsResource('Deployment'), job.name)} \n`;
  // history.go hands the name printer `"\n" + historyInfo` as its operation, hence the space and blank line.
  if (rows.length === 0) job.stdout += `${head}No rollout history found.\n`;
  else job.stdout += `${head}${line('REVISION', 'CHANGE-CAUSE')}${rows.map((x) => line(String(x.rev), x.cause)).join('')}\n`;
  end(st, job, ctx);
}

/**
 * `rollout history --revision=N`: `deployment.apps/web with revision #N` and that ReplicaSet's pod
 * template as DescribePodTemplate prints it through a PrefixWriter (tabs as they are), with the
 * ReplicaSet's change-cause among the template's annotations (history.go ViewHistory).
 */
function printRevision(st: KubectlState, job: RolloutJob, owned: KubeObject[], ctx: Effects): void {
  const rs = owned.find((x) => revisionOf(x) === job.revision);
  if (!rs) return end(st, job, ctx, plain('unable to find the specified revision'));
  const template = structuredClone((rs.spec as { template?: PodTemplateSpec } | undefined)?.template) ?? ({ spec: { containers: [] } } as unknown as PodTemplateSpec);
  const cause = rs.metadata.annotations?.[CHANGE_CAUSE];
  if (cause) template.metadata = { ...template.metadata, annotations: { ...(template.metadata?.annotations ?? {}), [CHANGE_CAUSE]: cause } };
  job.stdout += `${kindSlashName(appsResource('Deployment'), job.name)} with revision #${job.revision}\n${describePodTemplate(template)}\n`;
  end(st, job, ctx);
}

function withoutHash(template: unknown): Record<string, unknown> {
  const t = structuredClone(template ?? {}) as { metadata?: { labels?: Record<string, string> } };
  if (t.metadata?.labels) delete t.metadata.labels['pod-template-hash'];
  return t as Record<string, unknown>;
}

/** rollback.go DeploymentRollbacker: the previous (or the --to-revision) ReplicaSet's template. */
function undo(st: KubectlState, job: RolloutJob, owned: KubeObject[], ctx: Effects): void {
  const revs = owned.map(revisionOf).filter((x) => x > 0).sort((a, b) => b - a);
  let target: number | undefined = job.toRevision;
  if (job.toRevision === 0) {
    target = revs[1];
    if (target === undefined) return end(st, job, ctx, plain(`no rollout history found for deployment "${job.name}"`));
  }
  const rs = owned.find((x) => revisionOf(x) === target);
  if (!rs) return end(st, job, ctx, plain(`unable to find specified revision ${job.toRevision} in history`));
  const template = withoutHash((rs.spec as { template?: unknown } | undefined)?.template);
  const current = withoutHash((job.deployment?.spec as DeploymentShape | undefined)?.template);
  const deployment = kindSlashName(appsResource('Deployment'), job.name);
  if (JSON.stringify(template) === JSON.stringify(current)) {
    job.stdout += `${deployment} skipped rollback (current template already matches revision ${target})\n`;
    return end(st, job, ctx);
  }
  // Real kubectl sends a JSON patch replacing /spec/template; a merge patch of the whole template
  // has the same effect on the simulated apiserver, which serves merge and strategic patches.
  jobRequest(st, job, ctx, {
    method: 'PATCH',
    path: deploymentsPath(job, job.name),
    body: { spec: { template } },
    contentType: 'application/merge-patch+json',
  }, 'patch', { phase: 'persistence', object: { kind: 'Deployment', name: job.name, namespace: job.namespace } });
}
