// `kubectl describe pod` (describePod in kubectl/pkg/describe/describe.go). Lines are written
// with tabs into one tabwriter (minwidth 0, padding 2), which aligns each run of lines that share
// a column; the Events table is flushed separately.

import type { Container, ContainerState, ContainerStatus, Event, Pod, Toleration } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { age } from '../../../apiserver/printers/tables';
import { describeEvents, multiline, rfc1123z } from './format';
import { describeVolumes } from './volumes';

const L2 = '    ';
const L3 = '      ';

function describeState(title: string, s: ContainerState): string {
  if (s.running) return `${L2}${title}:\tRunning\n${L3}Started:\t${rfc1123z(s.running.startedAt)}\n`;
  if (s.terminated) {
    const t = s.terminated;
    let out = `${L2}${title}:\tTerminated\n`;
    if (t.reason) out += `${L3}Reason:\t${t.reason}\n`;
    if (t.message) out += `${L3}Message:\t${t.message}\n`;
    out += `${L3}Exit Code:\t${t.exitCode}\n`;
    if (t.signal) out += `${L3}Signal:\t${t.signal}\n`;
    return out + `${L3}Started:\t${rfc1123z(t.startedAt)}\n${L3}Finished:\t${rfc1123z(t.finishedAt)}\n`;
  }
  let out = `${L2}${title}:\tWaiting\n`;
  if (s.waiting?.reason) out += `${L3}Reason:\t${s.waiting.reason}\n`;
  return out;
}

function ports(c: Container): string {
  const ps = c.ports ?? [];
  if (ps.length === 0) return `${L2}Port:\t<none>\n${L2}Host Port:\t<none>\n`;
  const p = ps.map((x) => `${x.containerPort}/${x.protocol ?? 'TCP'}`).join(', ');
  const h = ps.map((x) => `${(x as { hostPort?: number }).hostPort ?? 0}/${x.protocol ?? 'TCP'}`).join(', ');
  return ps.length === 1 ? `${L2}Port:\t${p}\n${L2}Host Port:\t${h}\n` : `${L2}Ports:\t${p}\n${L2}Host Ports:\t${h}\n`;
}

function resources(title: string, r: Record<string, string> | undefined): string {
  const keys = Object.keys(r ?? {}).sort();
  if (keys.length === 0) return '';
  return `${L2}${title}:\n` + keys.map((k) => `${L3}${k}:\t${r![k]}\n`).join('');
}

/** describeContainers' per-container part; a pod template indents the name one more space. */
export function describeContainer(c: Container, status: ContainerStatus | undefined, nameIndent = ''): string {
  let s = `  ${nameIndent}${c.name}:\n`;
  if (status?.containerID) s += `${L2}Container ID:\t${status.containerID}\n`;
  s += `${L2}Image:\t${c.image ?? ''}\n`;
  if (status) s += `${L2}Image ID:\t${status.imageID}\n`;
  s += ports(c);
  if (c.command?.length) s += `${L2}Command:\n` + c.command.map((x) => `${L3}${x}\n`).join('');
  if (c.args?.length) s += `${L2}Args:\n` + c.args.map((x) => `${L3}${x}\n`).join('');
  if (status) {
    s += describeState('State', status.state);
    if (status.lastState?.terminated) s += describeState('Last State', status.lastState);
    s += `${L2}Ready:\t${status.ready ? 'True' : 'False'}\n${L2}Restart Count:\t${status.restartCount}\n`;
  }
  s += resources('Limits', c.resources?.limits) + resources('Requests', c.resources?.requests);
  if (!c.env?.length) s += `${L2}Environment:\t<none>\n`;
  else s += `${L2}Environment:\n` + c.env.map((e) => `${L3}${e.name}:\t${e.value ?? ''}\n`).join('');
  const mounts = (c as { volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[] }).volumeMounts ?? [];
  if (mounts.length === 0) s += `${L2}Mounts:\t<none>\n`;
  else s += `${L2}Mounts:\n` + mounts.map((m) => `${L3}${m.mountPath} from ${m.name} (${m.readOnly ? 'ro' : 'rw'})\n`).join('');
  return s;
}

