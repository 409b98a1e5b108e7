// Table columns and cells for `kubectl get`, per resource, as pkg/printers/internalversion/
// printers.go defines them (printPod, printNode, printEvent, printNamespace, printLease, printService,
// printEndpointSlice). Resources without a printer get the default NAME/AGE table.

import type { Event, KubeObject, Lease, Namespace, Node, Pod } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import { deploymentPrinter, replicaSetPrinter, statefulSetPrinter } from './apps-printers';
import { configMapPrinter, secretPrinter } from './config-printers';
import { endpointsPrinter } from './endpoints-printer';
import { podCells } from './pod-status';
import { roleBindingPrinter, rolePrinter, serviceAccountPrinter } from './rbac-printers';
import { cronJobPrinter, daemonSetPrinter, jobPrinter } from './workload-printers';
import { persistentVolumeClaimPrinter, persistentVolumePrinter, storageClassPrinter } from './storage-printers';
import { webhookConfigurationPrinter } from './webhook-printers';
import { apiServicePrinter } from './apiservice-printer';
import { horizontalPodAutoscalerPrinter, ingressClassPrinter, ingressPrinter, podDisruptionBudgetPrinter } from './policy-printers';

export interface TablePrinter {
  columns: string[];
  wideColumns: string[];
  row(obj: KubeObject, now: number, wide: boolean): string[];
}

/** translateTimestampSince: `<unknown>` for a zero time. */
export function age(ts: string | null | undefined, now: number): string {
  if (!ts) return '<unknown>';
  return humanDuration(now - parseTime(ts));
}

const podPrinter: TablePrinter = {
  columns: ['Name', 'Ready', 'Status', 'Restarts', 'Age'],
  wideColumns: ['IP', 'Node', 'Nominated Node', 'Readiness Gates'],
  row(obj, now, wide) {
    const pod = obj as Pod;
    const c = podCells(pod, now);
    const cells = [pod.metadata.name ?? '', c.ready, c.status, c.restarts, age(pod.metadata.creationTimestamp, now)];
    if (wide) {
      const gates = (pod.spec.readinessGates as { conditionType: string }[] | undefined) ?? [];
      let gateCell = '<none>';
      if (gates.length > 0) {
        const trueCount = gates.filter((g) => (pod.status?.conditions ?? []).some((c2) => c2.type === g.conditionType && c2.status === 'True')).length;
        gateCell = `${trueCount}/${gates.length}`;
      }
      cells.push(pod.status?.podIPs?.[0]?.ip || '<none>', pod.spec.nodeName || '<none>', pod.status?.nominatedNodeName || '<none>', gateCell);
    }
    return cells;
  },
};

/** findNodeRoles: `node-role.kubernetes.io/<role>` labels and the legacy `kubernetes.io/role`, sorted. */
export function nodeRoles(node: Node): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/')) {
      const role = k.slice('node-role.kubernetes.io/'.length);
      if (role) roles.add(role);
    } else if (k === 'kubernetes.io/role' && v) roles.add(v);
  }
  return roles.size ? [...roles].sort().join(',') : '<none>';
}

