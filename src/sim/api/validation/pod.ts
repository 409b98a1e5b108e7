// Pod validation on create (ValidatePodCreate -> validatePodMetadataAndSpec -> ValidatePodSpec) from
// pkg/apis/core/validation/validation.go, v1.31: the checks a learner's manifest can trip.

import type { FieldError } from '../field-error';
import { duplicate, forbidden, invalid, notSupported, required } from '../field-error';
import type { Container, Pod, PodSpec, Toleration } from '../types';
import { validateContainerCommon, validateProbe } from './container';
import { inclusiveRangeError, isDNS1123Label, isValidLabelValue, nameIsDNSSubdomain } from './names';
import { validateLabelName, validateLabels, validateObjectMeta } from './object-meta';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const PREEMPTION_POLICIES = ['Never', 'PreemptLowerPriority'];
const MAX_INT32 = 2147483647;

/** validateContainers: at least one, unique names, probes. */
function validateContainers(containers: Container[] | undefined, path: string): FieldError[] {
  if (!containers || containers.length === 0) return [required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((ctr, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(ctr, p));
    if (names.has(ctr.name)) errs.push(duplicate(`${p}.name`, ctr.name));
    else names.add(ctr.name);
    errs.push(...validateProbe(ctr.livenessProbe, `${p}.livenessProbe`, 'liveness'));
    errs.push(...validateProbe(ctr.readinessProbe, `${p}.readinessProbe`, 'readiness'));
    errs.push(...validateProbe(ctr.startupProbe, `${p}.startupProbe`, 'startup'));
    if ((ctr as { restartPolicy?: string }).restartPolicy !== undefined) {
      errs.push(forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
    }
  });
  return errs;
}

/** validateInitContainers (the common part): names unique across init and regular containers. */
function validateInitContainers(inits: Container[] | undefined, containers: Container[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((containers ?? []).map((c) => c.name));
  (inits ?? []).forEach((ctr, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(ctr, p));
    if (names.has(ctr.name)) errs.push(duplicate(`${p}.name`, ctr.name));
    else names.add(ctr.name);
  });
  return errs;
}

function validateTaintEffect(effect: string, allowEmpty: boolean, field: string): FieldError[] {
  if (!allowEmpty && !effect) return [required(field)];
  return TAINT_EFFECTS.includes(effect) ? [] : [notSupported(field, effect, TAINT_EFFECTS)];
}

/** A toleration as Go's %#v prints a core.Toleration. */
function tolerationGoSyntax(t: Toleration): { goSyntax: string } {
  const secs = t.tolerationSeconds === undefined ? '(*int64)(nil)' : `(*int64)(0x${'c000000000'})`;
  return {
    goSyntax: `core.Toleration{Key:${JSON.stringify(t.key ?? '')}, Operator:${JSON.stringify(t.operator ?? '')}, Value:${JSON.stringify(t.value ?? '')}, Effect:${JSON.stringify(t.effect ?? '')}, TolerationSeconds:${secs}}`,
  };
}

/** ValidateTolerations. */
export function validateTolerations(tolerations: Toleration[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const idx = `${path}[${i}]`;
    if (t.key) errs.push(...validateLabelName(t.key, `${idx}.key`));
    if (!t.key && t.operator !== 'Exists') {
      errs.push(invalid(`${idx}.operator`, t.operator ?? '', 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds !== undefined && t.effect !== 'NoExecute') {
      errs.push(invalid(`${idx}.effect`, t.effect ?? '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    const op = t.operator ?? '';
    if (op === 'Equal' || op === '') {
      const msgs = isValidLabelValue(t.value ?? '');
      if (msgs.length) errs.push(invalid(`${idx}.operator`, t.value ?? '', msgs.join(';')));
    } else if (op === 'Exists') {
      if (t.value) errs.push(invalid(`${idx}.operator`, tolerationGoSyntax(t), "value must be empty when `operator` is 'Exists'"));
    } else {
      errs.push(notSupported(`${idx}.operator`, op, ['Equal', 'Exists']));
    }
    if (t.effect) errs.push(...validateTaintEffect(t.effect, true, `${idx}.effect`));
  });
  return errs;
}

/** ValidatePodSpec, the parts Kubeplay models, in the Go order. */
export function validatePodSpec(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateContainers(spec.containers, `${path}.containers`));
  errs.push(...validateInitContainers(spec.initContainers, spec.containers, `${path}.initContainers`));
  const rp = spec.restartPolicy ?? '';
  if (!rp) errs.push(required(`${path}.restartPolicy`));
  else if (!RESTART_POLICIES.includes(rp)) errs.push(notSupported(`${path}.restartPolicy`, rp, RESTART_POLICIES));
  const dns = spec.dnsPolicy ?? '';
  if (!dns) errs.push(required(`${path}.dnsPolicy`));
  else if (!DNS_POLICIES.includes(dns)) errs.push(notSupported(`${path}.dnsPolicy`, dns, DNS_POLICIES));
  errs.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  if (spec.serviceAccountName) {
    errs.push(...nameIsDNSSubdomain(spec.serviceAccountName, false).map((m) => invalid(`${path}.serviceAccountName`, spec.serviceAccountName, m)));
  }
  if (spec.nodeName) errs.push(...nameIsDNSSubdomain(spec.nodeName, false).map((m) => invalid(`${path}.nodeName`, spec.nodeName, m)));
  const ads = spec.activeDeadlineSeconds as number | undefined;
  if (ads !== undefined && (ads < 1 || ads > MAX_INT32)) errs.push(invalid(`${path}.activeDeadlineSeconds`, ads, inclusiveRangeError(1, MAX_INT32)));
  const hostname = spec.hostname as string | undefined;
  if (hostname) errs.push(...isDNS1123Label(hostname).map((m) => invalid(`${path}.hostname`, hostname, m)));
  if (spec.tolerations?.length) errs.push(...validateTolerations(spec.tolerations, `${path}.tolerations`));
  if (spec.preemptionPolicy !== undefined && !PREEMPTION_POLICIES.includes(spec.preemptionPolicy)) {
    errs.push(notSupported(`${path}.preemptionPolicy`, spec.preemptionPolicy, PREEMPTION_POLICIES));
  }
  return errs;
}

/** validateContainersOnlyForPod: images may not have leading or trailing whitespace. */
function validateContainersOnlyForPod(containers: Container[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (containers ?? []).forEach((c, i) => {
    if (c.image !== undefined && c.image.trim() !== c.image) errs.push(invalid(`${path}[${i}].image`, c.image, 'must not have leading or trailing whitespace'));
  });
  return errs;
}

/** validatePodMetadataAndSpec: shared by create and update. */
export function validatePodMetadataAndSpec(pod: Pod): FieldError[] {
  const spec: PodSpec = pod.spec ?? { containers: [] };
  return [
    ...validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain),
    ...validatePodSpec(spec, 'spec'),
    ...validateContainersOnlyForPod(spec.containers, 'spec.containers'),
    ...validateContainersOnlyForPod(spec.initContainers, 'spec.initContainers'),
  ];
}

/** ValidatePodCreate. */
export function validatePodCreate(pod: Pod): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod);
  if (Array.isArray(pod.spec?.ephemeralContainers) && pod.spec.ephemeralContainers.length > 0) {
    errs.push(forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  }
  return errs;
}
