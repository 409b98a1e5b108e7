// The boxes of the graph: host regions, components (official Kubernetes icons, real names), pods and
// "+N" badges. Every state is said in words or a glyph as well as in colour.

import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, type MouseEvent, type ReactNode } from 'react';
import type { ComponentView } from '../../protocol/view';
import { type Selection } from '../store/ui-store';
import { COMP_H, HEADER_H, PAD, POD_H, SERVICES_ID, SVC_H } from './layout';
import { POD_NAME_CHARS, chipLabel, chipNameChars, fitChipLabel, middleEllipsis } from './pod-label';
import { graphFontFamily, textWidth } from './text-width';
import type { ComponentFlowNode, MoreFlowNode, PodFlowNode, RegionData, RegionFlowNode, ServiceFlowNode } from './model';
import { etcdRole, etcdStatusHint, etcdStatusLine } from './etcd-view';
import { nodeDisplay, podDisplay } from './pod-status';
import { compactServiceSpec } from './services';
import { WhyBadge, useWhyFor } from '../why/WhyCallouts';
import { type GraphStrings, useGraphStrings } from './strings';
import { useUiStore, useWorkerStore } from '../store/app-store';
import { LiveControlPlane } from './LiveControlPlane';

const ICONS = `${import.meta.env.BASE_URL}icons/`;
/** The official icon of each kind (kubernetes/community icons). Kinds without one get a drawn glyph. */
const ICON: Record<string, string> = {
  'kube-apiserver': 'api.svg',
  'kube-controller-manager': 'c-m.svg',
  'kube-scheduler': 'sched.svg',
  etcd: 'etcd.svg',
  kubelet: 'kubelet.svg',
  'kube-proxy': 'k-proxy.svg',
  kubectl: 'user.svg',
};

/** A node's own processes, drawn upright (icon over name) to fit four across a worker region. */
const NODE_PARTS = new Set(['kubelet', 'containerd', 'cni', 'kube-proxy']);

