// Validation of the other core kinds Kubeplay serves (v1.31): ValidateNode, ValidateNamespace,
// ValidateLease (pkg/apis/coordination/validation), ValidateEventCreate's legacy rules and
// ValidatePodBinding (pkg/apis/core/validation).

import type { FieldError } from '../field-error';
import { invalid, notSupported, required } from '../field-error';
import type { Binding, Event, Lease, Namespace, Node, Taint } from '../types';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue, nameIsDNSLabel, nameIsDNSSubdomain, validatePathSegmentName } from './names';
import { validateLabelName, validateObjectMeta } from './object-meta';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function taintGoSyntax(t: Taint): { goSyntax: string } {
  return { goSyntax: `core.Taint{Key:${JSON.stringify(t.key)}, Value:${JSON.stringify(t.value ?? '')}, Effect:${JSON.stringify(t.effect)}, TimeAdded:<nil>}` };
}

/** validateNodeTaints: keys and values like labels, effect required, unique by key and effect. */
function validateNodeTaints(taints: Taint[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const idx = `${path}[${i}]`;
    errs.push(...validateLabelName(t.key ?? '', `${idx}.key`));
    const msgs = isValidLabelValue(t.value ?? '');
    if (msgs.length) errs.push(invalid(`${idx}.value`, t.value ?? '', msgs.join(';')));
    if (!t.effect) errs.push(required(`${idx}.effect`));
    else if (!TAINT_EFFECTS.includes(t.effect)) errs.push(notSupported(`${idx}.effect`, t.effect, TAINT_EFFECTS));
    const key = `${t.effect}\u0000${t.key}`;
    if (seen.has(key)) {
      errs.push({ type: 'Duplicate value', field: idx, value: taintGoSyntax(t), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    seen.add(key);
  });
  return errs;
}

export function validateNode(node: Node): FieldError[] {
  const errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  errs.push(...validateNodeTaints(node.spec?.taints, 'spec.taints'));
  return errs;
}

/** ValidateNamespace: a DNS-1123 label name, finalizers qualified names. */
export function validateNamespace(ns: Namespace): FieldError[] {
  const errs = validateObjectMeta(ns.metadata, false, nameIsDNSLabel);
  const standard = ['kubernetes', 'orphan', 'foregroundDeletion'];
  for (const f of ns.spec?.finalizers ?? []) {
    errs.push(...isQualifiedName(f).map((m) => invalid('spec.finalizers', f, m)));
    if (!f.includes('/') && !standard.includes(f)) {
      errs.push(invalid('spec.finalizers', f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  }
  return errs;
}

/** ValidateLease / ValidateLeaseSpec. */
export function validateLease(lease: Lease): FieldError[] {
  const errs = validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain);
  const spec = lease.spec ?? {};
  if (spec.leaseDurationSeconds !== undefined && spec.leaseDurationSeconds <= 0) {
    errs.push(invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (spec.leaseTransitions !== undefined && spec.leaseTransitions < 0) {
    errs.push(invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  return errs;
}

/**
 * ValidateEventCreate for core/v1: only the legacy rules (an event without eventTime must sit in its
 * involved object's namespace). core/v1 Event has no name rule of its own; the registry's generic
 * check (ValidatePathSegmentName) runs after it, and is included here.
 */
export function validateEvent(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata.namespace ?? '';
  const involvedNs = ev.involvedObject?.namespace ?? '';
  if (!ev.eventTime) {
    const ok = involvedNs === '' ? ns === '' || ns === 'default' : ns === involvedNs;
    if (!ok) errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
  } else {
    if (involvedNs === '' && ns !== 'default' && ns !== 'kube-system') {
      errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    }
    if (!ev.reportingComponent) errs.push(required('reportingComponent'));
    errs.push(...isQualifiedName(ev.reportingComponent ?? '').map((m) => invalid('reportingComponent', ev.reportingComponent ?? '', m)));
    if (!ev.reportingInstance) errs.push(required('reportingInstance'));
    if (!ev.action) errs.push(required('action'));
    if (!ev.reason) errs.push(required('reason'));
  }
  errs.push(...isDNS1123Subdomain(ns).map((m) => invalid('namespace', ns, m)));
  if (errs.length) return errs;
  return validateObjectMeta(ev.metadata, true, validatePathSegmentName);
}

/**
 * ValidatePodBinding. Note the binding REST handler returns these as a plain aggregate error, not
 * an Invalid status: the apiserver answers 500 with the aggregate text.
 */
export function validatePodBinding(b: Binding): FieldError[] {
  const errs: FieldError[] = [];
  const kind = b.target?.kind ?? '';
  if (kind && kind !== 'Node') errs.push(notSupported('target.kind', kind, ['Node', '<empty>']));
  if (!b.target?.name) errs.push(required('target.name'));
  return errs;
}
