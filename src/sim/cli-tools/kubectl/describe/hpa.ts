// `kubectl describe horizontalpodautoscaler` (describeHorizontalPodAutoscalerV2 and
// printDirectionBehavior in kubectl/pkg/describe/describe.go, v1.31): identity, the scale target,
// one line per metric as `current / target` (`<unknown>` until the controller has measured it,
// `<auto>` for a utilization target left unset), the replica bounds, the behavior when set, the
// target's current and desired pods, the conditions and the events. Quantities print in their
// canonical form (Quantity.String()).

import type { Event, KubeObject } from '../../../api/types';
import { formatQuantity, tryParseQuantity } from '../../../api/quantity';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline, rfc1123z } from './format';

interface Target {
  type?: string;
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

interface Current {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

interface MetricSpec {
  type: string;
  resource?: { name: string; target: Target };
  containerResource?: { name: string; container: string; target: Target };
  pods?: { metric: { name: string }; target: Target };
  object?: { metric: { name: string }; describedObject: { kind: string; name: string }; target: Target };
  external?: { metric: { name: string }; target: Target };
}

type MetricStatus = { [K in 'resource' | 'containerResource' | 'pods' | 'object' | 'external']?: { current: Current } };

interface ScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: string;
  policies?: { type: string; value: number; periodSeconds: number }[];
}

export interface HorizontalPodAutoscaler extends KubeObject {
  spec?: {
    scaleTargetRef: { kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: MetricSpec[];
    behavior?: { scaleUp?: ScalingRules; scaleDown?: ScalingRules };
  };
  status?: {
    currentReplicas?: number;
    desiredReplicas?: number;
    currentMetrics?: MetricStatus[];
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
  };
}

/** Quantity.String(); an absent quantity is the zero Quantity, "0". */
const q = (s: string | undefined): string => {
  const parsed = s === undefined ? undefined : tryParseQuantity(s);
  return parsed ? formatQuantity(parsed) : (s ?? '0');
};

/** One metric's line (after LEVEL_1's two spaces), as the switch in describeHorizontalPodAutoscalerV2 writes it. */
function metricLine(m: MetricSpec, cur: MetricStatus | undefined): string {
  const unknown = '<unknown>';
  switch (m.type) {
    case 'External': {
      const e = m.external!;
      const c = cur?.external?.current;
      if (e.target.averageValue !== undefined) return `  "${e.metric.name}" (target average value):\t${c?.averageValue !== undefined ? q(c.averageValue) : unknown} / ${q(e.target.averageValue)}\n`;
      return `  "${e.metric.name}" (target value):\t${c ? q(c.value) : unknown} / ${q(e.target.value)}\n`;
    }
    case 'Pods': {
      const p = m.pods!;
      return `  "${p.metric.name}" on pods:\t${cur?.pods ? q(cur.pods.current.averageValue) : unknown} / ${q(p.target.averageValue)}\n`;
    }
    case 'Object': {
      const o = m.object!;
      const head = `  "${o.metric.name}" on ${o.describedObject.kind}/${o.describedObject.name} `;
      const c = cur?.object?.current;
      if (o.target.type === 'AverageValue') return `${head}(target average value):\t${c ? q(c.averageValue) : unknown} / ${q(o.target.averageValue)}\n`;
      return `${head}(target value):\t${c ? q(c.value) : unknown} / ${q(o.target.value)}\n`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const r = m.type === 'Resource' ? m.resource! : m.containerResource!;
      const c = (m.type === 'Resource' ? cur?.resource : cur?.containerResource)?.current;
      const head = m.type === 'Resource' ? `  resource ${r.name} on pods` : `  resource ${r.name} of container "${m.containerResource!.container}" on pods`;
      if (r.target.averageValue !== undefined) return `${head}:\t${c ? q(c.averageValue) : unknown} / ${q(r.target.averageValue)}\n`;
      const current = c?.averageUtilization !== undefined ? `${c.averageUtilization}% (${q(c.averageValue)})` : unknown;
      const target = r.target.averageUtilization !== undefined ? `${r.target.averageUtilization}%` : '<auto>';
      // The head has no newline of its own: the percentage line continues it after two more spaces.
      return `${head}  (as a percentage of request):\t${current} / ${target}\n`;
    }
    default:
      return `  <unknown metric type "${m.type}">\n`;
  }
}

function directionBehavior(direction: string, rules: ScalingRules | undefined): string {
  if (!rules) return '';
  let s = `  ${direction}:\n`;
  if (rules.stabilizationWindowSeconds !== undefined) s += `    Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`;
  if (rules.policies?.length) {
    s += `    Select Policy: ${rules.selectPolicy ?? 'Max'}\n    Policies:\n`;
    for (const p of rules.policies) s += `      - Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`;
  }
  return s;
}

export function describeHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler, events: Event[], now: number): string {
  const m = hpa.metadata;
  const spec = hpa.spec ?? { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 };
  const st = hpa.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  s += `CreationTimestamp:\t${rfc1123z(m.creationTimestamp)}\n`;
  s += `Reference:\t${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}\n`;
  s += 'Metrics:\t( current / target )\n';
  (spec.metrics ?? []).forEach((metric, i) => (s += metricLine(metric, st.currentMetrics?.[i])));
  s += `Min replicas:\t${spec.minReplicas ?? '<unset>'}\n`;
  s += `Max replicas:\t${spec.maxReplicas}\n`;
  if (spec.behavior) s += 'Behavior:\n' + directionBehavior('Scale Up', spec.behavior.scaleUp) + directionBehavior('Scale Down', spec.behavior.scaleDown);
  s += `${spec.scaleTargetRef.kind} pods:\t${st.currentReplicas ?? 0} current / ${st.desiredReplicas ?? 0} desired\n`;
  if (st.conditions?.length) {
    s += 'Conditions:\n  Type\tStatus\tReason\tMessage\n  ----\t------\t------\t-------\n';
    for (const c of st.conditions) s += `  ${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`;
  }
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
