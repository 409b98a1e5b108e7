// kubectl autoscale (deployment|replicaset|statefulset) NAME --max=N [--min=N] [--cpu-percent=N]
// [--name=NAME] (kubectl/pkg/cmd/autoscale/autoscale.go, v1.31): check the flags (Validate), GET the
// target, create a HorizontalPodAutoscaler that scales it, and print
// `horizontalpodautoscaler.autoscaling/<name> autoscaled`.
//
// Simplified: kubectl v1.31 builds an autoscaling/v1 object (targetCPUUtilizationPercentage) that
// the apiserver converts to v2; Kubeplay serves autoscaling/v2 only, so the command POSTs the v2
// form of the same object (a Resource cpu metric with target Utilization).

import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { typeAndName } from '../apps-resources';
import { cachedIn } from '../discovery-cache';

import { plain } from '../errors';
import { flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface AutoscaleJob extends JobCommon {
  command: 'autoscale';
  target: { apiVersion: string; kind: string; path: string; name: string };
  hpaName: string;
  min: number;
  max: number;
  cpuPercent: number;
}

const SCALABLE = ['Deployment', 'ReplicaSet', 'StatefulSet'];

export function startAutoscale(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const min = flagInt(p, 'min') ?? -1;
  const max = flagInt(p, 'max') ?? -1;
  // AutoscaleOptions.Validate.
  if (max < 1) return finishJob(st, common, ctx, plain(`--max=MAXPODS is required and must be at least 1, max: ${max}`));
  if (max < min) return finishJob(st, common, ctx, plain(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`));
  const tn = typeAndName(p.args, cachedIn(st));
  if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
  if (!SCALABLE.includes(tn.info.kind)) return finishJob(st, common, ctx, plain(`cannot autoscale a ${tn.info.kind}: the resource has no scale subresource`));
  const apiVersion = tn.info.group ? `${tn.info.group}/${tn.info.version}` : tn.info.version;
  const path = `/apis/${apiVersion}/namespaces/${common.namespace}/${tn.info.resource}/${tn.name}`;
  const job: AutoscaleJob = {
    ...common,
    command: 'autoscale',
    target: { apiVersion, kind: tn.info.kind, path, name: tn.name },
    hpaName: flagString(p, 'name') || tn.name,
    min,
    max,
    cpuPercent: flagInt(p, 'cpu-percent') ?? -1,
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path }, 'target', { object: { kind: tn.info.kind, name: tn.name, namespace: common.namespace } });
}

/** createHorizontalPodAutoscaler, in its autoscaling/v2 form. */
export function autoscalerFor(job: Pick<AutoscaleJob, 'target' | 'hpaName' | 'min' | 'max' | 'cpuPercent'>): KubeObject {
  const spec: Record<string, unknown> = { scaleTargetRef: { apiVersion: job.target.apiVersion, kind: job.target.kind, name: job.target.name } };
  if (job.min !== -1) spec.minReplicas = job.min;
  spec.maxReplicas = job.max;
  if (job.cpuPercent >= 0) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: job.cpuPercent } } }];
  return { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: job.hpaName }, spec };
}

export function onAutoscaleResult(st: KubectlState, job: AutoscaleJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'target') {
    const target = asObject(r);
    job.target = { ...job.target, name: target.metadata.name ?? job.target.name };
    const path = `/apis/autoscaling/v2/namespaces/${job.namespace}/horizontalpodautoscalers`;
    jobRequest(st, job, ctx, { method: 'POST', path, body: autoscalerFor(job), query: { fieldManager: 'kubectl-autoscale' } }, 'create', {
      phase: 'persistence',
      object: { kind: 'HorizontalPodAutoscaler', name: job.hpaName, namespace: job.namespace },
    });
    return;
  }
  job.stdout += `horizontalpodautoscaler.autoscaling/${job.hpaName} autoscaled\n`;
  finishJob(st, job, ctx);
}