/** `kubelet/worker-1` -> `kubelet_worker-1`: test ids have no slashes. */
export const testId = (id: string): string => id.replace(/\//g, '_');

/** A node's component in a compact worker region: the shortest name a learner still recognises (k-proxy: the Kubernetes icon set's label). */
const COMPACT_LABEL: Record<string, string> = { kubelet: 'kubelet', containerd: 'CRI', 'kube-proxy': 'k-proxy', cni: 'CNI' };

/** A node's component folded into a compact worker region's header: its short name, state by border and a cross. */
function CompactComponent({ c, alive, selected, title }: { c: ComponentView; alive: boolean; selected: boolean; title: string }) {
  return (
    <div
      className={`kp-comp kp-comp--chip${alive ? '' : ' kp-dead'}${selected ? ' kp-selected' : ''}`}
      data-testid={`component-${testId(c.id)}`}
      data-alive={String(alive)}
      data-kind={c.kind}
      title={title}
    >
      <CenterHandles />
      <span className="kp-comp-name kp-label">{COMPACT_LABEL[c.kind] ?? c.kind}</span>
      {!alive && <Cross />}
    </div>
  );
}

function componentLabel(c: ComponentView): string {
  if (c.kind === 'etcd') return c.id.startsWith('etcd/') ? c.id.slice(5) : c.id;
  if (c.kind === 'containerd') return 'containerd (CRI)';
  return c.kind;
}

/** Invisible handles at the centre, so straight edges run centre to centre. */
function CenterHandles() {
  return (
    <>
      <Handle type="target" position={Position.Top} className="kp-handle" isConnectable={false} />
      <Handle type="source" position={Position.Bottom} className="kp-handle" isConnectable={false} />
    </>
  );
}

function Cross() {
  return (
    <svg className="kp-cross" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
      <line x1="4" y1="4" x2="96" y2="96" />
      <line x1="96" y1="4" x2="4" y2="96" />
    </svg>
  );
}

function MoreButton({ target, label }: { target: Selection; label: string }) {
  const openMenu = useUiStore((s) => s.openMenu);
  const g = useGraphStrings();
  const onClick = (e: MouseEvent) => {
    e.stopPropagation();
    openMenu(target, e.clientX, e.clientY);
  };
  return (
    <button type="button" className="kp-more-btn nodrag nopan" aria-label={g.actionsFor(label)} title={g.actions} onClick={onClick} data-testid="more-button">
      ⋯
    </button>
  );
}

function useSelected(kind: Selection['kind'], id: string): boolean {
  return useUiStore((s) => s.selection?.kind === kind && s.selection.id === id);
}

function Glyph({ kind }: { kind: string }) {
  // containerd, cni and the registry have no official Kubernetes icon: a plain labelled shape.
  const text = kind === 'containerd' ? 'CRI' : kind === 'cni' ? 'CNI' : kind === 'registry' ? 'IMG' : kind.slice(0, 3).toUpperCase();
  return (
    <svg className="kp-glyph" viewBox="0 0 40 40" aria-hidden="true">
      <rect x="2" y="6" width="36" height="28" rx="6" />
      <text x="20" y="25" textAnchor="middle">
        {text}
      </text>
    </svg>
  );
}

function Icon({ kind }: { kind: string }) {
  const file = ICON[kind];
  return file ? <img className="kp-icon" src={`${ICONS}${file}`} alt="" draggable={false} /> : <Glyph kind={kind} />;
}

export const ComponentNode = memo(function ComponentNode({ data }: NodeProps<ComponentFlowNode>) {
  const { view: c, hostUp, box } = data;
  const alive = c.alive && hostUp;
  const selected = useSelected('component', c.id);
  const small = box.kind === 'small-component';
  const etcd = c.kind === 'etcd';
  const role = etcd ? etcdRole(c, hostUp) : undefined;
  const term = c.detail.term;
  const g = useGraphStrings();
  const title = [g.componentOn(c.id, c.host), alive ? g.running : g.stopped, ...(role ? [g.etcdRoleHint[role]] : []), ...Object.entries(c.detail).map(([k, v]) => `${g.detailName[k] ?? k}: ${k === 'role' ? (g.roleValue[String(v)] ?? String(v)) : String(v)}`)].join('\n');
  if (box.compact && small) return <CompactComponent c={c} alive={alive} selected={selected} title={title} />;
  if (box.compact)
    return (
      <div
        className={`kp-comp kp-comp--cell${role ? ` kp-etcd kp-etcd--${role}` : ''}${alive ? '' : ' kp-dead'}${selected ? ' kp-selected' : ''}`}
        data-testid={`component-${testId(c.id)}`}
        data-alive={String(alive)}
        data-kind={c.kind}
        {...(role ? { 'data-role': role, 'data-term': typeof term === 'number' ? String(term) : '' } : {})}
        title={title}
      >
        <CenterHandles />
        <Icon kind={c.kind} />
        <div className="kp-comp-text">
          <div className="kp-comp-name">{componentLabel(c)}</div>
          {role && role !== 'dead' && (
            <div className="kp-comp-detail kp-etcd-line">
              <span className="kp-etcd-role" data-testid="etcd-role" data-role={role}>
                <span className="kp-etcd-role-word">{g.etcdRoleText[role]}</span>
              </span>
              {/* A follower's term is the leader's, said on the etcd cluster's box: one line has no room for «последователь срок 1».
                  A pre-candidate has not raised its term (pre-vote asks first), and «pre-candidate term 1» ran past
                  the cell with quorum lost (issue 11): its term is in the tooltip. */}
              {term !== undefined && role !== 'follower' && role !== 'pre-candidate' && (
                <span className="kp-etcd-term" data-testid="etcd-term">
                  {g.term(String(term))}
                </span>
              )}
            </div>
          )}
          {!alive && <div className="kp-comp-detail">✕ {hostUp ? g.stopped : g.hostDown}</div>}
        </div>
        {!alive && <Cross />}
        <MoreButton target={{ kind: 'component', id: c.id }} label={c.id} />
      </div>
    );
  return (
    <div
      className={`kp-comp${small ? ' kp-comp--small' : NODE_PARTS.has(c.kind) ? ' kp-comp--node' : ''}${role ? ` kp-etcd kp-etcd--${role}` : ''}${alive ? '' : ' kp-dead'}${selected ? ' kp-selected' : ''}`}
      data-testid={`component-${testId(c.id)}`}
      data-alive={String(alive)}
      data-kind={c.kind}
      {...(role ? { 'data-role': role, 'data-term': typeof term === 'number' ? String(term) : '' } : {})}
      title={title}
      style={{ height: small ? undefined : COMP_H }}
    >
      <CenterHandles />
      <Icon kind={c.kind} />
      <div className="kp-comp-text">
        <div className="kp-comp-name">{componentLabel(c)}</div>
        {role && role !== 'dead' && (
          <>
            <div className="kp-comp-detail kp-etcd-role" data-testid="etcd-role" data-role={role}>
              <span className="kp-etcd-role-word">{g.etcdRoleText[role]}</span>
            </div>
            {!small && term !== undefined && (
              <div className="kp-comp-detail kp-etcd-term" data-testid="etcd-term">
                {g.term(String(term))}
              </div>
            )}
          </>
        )}
        {!alive && <div className="kp-badge kp-badge--dead">✕ {hostUp ? g.stopped : g.hostDown}</div>}
      </div>
      {role === 'leader' && (
        <span className="kp-crown" aria-hidden="true" title={g.raftLeader}>
          ♛
        </span>
      )}
      {!alive && <Cross />}
      <MoreButton target={{ kind: 'component', id: c.id }} label={c.id} />
    </div>
  );
});

/** A chip's room around its name (graph.css .kp-pod--chip): borders 1.5 px, padding 2 px, the flex gaps 2 px, a pixel to spare. */
const CHIP_CHROME_PX = 2 * 1.5 + 2 * 2 + 2 + 1;
/** A why mark (why.css .kp-why-mark) and its gap. */
const CHIP_WHY_PX = 14 + 2;

/**
 * The name a compact pod chip `w` wide shows beside its glyph: the longest label whose width, measured
 * in the chip's font, fits (fitChipLabel); by a character count where nothing can measure (jsdom).
 */
function podChipLabel(name: string, node: string | undefined, w: number, glyph: string, why: boolean): string {
  const family = graphFontFamily();
  const glyphW = textWidth(glyph, `12px ${family}`);
  if (glyphW === undefined) return chipLabel(name, node, chipNameChars(w) - (why ? 2 : 0));
  const room = w - CHIP_CHROME_PX - glyphW - (why ? CHIP_WHY_PX : 0);
  const font = `500 12px ${family}`;
  return fitChipLabel(name, node, (label) => (textWidth(label, font) ?? Infinity) <= room);
}

export const PodNode = memo(function PodNode({ data }: NodeProps<PodFlowNode>) {
  const { pod, hostUp } = data;
  const d = podDisplay(pod);
  const selected = useSelected('object', pod.id);
  const failingBadge = d.look === 'failing' || d.look === 'error';
  const g = useGraphStrings();
  const title = `${g.podTitle(pod.name, pod.namespace)}\nSTATUS ${d.status}  READY ${d.ready}${hostUp ? '' : `\n${g.podHostDown}`}`;
  // A chip with a why badge (its "?" mark) leaves it the room of two characters of the name.
  const why = useWhyFor('object', pod.id).some((c) => c.severity === 'warning');
  if (data.box.compact)
    return (
      <div
        className={`kp-pod kp-pod--chip kp-pod--${d.look}${hostUp ? '' : ' kp-pod--host-down'}${selected ? ' kp-selected' : ''}`}
        data-testid={`pod-${pod.namespace}-${pod.name}`}
        data-status={d.status}
        data-ready={d.ready}
        title={title}
        role="group"
        aria-label={`pod/${pod.name}: ${d.status}`}
      >
        <CenterHandles />
        <span className="kp-pod-glyph" aria-hidden="true">
          {d.glyph}
        </span>
        {/* Aligned to the end: were the name still too wide, the start is what the chip clips. */}
        <span className="kp-pod-chip-name">
          <span className="kp-pod-name kp-label" aria-hidden="true">
            {podChipLabel(pod.name, (pod.object.spec as { nodeName?: string } | undefined)?.nodeName, data.box.w, d.glyph, why)}
          </span>
        </span>
        <WhyBadge kind="object" id={pod.id} select={{ kind: 'object', id: pod.id }} placement="chip" />
      </div>
    );
  return (
    <div
      className={`kp-pod kp-pod--${d.look}${hostUp ? '' : ' kp-pod--host-down'}${selected ? ' kp-selected' : ''}`}
      data-testid={`pod-${pod.namespace}-${pod.name}`}
      data-status={d.status}
      data-ready={d.ready}
      title={title}
      style={{ height: POD_H }}
    >
      <CenterHandles />
      <img className="kp-pod-icon" src={`${ICONS}pod.svg`} alt="" draggable={false} />
      <div className="kp-pod-text">
        <div className="kp-pod-line">
          {/* Aligned to the end when too wide: the start is what the box clips, never the suffix. */}
          <span className="kp-pod-name kp-pod-name--end">
            <span>{middleEllipsis(pod.name, POD_NAME_CHARS)}</span>
          </span>
          <span className="kp-pod-ready">{d.ready}</span>
        </div>
        <div className={`kp-pod-status${failingBadge ? ' kp-badge kp-badge--fail' : ''}`}>
          <span aria-hidden="true">{d.glyph}</span> {d.status}
        </div>
      </div>
      <WhyBadge kind="object" id={pod.id} select={{ kind: 'object', id: pod.id }} placement="pod" />
      {d.look === 'not-ready' && (
        <span className="kp-warn" title={g.notReadyNoTraffic}>
          ⚠
        </span>
      )}
    </div>
  );
});

export const ServiceNode = memo(function ServiceNode({ data }: NodeProps<ServiceFlowNode>) {
  const { svc, summary: s, endpoints } = data;
  const selected = useSelected('object', svc.id);
  const ready = endpoints.filter((e) => e.ready).length;
  const g = useGraphStrings();
  const count = endpoints.length === 0 ? g.noEndpoints : ready === endpoints.length ? g.endpoints(ready) : g.readyOf(ready, endpoints.length);
  const title = [
    g.serviceTitle(s.name, s.namespace),
    `TYPE ${s.type}  CLUSTER-IP ${s.clusterIP}  PORT(S) ${s.ports}`,
    endpoints.length ? g.endpointList(endpoints.map((e) => `${e.address}${e.ready ? '' : g.endpointNotReady}`).join(', ')) : g.noEndpointsHint,
    g.kubeProxyRoutes,
  ].join('\n');
  return (
    <div
      className={`kp-svc${endpoints.length === 0 ? ' kp-svc--empty' : ''}${selected ? ' kp-selected' : ''}`}
      data-testid={`service-${svc.namespace}-${svc.name}`}
      data-endpoints={endpoints.length}
      data-ready-endpoints={ready}
      title={title}
      style={{ height: data.box.compact ? undefined : SVC_H }}
    >
      <CenterHandles />
      <img className="kp-svc-icon" src={`${ICONS}svc.svg`} alt="" draggable={false} />
      <div className="kp-svc-text">
        <div className="kp-svc-line">
          <span className="kp-svc-name">{s.name}</span>
          <span className={`kp-svc-count${endpoints.length === 0 || ready < endpoints.length ? ' kp-svc-count--warn' : ''}`}>
            {endpoints.length === 0 || ready < endpoints.length ? '⚠ ' : ''}
            {count}
          </span>
        </div>
        <div className="kp-svc-spec">{data.box.compact ? compactServiceSpec(s) : `${s.type} ${s.clusterIP} ${s.ports}`}</div>
      </div>
      <MoreButton target={{ kind: 'object', id: svc.id }} label={`service/${s.name}`} />
    </div>
  );
});

export const MoreNode = memo(function MoreNode({ data }: NodeProps<MoreFlowNode>) {
  const { box } = data;
  const g = useGraphStrings();
  const n = box.count ?? 0;
  if (box.ref === SERVICES_ID)
    return (
      <div className="kp-more" data-testid="more-services" title={g.moreServicesHint(n)}>
        <CenterHandles />
        {g.moreServices(n)}
      </div>
    );
  if (box.compact)
    return (
      <div className="kp-more kp-more--chip" data-testid={`more-pods-${testId(box.ref.replace(/^host:/, ''))}`} title={g.morePodsHint(n)}>
        <CenterHandles />
        <span className="kp-label">+{n}</span>
      </div>
    );
  return (
    <div className="kp-more" data-testid={`more-pods-${testId(box.ref.replace(/^host:/, ''))}`} title={g.morePodsHint(n)}>
      <CenterHandles />
      {g.morePods(n)}
    </div>
  );
});

function NodeStatus({ data }: { data: RegionData }) {
  const select = useUiStore((s) => s.select);
  const node = data.node;
  const g = useGraphStrings();
  if (!node) return <span className="kp-tag kp-tag--muted">{g.notRegistered}</span>;
  const d = nodeDisplay(node);
  const cls = d.ready ? 'kp-status--ready' : d.status === 'Unknown' ? 'kp-status--unknown' : 'kp-status--notready';
  const glyph = d.ready ? '✓' : d.status === 'Unknown' ? '?' : '✕';
  const full = `${d.status}${d.readyCondition === 'Unknown' ? ' (Unknown)' : ''}`;
  // Compact (issue 11): kubectl's `Ready,SchedulingDisabled` is wider than a worker's header leaves
  // beside the node's name, so the chip says `Ready ⊘` and its accessible name and tooltip the whole.
  const [base, ...rest] = d.status.split(',');
  const shown = data.box.compact && rest.includes('SchedulingDisabled') ? `${base} ⊘${d.readyCondition === 'Unknown' ? ' (Unknown)' : ''}` : full;
  return (
    <>
      <button
        type="button"
        className={`kp-status ${cls} nodrag nopan`}
        data-testid={`node-status-${node.name}`}
        data-status={d.status}
        aria-label={full}
        title={g.nodeStatusHint(node.name, d.status, d.readyCondition === 'Unknown')}
        onClick={(e) => {
          e.stopPropagation();
          select({ kind: 'object', id: node.id });
        }}
      >
        {glyph} {shown}
      </button>
      {d.taints.length > 0 && (
        <span className="kp-taints" data-testid={`node-taints-${node.name}`}>
          {d.taints.map((t) => (
            <span key={t} className="kp-tag kp-tag--taint" title={g.taint(t)}>
              {t}
            </span>
          ))}
        </span>
      )}
    </>
  );
}

function regionTitle(data: RegionData, g: GraphStrings): { title: string; subtitle: string; icon?: string; hint?: string } {
  const h = data.host;
  const name = data.box.ref;
  switch (data.box.role) {
    case 'control-plane':
      return { title: g.controlPlane(name), subtitle: g.alsoNode(h?.address ?? ''), icon: 'control-plane.svg' };
    case 'client':
      return { title: g.you, subtitle: g.outsideCluster(name), icon: undefined };
    case 'registry':
      return { title: g.imageRegistry, subtitle: g.outsideCluster(name) };
    case 'tray':
      return { title: g.pendingTitle, subtitle: g.pendingSub };
    case 'services':
      return { title: g.services, subtitle: g.servicesSub };
    case 'etcd':
      return { title: name, subtitle: g.etcdMemberHost(h?.address ?? '') };
    case 'etcd-cluster': {
      const e = data.etcd;
      if (!e) return { title: g.etcdCluster, subtitle: '' };
      return { title: g.etcdClusterOf(e.members, e.quorum), subtitle: etcdStatusLine(e, g.etcdStatus), icon: 'etcd.svg', hint: etcdStatusHint(e, g.etcdStatus) };
    }
    default:
      return { title: name, subtitle: g.workerNode(h?.address ?? g.noHost), icon: 'node.svg' };
  }
}

export const RegionNode = memo(function RegionNode({ data }: NodeProps<RegionFlowNode>) {
  const d = data;
  const role = d.box.role;
  const up = d.host?.up ?? true;
  const selected = useSelected('host', d.box.ref);
  const g = useGraphStrings();
  const t = regionTitle(d, g);
  const cut = d.cutFrom.length > 0;
  const cutText = d.cutFrom.length === 1 ? (d.cutFrom[0] ?? '') : g.hosts(d.cutFrom.length);
  const isNode = role === 'worker' || role === 'control-plane';
  const testid = role === 'tray' ? 'pending-tray' : role === 'services' ? 'services-band' : role === 'etcd-cluster' ? 'etcd-cluster' : `host-${d.box.ref}`;
  const band = role === 'tray' || role === 'services' || role === 'etcd-cluster';
  const quorumLost = !!d.etcd && d.etcd.up < d.etcd.quorum;
  // Live mode: the control plane's box shows what a real cluster's API tells (LiveControlPlane.tsx).
  const live = useWorkerStore((s) => s.live !== null);
  let badges: ReactNode = null;
  if (!up) badges = <span className="kp-badge kp-badge--dead">✕ {g.hostDown}</span>;
  if (d.box.compact) {
    // Compact (issue 11): one title line; what the full region says beneath it moves to the tooltip,
    // except a node's address (the control plane's second line, beside its folded components) and the
    // hosts outside the cluster, whose subtitle says where they are.
    const taints = d.node ? nodeDisplay(d.node).taints : [];
    const tip = [`${t.title}: ${t.subtitle}`, ...(d.pods ? [g.pods(d.pods)] : []), ...taints.map((x) => g.taint(x))].join('\n');
    const outside = role === 'client' || role === 'registry';
    return (
      <div
        className={`kp-region kp-region--${role} kp-region--compact${up ? '' : ' kp-dead'}${cut ? ' kp-region--cut' : ''}${selected ? ' kp-selected' : ''}`}
        data-testid={testid}
        data-up={String(up)}
        data-cut={String(cut)}
        title={tip}
      >
        <div className="kp-region-header kp-region-header--compact">
          <span className="kp-region-title kp-label">
            {t.title}
            {role === 'tray' && <span className="kp-tag">{d.pods}</span>}
          </span>
          {badges}
          {cut && (
            <span className="kp-badge kp-badge--cut" data-testid={`host-cut-${d.box.ref}`} title={g.cutHint(d.box.ref, d.cutFrom.join(', '))}>
              ✂
            </span>
          )}
          {isNode && <NodeStatus data={d} />}
        </div>
        {/* On the region's top edge, clear of its name and status (the header has no room for a countdown). */}
        {isNode && <WhyBadge kind="host" id={d.box.ref} select={{ kind: 'host', id: d.box.ref }} placement="edge" />}
        {role === 'control-plane' && <div className="kp-region-sub kp-region-sub--compact">{d.host?.address ?? ''}</div>}
        {/* Under the title and the address line (28 px and one line), where the folded components would be. */}
        {role === 'control-plane' && live && <LiveControlPlane top={50} left={8} />}
        {outside && <div className="kp-region-sub kp-region-sub--compact">{t.subtitle}</div>}
        {!band && <MoreButton target={{ kind: 'host', id: d.box.ref }} label={d.box.ref} />}
        {!up && <Cross />}
      </div>
    );
  }
  return (
    <div
      className={`kp-region kp-region--${role}${up ? '' : ' kp-dead'}${cut && role !== 'control-plane' ? ' kp-region--cut' : ''}${quorumLost ? ' kp-region--no-quorum' : ''}${selected ? ' kp-selected' : ''}`}
      data-testid={testid}
      data-up={String(up)}
      data-cut={String(cut)}
      {...(d.etcd ? { 'data-members': d.etcd.members, 'data-quorum': d.etcd.quorum, 'data-members-up': d.etcd.up, 'data-leader': d.etcd.leader ?? '', 'data-term': d.etcd.term ?? '' } : {})}
    >
      <div className="kp-region-header" style={{ paddingLeft: PAD }}>
        {t.icon && <img className="kp-region-icon" src={`${ICONS}${t.icon}`} alt="" draggable={false} />}
        <div className="kp-region-titles">
          <div className="kp-region-title">
            {t.title}
            {role === 'tray' && <span className="kp-tag">{d.pods}</span>}
          </div>
          <div className="kp-region-subline">
            <div className="kp-region-sub" {...(role === 'etcd-cluster' ? { 'data-testid': 'etcd-status', title: t.hint } : {})}>
              {t.subtitle}
            </div>
            {isNode && <WhyBadge kind="host" id={d.box.ref} select={{ kind: 'host', id: d.box.ref }} />}
          </div>
          {/* The seed's point (chapter 1) where it covers nothing: the edge to the leader is short. */}
          {role === 'etcd-cluster' && (
            <div className="kp-region-sub kp-etcd-band-note" data-testid="etcd-note">
              {g.onlyApiTalksToEtcd.replace('\n', ' ')}
            </div>
          )}
        </div>
        <div className="kp-region-badges">
          {badges}
          {cut && (
            <span className={role === 'control-plane' ? 'kp-tag kp-tag--cut' : 'kp-badge kp-badge--cut'} data-testid={`host-cut-${d.box.ref}`} title={g.cutHint(d.box.ref, d.cutFrom.join(', '))}>
              {g.cutFrom(cutText)}
            </span>
          )}
          {isNode && <NodeStatus data={d} />}
        </div>
        {!band && <MoreButton target={{ kind: 'host', id: d.box.ref }} label={d.box.ref} />}
      </div>
      {role === 'control-plane' && live && <LiveControlPlane top={HEADER_H} left={PAD} />}
      {role === 'control-plane' && (
        <div className="kp-also-node" style={{ left: PAD, bottom: PAD + POD_H / 2 - 8 }}>
          {g.itsNodeParts}
        </div>
      )}
      {d.etcdNote && (
        <div className="kp-etcd-note" data-testid="etcd-note" style={{ left: d.etcdNote.x, top: d.etcdNote.y, width: d.etcdNote.w }}>
          {g.onlyApiTalksToEtcd}
        </div>
      )}
      {role === 'etcd-cluster' && (
        // Below the header, in the corner the ring of members leaves free: the header is full (graph.css;
        // compact, on the box's top edge).
        <div className="kp-why-corner">
          <WhyBadge kind="etcd" id="etcd" />
        </div>
      )}
      {role === 'tray' && d.pods === 0 && <div className="kp-empty">{g.noPendingPods}</div>}
      {role === 'services' && d.services === 0 && <div className="kp-empty">{g.noServices}</div>}
      {!up && <Cross />}
    </div>
  );
});

export const nodeTypes = { region: RegionNode, component: ComponentNode, pod: PodNode, more: MoreNode, service: ServiceNode };
