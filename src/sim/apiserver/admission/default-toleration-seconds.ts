// DefaultTolerationSeconds (plugin/pkg/admission/defaulttolerationseconds/admission.go): every pod
// tolerates node.kubernetes.io/not-ready and node.kubernetes.io/unreachable (NoExecute) for 300 s
// (--default-not-ready-toleration-seconds, --default-unreachable-toleration-seconds). This is the
// seed's "5 more minutes" before pods leave a dead node. A pod that already tolerates the taint
// (same key or an empty key, NoExecute or any effect) keeps its own toleration.

import type { Pod, Toleration } from '../../api/types';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

export const NOT_READY_KEY = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_KEY = 'node.kubernetes.io/unreachable';

function tolerates(tolerations: Toleration[], key: string): boolean {
  return tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
}

function admit({ attrs, object, cfg }: PluginInput) {
  if (!isCore(attrs, 'pods') || (attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') || !object) return {};
  const pod = object as Pod;
  const existing = pod.spec.tolerations ?? [];
  const added: Toleration[] = [];
  if (!tolerates(existing, NOT_READY_KEY)) {
    added.push({ key: NOT_READY_KEY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: cfg.timings.defaultNotReadyTolerationSeconds });
  }
  if (!tolerates(existing, UNREACHABLE_KEY)) {
    added.push({ key: UNREACHABLE_KEY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: cfg.timings.defaultUnreachableTolerationSeconds });
  }
  if (!added.length) return {};
  return { object: { ...pod, spec: { ...pod.spec, tolerations: [...existing, ...added] } } };
}

export const DefaultTolerationSeconds: AdmissionPlugin = { name: 'DefaultTolerationSeconds', admit };
