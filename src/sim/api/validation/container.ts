// Container validation from pkg/apis/core/validation/validation.go (v1.31): validateContainerCommon,
// validateContainerPorts, ValidateContainerResourceRequirements and the probe checks.

import type { FieldError } from '../field-error';
import { duplicate, forbidden, invalid, notSupported, required } from '../field-error';
import { canonicalQuantity, parseQuantity, quantityError } from '../quantity';
import type { Container, ContainerPort, Probe } from '../types';
import { isDNS1123Label, isValidPortName, isValidPortNum } from './names';
import { IS_NEGATIVE } from './object-meta';

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
/** sets.List(supportedPortProtocols): sorted. */
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const HTTP_SCHEMES = ['HTTP', 'HTTPS'];
const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

/** validateContainerCommon: what regular, init and ephemeral containers share. */
export function validateContainerCommon(ctr: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ctr.name) errs.push(required(`${path}.name`));
  else errs.push(...isDNS1123Label(ctr.name).map((m) => invalid(`${path}.name`, ctr.name, m)));
  if (!ctr.image) errs.push(required(`${path}.image`));
  const tmp = ctr.terminationMessagePolicy;
  if (!tmp) errs.push(required(`${path}.terminationMessagePolicy`));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(tmp)) errs.push(notSupported(`${path}.terminationMessagePolicy`, tmp, TERMINATION_MESSAGE_POLICIES));
  errs.push(...validateContainerPorts(ctr.ports, `${path}.ports`));
  errs.push(...validateEnv(ctr.env, `${path}.env`));
  const pull = ctr.imagePullPolicy;
  if (!pull) errs.push(required(`${path}.imagePullPolicy`));
  else if (!PULL_POLICIES.includes(pull)) errs.push(notSupported(`${path}.imagePullPolicy`, pull, PULL_POLICIES));
  errs.push(...validateResourceRequirements(ctr.resources, `${path}.resources`));
  return errs;
}

function validateEnv(env: Container['env'], path: string): FieldError[] {
  const errs: FieldError[] = [];
  (env ?? []).forEach((ev, i) => {
    if (!ev.name) errs.push(required(`${path}[${i}].name`));
  });
  return errs;
}

export function validateContainerPorts(ports: ContainerPort[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const idx = `${path}[${i}]`;
    if (port.name) {
      const msgs = isValidPortName(port.name);
      if (msgs.length) errs.push(...msgs.map((m) => invalid(`${idx}.name`, port.name, m)));
      else if (names.has(port.name)) errs.push(duplicate(`${idx}.name`, port.name));
      else names.add(port.name);
    }
    if (!port.containerPort) errs.push(required(`${idx}.containerPort`));
    else errs.push(...isValidPortNum(port.containerPort).map((m) => invalid(`${idx}.containerPort`, port.containerPort, m)));
    const hostPort = (port as { hostPort?: number }).hostPort;
    if (hostPort) errs.push(...isValidPortNum(hostPort).map((m) => invalid(`${idx}.hostPort`, hostPort, m)));
    if (!port.protocol) errs.push(required(`${idx}.protocol`));
    else if (!PORT_PROTOCOLS.includes(port.protocol)) errs.push(notSupported(`${idx}.protocol`, port.protocol, PORT_PROTOCOLS));
  });
  return errs;
}

/** validateContainerResourceName: standard names, `hugepages-*`, or a domain-prefixed extended resource. */
function validateResourceName(name: string, field: string): FieldError[] {
  if (name.includes('/')) return [];
  if (STANDARD_CONTAINER_RESOURCES.has(name) || name.startsWith('hugepages-')) return [];
  return [invalid(field, name, 'must be a standard resource for containers')];
}

/** Quantities were parsed by the decoder already; a bad one here means the caller skipped strictDecode. */
function milli(q: string): number {
  return quantityError(q) ? 0 : parseQuantity(q).value;
}

/** Quantity.String(); a null quantity (`cpu: null`) decodes as zero. */
function canonical(q: unknown): string {
  const s = String(q);
  return quantityError(s) ? '0' : canonicalQuantity(s);
}

