// `kubectl get daemonsets` and `kubectl get jobs` tables, as printDaemonSet and printJob in
// kubernetes pkg/printers/internalversion/printers.go (v1.31) build them. The Job table has the
// STATUS column (Complete, Failed, Terminating, Suspended, FailureTarget, Running).

import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import { selectorString } from './apps-printers';
import type { TablePrinter } from './tables';

function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

interface WorkloadSpec {
  selector?: Parameters<typeof selectorString>[0];
  template?: { spec?: { containers?: { name: string; image?: string }[]; nodeSelector?: Record<string, string> } };
  completions?: number;
  parallelism?: number;
}

function wideCells(spec: WorkloadSpec): string[] {
  const cs = spec.template?.spec?.containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(','), selectorString(spec.selector)];
}

/** labels.FormatLabels: sorted `k=v` joined by commas, `<none>` when empty. */
function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : '<none>';
}

export const daemonSetPrinter: TablePrinter = {
  columns: ['Name', 'Desired', 'Current', 'Ready', 'Up-to-date', 'Available', 'Node Selector', 'Age'],
  wideColumns: ['Containers', 'Images', 'Selector'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as WorkloadSpec | undefined) ?? {};
    const st = (obj.status as Record<string, number | undefined> | undefined) ?? {};
    const n = (k: string): string => String(st[k] ?? 0);
    const cells = [
      obj.metadata.name ?? '',
      n('desiredNumberScheduled'),
      n('currentNumberScheduled'),
      n('numberReady'),
      n('updatedNumberScheduled'),
      n('numberAvailable'),
      formatLabels(spec.template?.spec?.nodeSelector),
      age(obj.metadata.creationTimestamp, now),
    ];
    return wide ? [...cells, ...wideCells(spec)] : cells;
  },
};

interface JobStatusShape {
  succeeded?: number;
  startTime?: string;
  completionTime?: string;
  conditions?: { type: string; status: string }[];
}

function hasCondition(st: JobStatusShape, type: string): boolean {
  return (st.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** printJob's STATUS cell. */
export function jobStatus(obj: KubeObject): string {
  const st = (obj.status as JobStatusShape | undefined) ?? {};
  if (hasCondition(st, 'Complete')) return 'Complete';
  if (hasCondition(st, 'Failed')) return 'Failed';
  if (obj.metadata.deletionTimestamp) return 'Terminating';
  if (hasCondition(st, 'Suspended')) return 'Suspended';
  if (hasCondition(st, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** printJob's COMPLETIONS cell: `succeeded/completions`, or `n/1 of p` for a work queue with parallelism. */
function completionsCell(spec: WorkloadSpec, st: JobStatusShape): string {
  const done = st.succeeded ?? 0;
  if (spec.completions !== undefined && spec.completions !== null) return `${done}/${spec.completions}`;
  const p = spec.parallelism ?? 0;
  return p > 1 ? `${done}/1 of ${p}` : `${done}/1`;
}

function durationCell(st: JobStatusShape, now: number): string {
  if (!st.startTime) return '';
  const end = st.completionTime ? parseTime(st.completionTime) : now;
  return humanDuration(end - parseTime(st.startTime));
}

export const jobPrinter: TablePrinter = {
  columns: ['Name', 'Status', 'Completions', 'Duration', 'Age'],
  wideColumns: ['Containers', 'Images', 'Selector'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as WorkloadSpec | undefined) ?? {};
    const st = (obj.status as JobStatusShape | undefined) ?? {};
    const cells = [obj.metadata.name ?? '', jobStatus(obj), completionsCell(spec, st), durationCell(st, now), age(obj.metadata.creationTimestamp, now)];
    return wide ? [...cells, ...wideCells(spec)] : cells;
  },
};

interface CronJobShape {
  schedule?: string;
  timeZone?: string | null;
  suspend?: boolean | null;
  jobTemplate?: { spec?: WorkloadSpec };
}

/** printBoolPtr: `<unset>` for nil, else True / False. */
function boolPtr(v: boolean | null | undefined): string {
  if (v === undefined || v === null) return '<unset>';
  return v ? 'True' : 'False';
}

/**
 * printCronJob: NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE; TIMEZONE and LAST SCHEDULE
 * are `<none>` when unset; -o wide adds the job template's containers, images and selector.
 */
export const cronJobPrinter: TablePrinter = {
  columns: ['Name', 'Schedule', 'Timezone', 'Suspend', 'Active', 'Last Schedule', 'Age'],
  wideColumns: ['Containers', 'Images', 'Selector'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as CronJobShape | undefined) ?? {};
    const st = (obj.status as { active?: unknown[]; lastScheduleTime?: string } | undefined) ?? {};
    const last = st.lastScheduleTime ? age(st.lastScheduleTime, now) : '<none>';
    const cells = [obj.metadata.name ?? '', spec.schedule ?? '', spec.timeZone ?? '<none>', boolPtr(spec.suspend), String((st.active ?? []).length), last, age(obj.metadata.creationTimestamp, now)];
    if (!wide) return cells;
    // FormatLabelSelector prints a nil selector (a template's, which the Job generates) as <none>.
    const [names, images, selector] = wideCells(spec.jobTemplate?.spec ?? {}) as [string, string, string];
    return [...cells, names, images, selector || '<none>'];
  },
};
