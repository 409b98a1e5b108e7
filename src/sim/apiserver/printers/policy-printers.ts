// `kubectl get` tables for PodDisruptionBudgets, HorizontalPodAutoscalers, Ingresses and
// IngressClasses, as kube-apiserver v1.31's pkg/printers/internalversion/printers.go builds them:
// printPodDisruptionBudget, printHorizontalPodAutoscaler (with formatHPAMetrics, which names the
// metric since kubernetes#122804, v1.30: `cpu: <unknown>/50%`), printIngress (formatHosts,
// formatPorts, ingressLoadBalancerStatusStringer) and printIngressClass.

import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';

function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

type IntOrString = number | string;

/** intstr.IntOrString.String(): the number, or the string as given; `N/A` when unset. */
function intOrString(v: IntOrString | undefined): string {
  return v === undefined ? 'N/A' : String(v);
}

export const podDisruptionBudgetPrinter: TablePrinter = {
  columns: ['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const spec = (obj.spec ?? {}) as { minAvailable?: IntOrString; maxUnavailable?: IntOrString };
    const status = (obj.status ?? {}) as { disruptionsAllowed?: number };
    return [obj.metadata.name ?? '', intOrString(spec.minAvailable), intOrString(spec.maxUnavailable), String(status.disruptionsAllowed ?? 0), age(obj.metadata.creationTimestamp, now)];
  },
};

interface MetricTarget {
  type?: string;
  averageUtilization?: number;
  averageValue?: string;
  value?: string;
}

interface MetricSpec {
  type?: string;
  resource?: { name?: string; target?: MetricTarget };
  containerResource?: { name?: string; target?: MetricTarget };
  pods?: { metric?: { name?: string }; target?: MetricTarget };
}

interface MetricStatus {
  resource?: { current?: { averageUtilization?: number; averageValue?: string } };
  containerResource?: { current?: { averageUtilization?: number; averageValue?: string } };
  pods?: { current?: { averageValue?: string } };
}

/** One Resource or ContainerResource metric: `cpu: 30%/50%`, `cpu: <unknown>/50%`, `memory: <unknown>/500Mi`. */
function resourceMetric(name: string, target: MetricTarget | undefined, current: MetricStatus['resource']): string {
  if (target?.averageValue !== undefined) return `${name}: ${current?.current?.averageValue ?? '<unknown>'}/${target.averageValue}`;
  const cur = current?.current?.averageUtilization;
  const want = target?.averageUtilization;
  return `${name}: ${cur !== undefined ? `${cur}%` : '<unknown>'}/${want !== undefined ? `${want}%` : '<auto>'}`;
}

/** formatHPAMetrics: at most two, then ` + N more...`; `<none>` without metrics. */
export function formatHPAMetrics(specs: MetricSpec[], statuses: MetricStatus[]): string {
  if (specs.length === 0) return '<none>';
  const list = specs.map((spec, i) => {
    const st = statuses[i];
    switch (spec.type) {
      case 'Resource':
        return resourceMetric(spec.resource?.name ?? '', spec.resource?.target, st?.resource);
      case 'ContainerResource':
        return resourceMetric(spec.containerResource?.name ?? '', spec.containerResource?.target, st?.containerResource);
      case 'Pods':
        return `${spec.pods?.metric?.name ?? ''}: ${st?.pods?.current?.averageValue ?? '<unknown>'}/${spec.pods?.target?.averageValue ?? ''}`;
      default:
        return '<unknown type>';
    }
  });
  const max = 2;
  const shown = list.slice(0, max).join(', ');
  return list.length > max ? `${shown} + ${list.length - max} more...` : shown;
}

export const horizontalPodAutoscalerPrinter: TablePrinter = {
  columns: ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const spec = (obj.spec ?? {}) as { scaleTargetRef?: { kind?: string; name?: string }; minReplicas?: number; maxReplicas?: number; metrics?: MetricSpec[] };
    const status = (obj.status ?? {}) as { currentReplicas?: number; currentMetrics?: MetricStatus[] };
    const ref = `${spec.scaleTargetRef?.kind ?? ''}/${spec.scaleTargetRef?.name ?? ''}`;
    const minPods = spec.minReplicas !== undefined ? String(spec.minReplicas) : '<unset>';
    return [
      obj.metadata.name ?? '',
      ref,
      formatHPAMetrics(spec.metrics ?? [], status.currentMetrics ?? []),
      minPods,
      String(spec.maxReplicas ?? 0),
      String(status.currentReplicas ?? 0),
      age(obj.metadata.creationTimestamp, now),
    ];
  },
};

/** formatHosts: up to three hosts, `*` when no rule names one. */
export function formatHosts(rules: { host?: string }[]): string {
  const max = 3;
  const list: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (list.length === max) more = true;
    if (!more && rule.host) list.push(rule.host);
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${rules.length - max} more...` : ret;
}

/** loadBalancerWidth: an address list wider than 16 is cut to 13 characters and `...` unless -o wide. */
const LOAD_BALANCER_WIDTH = 16;

function ingressAddress(status: unknown, wide: boolean): string {
  const ingress = ((status as { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } } | undefined)?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((x) => x);
  const r = ingress.join(',');
  return !wide && r.length > LOAD_BALANCER_WIDTH ? `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...` : r;
}

export const ingressPrinter: TablePrinter = {
  columns: ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number, wide: boolean) {
    const spec = (obj.spec ?? {}) as { ingressClassName?: string; rules?: { host?: string }[]; tls?: unknown[] };
    const ports = (spec.tls ?? []).length > 0 ? '80, 443' : '80';
    return [obj.metadata.name ?? '', spec.ingressClassName ?? '<none>', formatHosts(spec.rules ?? []), ingressAddress(obj.status, wide), ports, age(obj.metadata.creationTimestamp, now)];
  },
};

export const ingressClassPrinter: TablePrinter = {
  columns: ['Name', 'Controller', 'Parameters', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const spec = (obj.spec ?? {}) as { controller?: string; parameters?: { apiGroup?: string; kind?: string; name?: string } };
    const p = spec.parameters;
    const parameters = p ? `${p.kind ?? ''}${p.apiGroup ? `.${p.apiGroup}` : ''}/${p.name ?? ''}` : '<none>';
    return [obj.metadata.name ?? '', spec.controller ?? '', parameters, age(obj.metadata.creationTimestamp, now)];
  },
};
