// TaintNodesByCondition (plugin/pkg/admission/nodetaint/admission.go): a Node is born with the taint
// node.kubernetes.io/not-ready:NoSchedule, so no pod lands on it before its kubelet reports Ready;
// the node lifecycle controller removes the taint once the node is Ready.

import type { Node, Taint } from '../../api/types';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

export const NOT_READY_TAINT_KEY = 'node.kubernetes.io/not-ready';

function admit({ attrs, object }: PluginInput) {
  if (!isCore(attrs, 'nodes') || attrs.operation !== 'CREATE' || !object) return {};
  const node = object as Node;
  const taints = node.spec?.taints ?? [];
  // MatchTaint compares key and effect only.
  if (taints.some((t) => t.key === NOT_READY_TAINT_KEY && t.effect === 'NoSchedule')) return {};
  const notReady: Taint = { key: NOT_READY_TAINT_KEY, effect: 'NoSchedule' };
  return { object: { ...node, spec: { ...node.spec, taints: [...taints, notReady] } } };
}

export const TaintNodesByCondition: AdmissionPlugin = { name: 'TaintNodesByCondition', admit };
