// `kubectl get deployments` and `kubectl get replicasets` tables, as printDeployment and
// printReplicaSet in kubernetes pkg/printers/internalversion/printers.go build them.

import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';

/** translateTimestampSince (kept here too, so this module does not import tables.ts at load time). */
function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

interface AppsShape {
  replicas?: number;
  selector?: { matchLabels?: Record<string, string>; matchExpressions?: LabelSelectorRequirement[] };
  template?: { spec?: { containers?: { name: string; image?: string }[] } };
}

interface AppsStatus {
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
}

/** labels.Selector.String() of metav1.LabelSelectorAsSelector: requirements sorted by key. */
export function selectorString(sel: AppsShape['selector']): string {
  // A nil selector is labels.Nothing() and an empty one labels.Everything(); both print as ''.
  if (!sel) return '';
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const e of sel.matchExpressions ?? []) {
    const values = [...(e.values ?? [])].sort().join(',');
    const text =
      e.operator === 'In'
        ? `${e.key} in (${values})`
        : e.operator === 'NotIn'
          ? `${e.key} notin (${values})`
          : e.operator === 'Exists'
            ? e.key
            : e.operator === 'DoesNotExist'
              ? `!${e.key}`
              : '<invalid>';
    reqs.push({ key: e.key, text });
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return reqs.map((r) => r.text).join(',');
}

/** layoutContainerCells: container names and images, each joined by commas. */
function containerCells(spec: AppsShape): [string, string] {
  const cs = spec.template?.spec?.containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(',')];
}

function wideCells(spec: AppsShape): string[] {
  return [...containerCells(spec), selectorString(spec.selector)];
}

export const deploymentPrinter: TablePrinter = {
  columns: ['Name', 'Ready', 'Up-to-date', 'Available', 'Age'],
  wideColumns: ['Containers', 'Images', 'Selector'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as AppsShape | undefined) ?? {};
    const status = (obj.status as AppsStatus | undefined) ?? {};
    const cells = [
      obj.metadata.name ?? '',
      `${status.readyReplicas ?? 0}/${spec.replicas ?? 0}`,
      String(status.updatedReplicas ?? 0),
      String(status.availableReplicas ?? 0),
      age(obj.metadata.creationTimestamp, now),
    ];
    return wide ? [...cells, ...wideCells(spec)] : cells;
  },
};

export const replicaSetPrinter: TablePrinter = {
  columns: ['Name', 'Desired', 'Current', 'Ready', 'Age'],
  wideColumns: ['Containers', 'Images', 'Selector'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as AppsShape | undefined) ?? {};
    const status = (obj.status as AppsStatus | undefined) ?? {};
    const cells = [
      obj.metadata.name ?? '',
      String(spec.replicas ?? 0),
      String(status.replicas ?? 0),
      String(status.readyReplicas ?? 0),
      age(obj.metadata.creationTimestamp, now),
    ];
    return wide ? [...cells, ...wideCells(spec)] : cells;
  },
};

/** printStatefulSet: READY is `readyReplicas/spec.replicas`; wide adds containers and images, no selector. */
export const statefulSetPrinter: TablePrinter = {
  columns: ['Name', 'Ready', 'Age'],
  wideColumns: ['Containers', 'Images'],
  row(obj: KubeObject, now, wide) {
    const spec = (obj.spec as AppsShape | undefined) ?? {};
    const status = (obj.status as AppsStatus | undefined) ?? {};
    const cells = [obj.metadata.name ?? '', `${status.readyReplicas ?? 0}/${spec.replicas ?? 0}`, age(obj.metadata.creationTimestamp, now)];
    return wide ? [...cells, ...containerCells(spec)] : cells;
  },
};