function validateQuantityValue(q: string, field: string): FieldError[] {
  return milli(q) < 0 ? [invalid(field, canonical(q), IS_NEGATIVE)] : [];
}

/** ValidateContainerResourceRequirements: names, non-negative values, and requests no larger than limits. */
export function validateResourceRequirements(res: Container['resources'], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const limits = res?.limits ?? {};
  const requests = res?.requests ?? {};
  for (const [name, q] of Object.entries(limits)) {
    const field = `${path}.limits[${name}]`;
    errs.push(...validateResourceName(name, field), ...validateQuantityValue(String(q), field));
  }
  for (const [name, q] of Object.entries(requests)) {
    const field = `${path}.requests[${name}]`;
    errs.push(...validateResourceName(name, field), ...validateQuantityValue(String(q), field));
    const limit = limits[name];
    if (limit === undefined) continue;
    // IsOvercommitAllowed: native resources (no domain, or kubernetes.io/) except hugepages.
    const overcommit = !name.startsWith('hugepages-') && (!name.includes('/') || name.includes('kubernetes.io/'));
    const [r, l] = [milli(String(q)), milli(String(limit))];
    if (r !== l && !overcommit) {
      errs.push(invalid(`${path}.requests`, canonical(q), `must be equal to ${name} limit of ${canonical(limit)}`));
    } else if (r > l) {
      errs.push(invalid(`${path}.requests`, canonical(q), `must be less than or equal to ${name} limit of ${canonical(limit)}`));
    }
  }
  return errs;
}

type PortValue = number | string;

function validatePortNumOrName(port: PortValue | undefined, field: string): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((m) => invalid(field, port, m));
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalid(field, port, m));
  return isValidPortNum(0).map((m) => invalid(field, 0, m));
}

/** validateHandler: exactly one of exec, httpGet, tcpSocket, grpc. */
function validateHandler(p: Probe & { grpc?: { port?: number } }, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let handlers = 0;
  const one = (name: string, check: () => FieldError[]): void => {
    if (handlers > 0) {
      errs.push(forbidden(`${path}.${name}`, 'may not specify more than 1 handler type'));
      return;
    }
    handlers++;
    errs.push(...check());
  };
  if (p.exec) one('exec', () => (p.exec!.command?.length ? [] : [required(`${path}.exec.command`)]));
  if (p.httpGet) {
    one('httpGet', () => {
      const h = p.httpGet!;
      const out: FieldError[] = [];
      if (!h.path) out.push(required(`${path}.httpGet.path`));
      out.push(...validatePortNumOrName(h.port, `${path}.httpGet.port`));
      if (!HTTP_SCHEMES.includes(h.scheme ?? '')) out.push(notSupported(`${path}.httpGet.scheme`, h.scheme ?? '', HTTP_SCHEMES));
      return out;
    });
  }
  if (p.tcpSocket) one('tcpSocket', () => validatePortNumOrName(p.tcpSocket!.port, `${path}.tcpSocket.port`));
  if (p.grpc) one('grpc', () => isValidPortNum(p.grpc!.port ?? 0).map((m) => invalid(`${path}.grpc.port`, p.grpc!.port ?? 0, m)));
  if (handlers === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

/** validateProbe plus the per-kind rule: liveness and startup probes need successThreshold 1. */
export function validateProbe(probe: Probe | undefined, path: string, kind: 'liveness' | 'readiness' | 'startup'): FieldError[] {
  if (!probe) return [];
  const errs = validateHandler(probe, path);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    const v = probe[f] ?? 0;
    if (v < 0) errs.push(invalid(`${path}.${f}`, v, IS_NEGATIVE));
  }
  const tgps = (probe as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds;
  if (tgps !== undefined && tgps <= 0) errs.push(invalid(`${path}.terminationGracePeriodSeconds`, tgps, 'must be greater than 0'));
  if (kind === 'readiness' && tgps !== undefined) {
    errs.push(invalid(`${path}.terminationGracePeriodSeconds`, tgps, 'must not be set for readinessProbes'));
  }
  if (kind !== 'readiness' && (probe.successThreshold ?? 1) !== 1) {
    errs.push(invalid(`${path}.successThreshold`, probe.successThreshold, 'must be 1'));
  }
  return errs;
}
