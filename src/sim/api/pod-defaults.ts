// SetDefaults_PodSpec, SetDefaults_Pod, SetDefaults_Container and friends (pkg/apis/core/v1/defaults.go,
// v1.31), over plain JSON. Every function works on objects the caller already copied.

import { hasOwn, setOwn } from './own-keys';
import { canonicalQuantity, quantityError } from './quantity';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objects(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/**
 * The image's tag as parsers.ParseImageName finds it: `nginx` and `nginx:latest` -> latest; a digest
 * without a tag -> none; a `:` inside the registry host (`host:5000/app`) is a port, not a tag.
 */
export function imageTag(image: string): string {
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  if (colon > slash) return name.slice(colon + 1);
  return at >= 0 ? '' : 'latest';
}

/** SetDefaults_Probe and SetDefaults_HTTPGetAction. */
function defaultProbe(p: Obj): void {
  p.timeoutSeconds ??= 1;
  p.periodSeconds ??= 10;
  p.successThreshold ??= 1;
  p.failureThreshold ??= 3;
  if (isObj(p.httpGet)) {
    p.httpGet.path ??= '/';
    p.httpGet.scheme ??= 'HTTP';
  }
}

/**
 * A ResourceList as the apiserver stores it: each quantity decoded (a YAML number such as `cpu: 1`
 * or `cpu: 0.5` too) and printed canonically (`0.5` -> `500m`, `1.5Gi` -> `1536Mi`), as
 * resource.Quantity's unmarshal and String do. What is not a quantity is left for validation.
 */
export function canonicalResourceList(list: unknown): void {
  if (!isObj(list)) return;
  for (const [k, v] of Object.entries(list)) {
    if ((typeof v === 'string' || typeof v === 'number') && !quantityError(String(v))) setOwn(list as Record<string, string>, k, canonicalQuantity(String(v)));
  }
}

/** SetDefaults_Container plus the defaults of what it holds (ports, probes, resources). */
export function defaultContainer(c: Obj): void {
  if (!c.imagePullPolicy) c.imagePullPolicy = imageTag(String(c.image ?? '')) === 'latest' ? 'Always' : 'IfNotPresent';
  if (!c.terminationMessagePath) c.terminationMessagePath = '/dev/termination-log';
  if (!c.terminationMessagePolicy) c.terminationMessagePolicy = 'File';
  // Resources is a struct, not a pointer, in Go: it always serialises, as `resources: {}` when empty.
  if (!isObj(c.resources)) c.resources = {};
  canonicalResourceList((c.resources as Obj).requests);
  canonicalResourceList((c.resources as Obj).limits);
  for (const port of objects(c.ports)) port.protocol ??= 'TCP';
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const probe = c[key];
    if (isObj(probe)) defaultProbe(probe);
  }
}

/** SetDefaults_PodSpec: applies to pods and to pod templates. */
export function defaultPodSpec(spec: Obj): void {
  if (!spec.dnsPolicy) spec.dnsPolicy = 'ClusterFirst';
  if (!spec.restartPolicy) spec.restartPolicy = 'Always';
  if (!isObj(spec.securityContext)) spec.securityContext = {};
  spec.terminationGracePeriodSeconds ??= 30;
  if (!spec.schedulerName) spec.schedulerName = 'default-scheduler';
  for (const c of [...objects(spec.containers), ...objects(spec.initContainers)]) defaultContainer(c);
}

/** Requests default to limits where only limits are set (SetDefaults_Pod; pods only, not templates). */
function requestsFromLimits(c: Obj): void {
  const res = c.resources;
  if (!isObj(res) || !isObj(res.limits)) return;
  const requests: Obj = isObj(res.requests) ? res.requests : {};
  for (const [k, v] of Object.entries(res.limits)) if (!hasOwn(requests, k)) setOwn(requests, k, v);
  res.requests = requests;
}

/** SetDefaults_Pod then SetDefaults_PodSpec (the generated defaulter's order for a v1.Pod). */
export function defaultPod(pod: Obj): void {
  if (!isObj(pod.spec)) pod.spec = {};
  const spec = pod.spec as Obj;
  for (const c of [...objects(spec.containers), ...objects(spec.initContainers)]) requestsFromLimits(c);
  spec.enableServiceLinks ??= true;
  defaultPodSpec(spec);
}

/** The pod template inside a workload (`spec.template.spec`), defaulted like any PodSpec. */
export function defaultTemplate(spec: Obj): void {
  // The template is a struct value in Go, never nil: a workload without one is defaulted like an
  // empty template (and then refused by validation for its missing containers).
  if (!isObj(spec.template)) spec.template = {};
  const template = spec.template as Obj;
  if (!isObj(template.spec)) template.spec = {};
  defaultPodSpec(template.spec as Obj);
}
