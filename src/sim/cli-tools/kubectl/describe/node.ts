// `kubectl describe node` (describeNode in kubectl/pkg/describe/describe.go, v1.31): identity,
// taints, the node's Lease, conditions, addresses, capacity, system info, pod CIDRs, the
// non-terminated pods with allocated resources, and events. Quantities print as resource.Quantity's
// String() does (a stored `4091904Ki` is `3996Mi`).

import type { Event, Lease, Node, Pod } from '../../../api/types';
import { tryParseQuantity, formatQuantity } from '../../../api/quantity';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { nodeRoles } from '../../../apiserver/printers/tables';
import { describeEvents, multiline, rfc1123z } from './format';
import { describeNodeLease, describeNodeResource } from './node-resources';

/** What kubectl fetched besides the node: its Lease (or the GET's error) and its non-terminated pods. */
export interface NodeExtras {
  lease?: Lease;
  leaseError?: string;
  /** Undefined when the LIST was forbidden (`Pods:  not authorized`). */
  pods?: Pod[];
}

const canonical = (v: string): string => {
  const q = tryParseQuantity(v);
  return q ? formatQuantity(q) : v;
};

function resourceList(title: string, r: Record<string, string> | undefined): string {
  const keys = Object.keys(r ?? {}).sort();
  return `${title}:\n` + keys.map((k) => `  ${k}:\t${canonical(r![k]!)}\n`).join('');
}

export function describeNode(node: Node, events: Event[], now: number, extras: NodeExtras = {}): string {
  const m = node.metadata;
  const st = node.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nRoles:\t${nodeRoles(node)}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ');
  s += `CreationTimestamp:\t${rfc1123z(m.creationTimestamp)}\n`;
  const taints = node.spec?.taints ?? [];
  s += taints.length
    ? taints.map((t, i) => `${i === 0 ? 'Taints:' : ''}\t${t.key}${t.value ? '=' + t.value : ''}:${t.effect}\n`).join('')
    : 'Taints:\t<none>\n';
  s += `Unschedulable:\t${node.spec?.unschedulable ? 'true' : 'false'}\n`;
  s += describeNodeLease(extras.lease, extras.leaseError);
  const conds = st.conditions ?? [];
  let out = tabwrite(s, KUBECTL_DESCRIBE);
  if (conds.length) {
    let c = 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n';
    c += '  ----\t------\t-----------------\t------------------\t------\t-------\n';
    for (const x of conds) {
      c += `  ${x.type} \t${x.status} \t${rfc1123z(x.lastHeartbeatTime)} \t${rfc1123z(x.lastTransitionTime)} \t${x.reason ?? ''} \t${x.message ?? ''}\n`;
    }
    out += tabwrite(c, KUBECTL_DESCRIBE);
  }
  let r = 'Addresses:\n' + (st.addresses ?? []).map((a) => `  ${a.type}:\t${a.address}\n`).join('');
  r += resourceList('Capacity', st.capacity) + resourceList('Allocatable', st.allocatable);
  const ni = st.nodeInfo;
  r += 'System Info:\n';
  r += `  Machine ID:\t${ni?.machineID ?? ''}\n  System UUID:\t${ni?.systemUUID ?? ''}\n  Boot ID:\t${ni?.bootID ?? ''}\n`;
  r += `  Kernel Version:\t${ni?.kernelVersion ?? ''}\n  OS Image:\t${ni?.osImage ?? ''}\n  Operating System:\t${ni?.operatingSystem ?? ''}\n`;
  r += `  Architecture:\t${ni?.architecture ?? ''}\n  Container Runtime Version:\t${ni?.containerRuntimeVersion ?? ''}\n`;
  r += `  Kubelet Version:\t${ni?.kubeletVersion ?? ''}\n  Kube-Proxy Version:\t${ni?.kubeProxyVersion ?? ''}\n`;
  if (node.spec?.podCIDR) r += `PodCIDR:\t${node.spec.podCIDR}\n`;
  if (node.spec?.podCIDRs?.length) r += `PodCIDRs:\t${node.spec.podCIDRs.join(',')}\n`;
  const providerID = (node.spec as { providerID?: string } | undefined)?.providerID;
  if (providerID) r += `ProviderID:\t${providerID}\n`;
  r += extras.pods ? describeNodeResource(extras.pods, node, now) : 'Pods:\tnot authorized\n';
  const ev = describeEvents(events, now);
  if (ev.inline) return out + tabwrite(r + ev.inline, KUBECTL_DESCRIBE);
  return out + tabwrite(r, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
