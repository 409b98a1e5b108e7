// ValidateService (pkg/apis/core/validation/validation.go), the rules people meet first: the name is
// a DNS-1035 label, a Service that is not headless or ExternalName needs ports, each port is in
// range with a supported protocol, names are required and unique once there is more than one port,
// targetPort is a port number or an IANA service name, and the selector is a valid label map.

import type { FieldError } from '../field-error';
import { duplicate, invalid, notSupported, required } from '../field-error';
import type { KubeObject } from '../types';
import { isDNS1123Label, isValidPortName, isValidPortNum, nameIsDNS1035Label } from './names';
import { validateLabels, validateObjectMeta } from './object-meta';

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const AFFINITIES = ['ClientIP', 'None'];

interface PortSpec {
  name?: string;
  protocol?: string;
  port?: number;
  targetPort?: number | string;
  nodePort?: number;
}

interface SpecShape {
  type?: string;
  clusterIP?: string;
  ports?: PortSpec[];
  selector?: Record<string, string>;
  sessionAffinity?: string;
}

function validatePort(p: PortSpec, path: string, requireName: boolean, names: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  if (requireName && !p.name) errs.push(required(`${path}.name`));
  else if (p.name) {
    // validateServicePort: a Service port's name is a DNS-1123 label (`80-80` is one), not an IANA service name as a container port's is.
    errs.push(...isDNS1123Label(p.name).map((m) => invalid(`${path}.name`, p.name, m)));
    if (names.has(p.name)) errs.push(duplicate(`${path}.name`, p.name));
    names.add(p.name);
  }
  errs.push(...isValidPortNum(p.port ?? 0).map((m) => invalid(`${path}.port`, p.port ?? 0, m)));
  if (!p.protocol) errs.push(required(`${path}.protocol`));
  else if (!PROTOCOLS.includes(p.protocol)) errs.push(notSupported(`${path}.protocol`, p.protocol, PROTOCOLS));
  const tp = p.targetPort;
  if (typeof tp === 'number') errs.push(...isValidPortNum(tp).map((m) => invalid(`${path}.targetPort`, tp, m)));
  else if (typeof tp === 'string') errs.push(...isValidPortName(tp).map((m) => invalid(`${path}.targetPort`, tp, m)));
  return errs;
}

export function validateService(svc: KubeObject): FieldError[] {
  const errs = validateObjectMeta(svc.metadata, true, nameIsDNS1035Label);
  const spec = (svc.spec as SpecShape | undefined) ?? {};
  const type = spec.type ?? 'ClusterIP';
  const headless = spec.clusterIP === 'None';
  const ports = spec.ports ?? [];
  if (ports.length === 0 && !headless && type !== 'ExternalName') errs.push(required('spec.ports'));
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validatePort(p, `spec.ports[${i}]`, ports.length > 1, names)));
  if (!SERVICE_TYPES.includes(type)) errs.push(notSupported('spec.type', type, SERVICE_TYPES));
  if (spec.sessionAffinity && !AFFINITIES.includes(spec.sessionAffinity)) errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, AFFINITIES));
  if (spec.selector) errs.push(...validateLabels(spec.selector, 'spec.selector'));
  return errs;
}