export function tolerationText(t: Toleration): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
  return s;
}

/** GetPodQOS, for pods whose status does not carry qosClass yet. */
function qosClass(pod: Pod): string {
  if (pod.status?.qosClass) return pod.status.qosClass;
  const cs = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
  const any = cs.some((c) => Object.keys(c.resources?.requests ?? {}).length || Object.keys(c.resources?.limits ?? {}).length);
  if (!any) return 'BestEffort';
  const guaranteed = cs.every((c) => {
    const l = c.resources?.limits ?? {};
    const r = c.resources?.requests ?? l;
    return ['cpu', 'memory'].every((k) => l[k] !== undefined && (r[k] ?? l[k]) === l[k]);
  });
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function header(pod: Pod, now: number): string {
  const m = pod.metadata;
  const st = pod.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  if (pod.spec.priority !== undefined) s += `Priority:\t${pod.spec.priority}\n`;
  if (pod.spec.priorityClassName) s += `Priority Class Name:\t${pod.spec.priorityClassName as string}\n`;
  s += `Service Account:\t${pod.spec.serviceAccountName ?? ''}\n`;
  s += `Node:\t${pod.spec.nodeName ? `${pod.spec.nodeName}/${st.hostIP ?? ''}` : '<none>'}\n`;
  if (st.startTime) s += `Start Time:\t${rfc1123z(st.startTime)}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  // describe.go: a finished pod shows its phase even while it is being deleted; during the grace
  // period the time since deletionTimestamp is negative, which HumanDuration prints as <invalid>.
  if (m.deletionTimestamp && st.phase !== 'Failed' && st.phase !== 'Succeeded') {
    s += `Status:\tTerminating (lasts ${age(m.deletionTimestamp, now)})\n`;
    s += `Termination Grace Period:\t${m.deletionGracePeriodSeconds ?? 0}s\n`;
  } else s += `Status:\t${st.phase ?? ''}\n`;
  if (st.reason) s += `Reason:\t${st.reason}\n`;
  if (st.message) s += `Message:\t${st.message}\n`;
  s += `IP:\t${st.podIP ?? ''}\n`;
  const ips = st.podIPs ?? [];
  s += ips.length ? 'IPs:\n' + ips.map((x) => `  IP:\t${x.ip}\n`).join('') : 'IPs:\t<none>\n';
  const owner = m.ownerReferences?.find((o) => o.controller);
  if (owner) s += `Controlled By:\t${owner.kind}/${owner.name}\n`;
  if (st.nominatedNodeName) s += `NominatedNodeName:\t${st.nominatedNodeName}\n`;
  return s;
}

export function describePod(pod: Pod, events: Event[], now: number): string {
  const st = pod.status ?? {};
  let s = header(pod, now);
  const statusOf = (list: ContainerStatus[] | undefined, name: string): ContainerStatus | undefined => list?.find((c) => c.name === name);
  if (pod.spec.initContainers?.length) {
    s += 'Init Containers:\n' + pod.spec.initContainers.map((c) => describeContainer(c, statusOf(st.initContainerStatuses, c.name))).join('');
  }
  s += 'Containers:\n' + pod.spec.containers.map((c) => describeContainer(c, statusOf(st.containerStatuses, c.name))).join('');
  if (st.conditions?.length) {
    s += 'Conditions:\n  Type\tStatus\n' + st.conditions.map((c) => `  ${c.type} \t${c.status} \n`).join('');
  }
  s += describeVolumes(pod.spec.volumes as unknown[] | undefined);
  s += `QoS Class:\t${qosClass(pod)}\n`;
  s += multiline('Node-Selectors', pod.spec.nodeSelector, '=');
  const tol = pod.spec.tolerations ?? [];
  s += tol.length ? tol.map((t, i) => `${i === 0 ? 'Tolerations:' : ''}\t${tolerationText(t)}\n`).join('') : 'Tolerations:\t<none>\n';
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
