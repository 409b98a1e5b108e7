// Priority (plugin/pkg/admission/priority/admission.go): resolves a pod's priorityClassName into
// spec.priority. With no class named and no globalDefault PriorityClass, the priority is 0 and the
// preemptionPolicy PreemptLowerPriority. Kubeplay serves no PriorityClass objects yet, so only the
// two built-in classes the apiserver creates at start-up are known; any other name is refused with
// the real message. On update the plugin keeps the priority set at creation.

import type { Pod } from '../../api/types';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { admissionForbidden, isCore } from './plugin';

/** scheduling.SystemPriorityClasses(): the classes kube-apiserver always creates. */
export const SYSTEM_PRIORITY_CLASSES: Record<string, number> = {
  'system-node-critical': 2000001000,
  'system-cluster-critical': 2000000000,
};
export const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS = 0;
const PREEMPT_LOWER_PRIORITY = 'PreemptLowerPriority';

function onUpdate(pod: Pod, old: Pod | undefined) {
  if (!old) return {};
  const spec = { ...pod.spec };
  if (spec.priority === undefined && old.spec.priority !== undefined) spec.priority = old.spec.priority;
  if (spec.preemptionPolicy === undefined && old.spec.preemptionPolicy !== undefined) spec.preemptionPolicy = old.spec.preemptionPolicy;
  const changed = spec.priority !== pod.spec.priority || spec.preemptionPolicy !== pod.spec.preemptionPolicy;
  return changed ? { object: { ...pod, spec } } : {};
}

function admit({ attrs, object }: PluginInput) {
  if (!isCore(attrs, 'pods') || !object) return {};
  const pod = object as Pod;
  if (attrs.operation === 'UPDATE') return onUpdate(pod, attrs.oldObject as Pod | undefined);
  if (attrs.operation !== 'CREATE') return {};
  const className = (pod.spec.priorityClassName as string | undefined) ?? '';
  let priority = DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS;
  if (className) {
    const p = SYSTEM_PRIORITY_CLASSES[className];
    if (p === undefined) return { error: admissionForbidden(attrs, object, `no PriorityClass with name ${className} was found`) };
    priority = p;
  }
  if (pod.spec.priority !== undefined && pod.spec.priority !== priority) {
    const msg = `the integer value of priority (${pod.spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`;
    return { error: admissionForbidden(attrs, object, msg) };
  }
  const spec = { ...pod.spec, priority, preemptionPolicy: pod.spec.preemptionPolicy ?? PREEMPT_LOWER_PRIORITY };
  const changed = spec.priority !== pod.spec.priority || spec.preemptionPolicy !== pod.spec.preemptionPolicy;
  return changed ? { object: { ...pod, spec } } : {};
}

export const Priority: AdmissionPlugin = { name: 'Priority', admit };