export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  else status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function nodeAddress(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

const nodePrinter: TablePrinter = {
  columns: ['Name', 'Status', 'Roles', 'Age', 'Version'],
  wideColumns: ['Internal-IP', 'External-IP', 'OS-Image', 'Kernel-Version', 'Container-Runtime'],
  row(obj, now, wide) {
    const node = obj as Node;
    const info = node.status?.nodeInfo;
    const cells = [node.metadata.name ?? '', nodeStatus(node), nodeRoles(node), age(node.metadata.creationTimestamp, now), info?.kubeletVersion ?? ''];
    if (wide) {
      cells.push(
        nodeAddress(node, 'InternalIP'),
        nodeAddress(node, 'ExternalIP'),
        info?.osImage || '<unknown>',
        info?.kernelVersion || '<unknown>',
        info?.containerRuntimeVersion || '<unknown>',
      );
    }
    return cells;
  },
};

function eventSource(e: Event): string {
  const component = e.source?.component || e.reportingComponent || '';
  const instance = e.source?.host || e.reportingInstance || '';
  if (!component) return '';
  return instance ? `${component}, ${instance}` : component;
}

const eventPrinter: TablePrinter = {
  columns: ['Last Seen', 'Type', 'Reason', 'Object', 'Message'],
  wideColumns: [],
  row(obj, now, wide) {
    const e = obj as Event;
    const first = e.firstTimestamp ? age(e.firstTimestamp, now) : age(e.eventTime, now);
    const last = e.lastTimestamp ? age(e.lastTimestamp, now) : first;
    const io = e.involvedObject ?? {};
    const target = io.name ? `${(io.kind ?? '').toLowerCase()}/${io.name}` : (io.kind ?? '').toLowerCase();
    const message = (e.message ?? '').trim();
    if (!wide) return [last, e.type ?? '', e.reason ?? '', target, message];
    return [last, e.type ?? '', e.reason ?? '', target, io.fieldPath ?? '', eventSource(e), message, first, String(e.count || 1), e.metadata.name ?? ''];
  },
};

const namespacePrinter: TablePrinter = {
  columns: ['Name', 'Status', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const ns = obj as Namespace;
    return [ns.metadata.name ?? '', ns.status?.phase ?? '', age(ns.metadata.creationTimestamp, now)];
  },
};

const leasePrinter: TablePrinter = {
  columns: ['Name', 'Holder', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const l = obj as Lease;
    return [l.metadata.name ?? '', l.spec?.holderIdentity ?? '', age(l.metadata.creationTimestamp, now)];
  },
};

interface ServiceShape {
  type?: string;
  clusterIP?: string;
  externalIPs?: string[];
  externalName?: string;
  selector?: Record<string, string>;
  ports?: { port: number; protocol?: string; nodePort?: number }[];
}

/** getServiceExternalIP: external IPs, the load balancer's ingress, or `<none>` / `<pending>`. */
function serviceExternalIP(spec: ServiceShape, status: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } } | undefined): string {
  const external = spec.externalIPs ?? [];
  switch (spec.type ?? 'ClusterIP') {
    case 'ExternalName':
      return spec.externalName ?? '';
    case 'LoadBalancer': {
      const ingress = (status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((x) => x);
      const all = [...ingress, ...external];
      return all.length ? all.join(',') : '<pending>';
    }
    default:
      return external.length ? external.join(',') : '<none>';
  }
}

/** makePortString: `80/TCP`, or `80:30080/TCP` with a node port, joined by commas. */
export function servicePorts(ports: ServiceShape['ports']): string {
  const pieces = (ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? 'TCP'}` : `${p.port}/${p.protocol ?? 'TCP'}`));
  return pieces.length ? pieces.join(',') : '<none>';
}

const servicePrinter: TablePrinter = {
  columns: ['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age'],
  wideColumns: ['Selector'],
  row(obj, now, wide) {
    const spec = (obj.spec as ServiceShape | undefined) ?? {};
    const status = obj.status as Parameters<typeof serviceExternalIP>[1];
    const cells = [obj.metadata.name ?? '', spec.type ?? '', spec.clusterIP || '<none>', serviceExternalIP(spec, status), servicePorts(spec.ports), age(obj.metadata.creationTimestamp, now)];
    if (wide) cells.push(formatLabels(spec.selector));
    return cells;
  },
};

/** listWithMoreString: at most three, then ` + N more...`; `<unset>` when empty. */
function listWithMore(all: string[]): string {
  const max = 3;
  const shown = all.slice(0, max).join(',');
  if (all.length > max) return `${shown} + ${all.length - max} more...`;
  return shown || '<unset>';
}

const endpointSlicePrinter: TablePrinter = {
  columns: ['Name', 'AddressType', 'Ports', 'Endpoints', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const es = obj as KubeObject & { addressType?: string; ports?: { name?: string; port?: number }[]; endpoints?: { addresses?: string[] }[] };
    const ports = (es.ports ?? []).map((p) => (p.port !== undefined ? String(p.port) : p.name ?? '*'));
    const addresses = (es.endpoints ?? []).flatMap((e) => e.addresses ?? []);
    return [obj.metadata.name ?? '', es.addressType ?? '', listWithMore(ports), listWithMore(addresses), age(obj.metadata.creationTimestamp, now)];
  },
};

/**
 * printResourceQuota: each resource of status.hard, sorted, as `name: used/hard`; those named
 * `limits.*` in the Limit column, the rest in Request. (Kubeplay runs no resource quota
 * controller, so a quota's status stays empty and both cells blank.)
 */
const resourceQuotaPrinter: TablePrinter = {
  columns: ['Name', 'Age', 'Request', 'Limit'],
  wideColumns: [],
  row(obj, now) {
    const st = (obj.status ?? {}) as { hard?: Record<string, string>; used?: Record<string, string> };
    const request: string[] = [];
    const limit: string[] = [];
    for (const name of Object.keys(st.hard ?? {}).sort()) {
      const pieces = name.split('.');
      (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(`${name}: ${st.used?.[name] ?? '0'}/${st.hard![name]}`);
    }
    return [obj.metadata.name ?? '', age(obj.metadata.creationTimestamp, now), request.join(', '), limit.join(', ')];
  },
};

const defaultPrinter: TablePrinter = {
  columns: ['Name', 'Age'],
  wideColumns: [],
  row(obj, now) {
    return [obj.metadata.name ?? '', age(obj.metadata.creationTimestamp, now)];
  },
};

/**
 * printers.go controllerRevisionColumnDefinitions: the controller as formatResourceName writes it
 * (`daemonset.apps/fluentd`, from the controller owner reference) and the revision number.
 */
const controllerRevisionPrinter: TablePrinter = {
  columns: ['Name', 'Controller', 'Revision', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const ref = obj.metadata.ownerReferences?.find((o) => o.controller === true);
    const group = ref?.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
    const controller = ref ? `${ref.kind.toLowerCase()}${group ? `.${group}` : ''}/${ref.name}` : '<none>';
    return [obj.metadata.name ?? '', controller, String((obj as { revision?: number }).revision ?? 0), age(obj.metadata.creationTimestamp, now)];
  },
};

const PRINTERS: Record<string, TablePrinter> = {
  controllerrevisions: controllerRevisionPrinter,
  pods: podPrinter,
  nodes: nodePrinter,
  events: eventPrinter,
  namespaces: namespacePrinter,
  leases: leasePrinter,
  services: servicePrinter,
  endpoints: endpointsPrinter,
  endpointslices: endpointSlicePrinter,
  resourcequotas: resourceQuotaPrinter,
  roles: rolePrinter,
  clusterroles: rolePrinter,
  rolebindings: roleBindingPrinter,
  clusterrolebindings: roleBindingPrinter,
  serviceaccounts: serviceAccountPrinter,
  deployments: deploymentPrinter,
  replicasets: replicaSetPrinter,
  daemonsets: daemonSetPrinter,
  jobs: jobPrinter,
  cronjobs: cronJobPrinter,
  statefulsets: statefulSetPrinter,
  configmaps: configMapPrinter,
  secrets: secretPrinter,
  persistentvolumes: persistentVolumePrinter,
  persistentvolumeclaims: persistentVolumeClaimPrinter,
  storageclasses: storageClassPrinter,
  poddisruptionbudgets: podDisruptionBudgetPrinter,
  horizontalpodautoscalers: horizontalPodAutoscalerPrinter,
  ingresses: ingressPrinter,
  ingressclasses: ingressClassPrinter,
  mutatingwebhookconfigurations: webhookConfigurationPrinter,
  validatingwebhookconfigurations: webhookConfigurationPrinter,
  apiservices: apiServicePrinter,
};

export function printerFor(resource: string): TablePrinter {
  return PRINTERS[resource] ?? defaultPrinter;
}

/** Event wide columns: the wide table replaces the default one (printers.go eventColumnDefinitions). */
export function columnsFor(p: TablePrinter, resource: string, wide: boolean): string[] {
  if (resource === 'events' && wide) {
    return ['Last Seen', 'Type', 'Reason', 'Object', 'Subobject', 'Source', 'Message', 'First Seen', 'Count', 'Name'];
  }
  return wide ? [...p.columns, ...p.wideColumns] : p.columns;
}

/** labels.FormatLabels: sorted `k=v` joined by commas, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : '<none>';
}
