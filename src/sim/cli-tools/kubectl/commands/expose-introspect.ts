// What `kubectl expose` reads from the object it exposes when no flag says it
// (kubectl/pkg/polymorphichelpers: MapBasedSelectorForObject, PortsForObject, ProtocolsForObject),
// and how the service/v2 generator turns ports and their protocols into ServicePorts: one port is
// unnamed, several are `port-1`, `port-2`...; a port the object serves over two protocols becomes
// one ServicePort per protocol, `port-2-udp` and `port-2-tcp` (checked against kubectl v1.31.9).

import type { KubeObject } from '../../../api/types';

interface ContainerPortLike {
  containerPort: number;
  protocol?: string;
}
interface PodSpecLike {
  containers?: { ports?: ContainerPortLike[] }[];
}

/** The pod spec an object runs: a Pod's own, or its template's for a workload. */
export function podSpecOf(obj: KubeObject): PodSpecLike | undefined {
  const spec = (obj as { spec?: { template?: { spec?: PodSpecLike } } & PodSpecLike }).spec;
  return obj.kind === 'Pod' ? spec : spec?.template?.spec;
}

/** MapBasedSelectorForObject as `k=v,k2=v2`, or the reason there is none. */
export function selectorOf(obj: KubeObject): { selector: string; error?: string } {
  const text = (m: Record<string, string> | undefined): string => Object.entries(m ?? {}).map(([k, v]) => `${k}=${v}`).join(',');
  const spec = (obj as { spec?: Record<string, unknown> }).spec ?? {};
  switch (obj.kind) {
    case 'Pod': {
      const labels = obj.metadata.labels ?? {};
      if (Object.keys(labels).length === 0) return { selector: '', error: 'the pod has no labels and cannot be exposed' };
      return { selector: text(labels) };
    }
    case 'Service': {
      const sel = spec.selector as Record<string, string> | undefined;
      if (!sel || Object.keys(sel).length === 0) return { selector: '', error: 'the service has no pod selector set' };
      return { selector: text(sel) };
    }
    case 'ReplicationController':
      return { selector: text(spec.selector as Record<string, string> | undefined) };
    default: {
      // Deployment and ReplicaSet: a selector with expressions has no map form.
      const sel = (spec.selector ?? {}) as { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
      if (sel.matchExpressions?.length) return { selector: '', error: `couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}", to map-based selector format` };
      return { selector: text(sel.matchLabels) };
    }
  }
}

/** Every container port (or Service port) once, in the order first seen. */
export function portsOf(obj: KubeObject): string[] {
  const out: string[] = [];
  const add = (n: number): void => void (out.includes(String(n)) || out.push(String(n)));
  if (obj.kind === 'Service') {
    for (const p of ((obj as { spec?: { ports?: { port: number }[] } }).spec?.ports ?? [])) add(p.port);
    return out;
  }
  for (const c of podSpecOf(obj)?.containers ?? []) for (const p of c.ports ?? []) add(p.containerPort);
  return out;
}

/** The protocols each port is served over, in the order first seen (TCP where none is written). */
export function protocolsOf(obj: KubeObject): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const add = (port: number, protocol: string | undefined): void => {
    const list = out.get(port) ?? [];
    const proto = protocol || 'TCP';
    if (!list.includes(proto)) list.push(proto);
    out.set(port, list);
  };
  if (obj.kind === 'Service') {
    for (const p of ((obj as { spec?: { ports?: { port: number; protocol?: string }[] } }).spec?.ports ?? [])) add(p.port, p.protocol);
    return out;
  }
  for (const c of podSpecOf(obj)?.containers ?? []) for (const p of c.ports ?? []) add(p.containerPort, p.protocol);
  return out;
}

export interface ExposedPort {
  name?: string;
  port: number;
  protocol: string;
  targetPort?: number | string;
}

/** The generator's ports: --protocol wins for every port; else each port's own protocols. */
export function exposedPorts(ports: number[], protocol: string, protocols: Map<number, string[]>): ExposedPort[] {
  const out: ExposedPort[] = [];
  ports.forEach((port, i) => {
    const name = ports.length > 1 ? `port-${i + 1}` : undefined;
    const own = protocols.get(port) ?? [];
    if (!protocol && own.length > 1) {
      for (const p of own) out.push({ name: `port-${i + 1}-${p.toLowerCase()}`, port, protocol: p });
      return;
    }
    const proto = protocol || (protocols.size > 0 && own.length === 1 ? own[0]! : 'TCP');
    out.push({ ...(name && { name }), port, protocol: proto });
  });
  return out;
}
