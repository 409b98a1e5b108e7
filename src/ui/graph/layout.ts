// Where everything sits on the graph: a pure, deterministic function of what exists. Every region has
// a fixed size (a fixed number of pod slots), so a new pod fills the next free slot and never moves
// anything else; past the last slot a region shows "+N" instead of every pod. Workers form a grid of
// equal regions, readable from 1 to 50 nodes. The graph pane is wide and short (the dock takes the
// bottom of the screen), so everything that is not a worker stands in one row above them: the user's
// laptop outside the cluster on the left, the control plane, the Services band (cluster-wide, on no
// node: its edges run to the apiserver and down to pods), the Pending tray, and the image registry
// outside on the right (UX.md, "The screen"); the worker grid's columns follow the pane's shape.

import { type RowItem, columnsWithin, gapBetween, rowWidth, wrapRows } from './narrow-rows';

export type HostRole = 'control-plane' | 'worker' | 'client' | 'registry' | 'etcd';

export interface LayoutHost {
  id: string;
  role: HostRole;
}
export interface LayoutComponent {
  id: string;
  kind: string;
  host: string;
}
export interface LayoutPod {
  /** The ObjectView id (`pods/default/web`). */
  id: string;
  /** spec.nodeName, when the scheduler has bound it. */
  node?: string;
  /** When the UI first saw this pod (a counter): keeps slots stable as pods come and go. */
  order: number;
}
/** A Service (its ObjectView id) and when the UI first saw it, as for pods. */
export interface LayoutService {
  id: string;
  order: number;
}
export interface LayoutNode {
  /** The Node object's name. */
  name: string;
}

export type BoxKind = 'region' | 'component' | 'small-component' | 'pod' | 'more' | 'tray' | 'band' | 'service';

/** One drawn thing. x/y are relative to the parent (React Flow's convention), ax/ay absolute. */
export interface Box {
  id: string;
  kind: BoxKind;
  x: number;
  y: number;
  w: number;
  h: number;
  ax: number;
  ay: number;
  parent?: string;
  /** What it stands for: a host name, a process id, a pod's or Service's ObjectView id, or a region id for `more`. */
  ref: string;
  /** `more` boxes: how many pods they stand for. */
  count?: number;
  /** Worker regions and what they hold, past COMPACT_AFTER workers: pods as chips, components in the header. */
  compact?: boolean;
  /** Regions: the host's role (tray: 'tray', the Services band: 'services', the etcd members' box: 'etcd-cluster'). */
  role?: HostRole | 'tray' | 'services' | 'etcd-cluster';
}

export interface ClusterLayout {
  /** Parents come before their children (React Flow needs that order). */
  boxes: Box[];
  byId: Record<string, Box>;
  /** Graph node id of each drawn pod's region (`tray:pending` for pods with no node yet). */
  podRegion: Record<string, string>;
  /** Whether the worker regions are compact (more than COMPACT_AFTER workers). */
  compact: boolean;
}

export const regionId = (host: string): string => `host:${host}`;
export const componentNodeId = (process: string): string => `comp:${process}`;
export const podNodeId = (pod: string): string => `pod:${pod}`;
export const moreNodeId = (region: string): string => `more:${region}`;
export const serviceNodeId = (service: string): string => `svc:${service}`;
export const TRAY_ID = 'tray:pending';
export const SERVICES_ID = 'band:services';
export const ETCD_CLUSTER_ID = 'band:etcd';

// Geometry, in flow units (pixels at zoom 1).
export const PAD = 14;
export const HEADER_H = 58;
export const COMP_W = 156;
export const COMP_H = 66;
export const SMALL_W = 100;
export const SMALL_H = 34;
export const POD_W = 162;
export const POD_H = 44;
export const GAP = 10;
export const POD_COLS = 3;
export const POD_ROWS = 4;
/** Pods drawn per worker region before it shows a count instead. */
export const POD_SLOTS = POD_COLS * POD_ROWS;

/**
 * Past this many workers the whole graph compacts (issue 11, "A graph that stays readable"): every
 * region is drawn in a denser geometry whose flow units are about CSS px at the default fit of a
 * 1280x720 window (its fit zoom is about 0.95), so its 12 px labels stay at least 11 px on screen.
 * A node's components fold into its header as named chips (their state by colour and a cross, the
 * words in their tooltip), its pods become chips with a status glyph and the name, middle-ellipsed
 * so the distinguishing suffix stays (pod-label.ts), and the long explanations move to tooltips.
 * The full geometry is as wide as 2,200 units for a single worker (its top row: the control plane's
 * components and etcd, the Services band, the Pending tray), which put its labels at 5-8 px on
 * screen; so every cluster with a worker is compact, and up to ROOMY_UP_TO workers their pod chips
 * are wider (the top row leaves the room), showing more of each pod's name.
 */
export const COMPACT_AFTER = 0;
/** Up to this many workers, a node's pod chips are ROOMY_CHIP_W wide: three nodes side by side are as wide as the top row. */
export const ROOMY_UP_TO = 4;
export const ROOMY_CHIP_W = 140;
/** Compact geometry, in flow units (CSS px at zoom 1). */
export const K = {
  pad: 6,
  /** A region's title line, and its second header line (a node's folded components). */
  titleH: 22,
  lineH: 18,
  /** A pod chip on a node (five worker columns at 10 workers as wide as the top row, less the zoom buttons' room), and in the tray. */
  chipW: 91,
  trayChipW: 88,
  chipH: 18,
  chipGap: 4,
  /** Gap between regions. */
  gap: 12,
  /** A control-plane component's cell (icon and name on two lines). */
  cellW: 156,
  cellH: 36,
  /** A Service's row in the band. */
  svcW: 220,
  svcH: 34,
  /** The hosts outside the cluster: their card and header (title and a subtitle on up to three lines). */
  outsideW: 140,
  outsideHeaderH: 68,
  outsideCellH: 30,
  clientGap: 24,
  /** The laptop's room under kubectl for the kubectl edge's label ("HTTPS :6443", EdgeData.labelAt). */
  clientLabelH: 18,
  registryGap: 20,
  /** Room kept free left of the worker grid for the zoom buttons (React Flow's Controls, bottom left). */
  controlsRoom: 42,
} as const;
/** The smallest font (CSS px at zoom 1) any compact label is drawn with (graph.css, .kp-graph--compact). */
export const COMPACT_MIN_FONT = 12;
/**
 * The smallest zoom a compact graph is shown at: its 12 px labels at 11 px on screen (issue 11, a
 * projector at 1280x720). A cluster that does not fit the pane at this zoom (5 etcd members; 3 etcd
 * members and 10 workers at 1280x720: 8.7 and 8.0 px at the fit) is laid out as wide as the pane
 * (layoutCluster's `readableW`) and scrolls down (ClusterGraph.tsx).
 */
export const READABLE_ZOOM = 11 / COMPACT_MIN_FONT;
/**
 * The width, in flow units, a pane `paneW` CSS px wide shows at READABLE_ZOOM with fitView's `padding`
 * (@xyflow/system's parsePadding), in steps of 10 so a pixel of resize does not lay the graph out again.
 */
export function readableWidth(paneW: number, padding: number): number {
  const inner = paneW - 2 * Math.floor((paneW - paneW / (1 + padding)) * 0.5);
  return Math.floor(inner / READABLE_ZOOM / 10) * 10;
}
export const CHIP_COLS = 2;
export const CHIP_ROWS = 3;
/** Widths of a node's folded components in its header, by kind, to fit their short names at 12 px. */
export const FOLDED_W: Record<string, number> = { kubelet: 50, containerd: 32, 'kube-proxy': 52, cni: 32 };
const FOLDED_DEFAULT_W = 42;
/**
 * An edge label drawn under its source box (EdgeData.labelAt 'under-source'): its baseline this far
 * below the box's centre, past half a compact outside cell, a gap and a 12 px line, inside the
 * K.clientLabelH the laptop's card keeps for it.
 */
export const UNDER_SOURCE_DY = K.outsideCellH / 2 + K.chipGap + 12;
/** A compact worker region's width, for pod chips `chipW` wide. */
export const compactWorkerW = (chipW: number): number => 2 * K.pad + CHIP_COLS * chipW + (CHIP_COLS - 1) * K.chipGap;
export const COMPACT_W = compactWorkerW(K.chipW);
/** The pod chips' width on a compact worker, for `workers` workers. */
export const workerChipW = (workers: number, etcdBox = false): number => (workers <= ROOMY_UP_TO && !etcdBox ? ROOMY_CHIP_W : K.chipW);
const COMPACT_PODS_Y = K.pad + K.titleH + K.lineH + K.chipGap;
export const COMPACT_H = COMPACT_PODS_Y + CHIP_ROWS * K.chipH + (CHIP_ROWS - 1) * K.chipGap + K.pad;
const COMPACT_GAP = K.gap;
const K_TRAY_ROWS = 3;
/** The tray's title wraps onto a second line ("Pending - no node yet" and its count). */
const K_TRAY_HEADER_H = K.titleH + K.lineH;
const K_TRAY_COLS = 2;
const K_TRAY_W = 2 * K.pad + K_TRAY_COLS * K.trayChipW + (K_TRAY_COLS - 1) * K.chipGap;
const K_TRAY_H = K.pad + K_TRAY_HEADER_H + K_TRAY_ROWS * K.chipH + (K_TRAY_ROWS - 1) * K.chipGap + K.pad;
export const COMPACT_SVC_ROWS = 3;
const K_SVC_ROWS = COMPACT_SVC_ROWS;
const K_BAND_W = 2 * K.pad + K.svcW;
const K_BAND_H = K.pad + K.titleH + K_SVC_ROWS * K.svcH + (K_SVC_ROWS - 1) * K.chipGap + K.pad;
const K_CP_W = 3 * K.pad + 2 * K.cellW;
const K_CP_COMPS_Y = K.pad + K.titleH + K.lineH + K.chipGap;
/**
 * The control plane's pod chips: one row of three, together as wide as its two component cells (a
 * second row made the 4-worker graph's fit zoom too small for 11 px labels). Its pods are mostly
 * static pods, named `<component>-<node>` (etcd-control-plane): 91-unit chips showed 9 characters
 * ("etc…plane"); these show 10, and a static pod's name is cut at its end (pod-label.ts chipLabel).
 */
const K_CP_POD_COLS = 3;
const K_CP_CHIP_W = Math.floor((2 * K.cellW + K.pad - (K_CP_POD_COLS - 1) * K.chipGap) / K_CP_POD_COLS);
const REGION_GAP = 44;
const COL = COMP_W + 34;
const ROW = COMP_H + 22;
/** The etcd column sits further right, to leave room for the apiserver->etcd edge. */
export const ETCD_X = PAD + COL * 2 + 100;
const TRAY_COLS = 2;
const TRAY_ROWS = 4;
const CP_POD_SLOTS = 1;
export const SVC_W = 280;
export const SVC_H = 54;
/** Rows and columns of Service slots: the band stands in the top row, beside the control plane. */
export const SVC_ROWS = 4;
export const SVC_COLS = 1;
// Room for the band's title and its explanation wrapped on three lines (the band is one slot wide).
const BAND_HEADER_H = 76;
const BAND_H = BAND_HEADER_H + SVC_ROWS * SVC_H + (SVC_ROWS - 1) * GAP + PAD;
const BAND_W = 2 * PAD + SVC_COLS * SVC_W + (SVC_COLS - 1) * GAP;

/** A worker's components: four to a row across the region. */
const NODE_COMPS_PER_ROW = 4;
export const NODE_COMP_W = Math.floor((POD_COLS * POD_W + (POD_COLS - 1) * GAP - (NODE_COMPS_PER_ROW - 1) * GAP) / NODE_COMPS_PER_ROW);

/** Processes the graph places in a node's component row, in this order. */
const NODE_KINDS = ['kubelet', 'containerd', 'kube-proxy', 'cni'];
/** Processes that run outside any drawn box (one-shot tools, and the shell `ssh <node>` reaches). */
const HIDDEN_KINDS = new Set(['kubeadm', 'installstorage', 'node-shell']);

const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

interface Builder {
  boxes: Box[];
  byId: Record<string, Box>;
}

function add(b: Builder, box: Omit<Box, 'ax' | 'ay'>): Box {
  const p = box.parent ? b.byId[box.parent] : undefined;
  const full: Box = { ...box, ax: (p?.ax ?? 0) + box.x, ay: (p?.ay ?? 0) + box.y };
  b.boxes.push(full);
  b.byId[full.id] = full;
  return full;
}

/** Lays pods into `slots` cells of a region; past the last one, the last cell becomes a `+N` badge. */
function placePods(b: Builder, region: string, pods: LayoutPod[], cells: { x: number; y: number }[], podRegion: Record<string, string>): void {
  placeInSlots(b, region, pods, cells, 'pod', POD_W, POD_H, (id) => (podRegion[id] = region));
}

/** Fills slots in first-seen order; past the last one, the last slot becomes a `+N` badge. */
function placeInSlots(b: Builder, region: string, items: { id: string; order: number }[], cells: { x: number; y: number }[], kind: 'pod' | 'service', w: number, h: number, placed?: (id: string) => void, compact = false): void {
  const sorted = [...items].sort((p, q) => p.order - q.order || byName(p.id, q.id));
  const overflow = sorted.length > cells.length;
  const shown = overflow ? cells.length - 1 : sorted.length;
  for (let i = 0; i < shown; i++) {
    const p = sorted[i]!;
    const c = cells[i]!;
    add(b, { id: kind === 'pod' ? podNodeId(p.id) : serviceNodeId(p.id), kind, x: c.x, y: c.y, w, h, parent: region, ref: p.id, ...(compact ? { compact } : {}) });
    placed?.(p.id);
  }
  if (overflow) {
    const c = cells[cells.length - 1]!;
    add(b, { id: moreNodeId(region), kind: 'more', x: c.x, y: c.y, w, h, parent: region, ref: region, count: sorted.length - shown, ...(compact ? { compact } : {}) });
  }
}

/** Service slots across the band: as many columns as fit, SVC_ROWS rows, centred. */
export function serviceColumns(bandW: number): number {
  return Math.max(1, Math.floor((bandW - 2 * PAD + GAP) / (SVC_W + GAP)));
}

function placeServices(b: Builder, services: LayoutService[], x: number, y: number, w: number): void {
  add(b, { id: SERVICES_ID, kind: 'band', x, y, w, h: BAND_H, ref: 'services', role: 'services' });
  const cols = serviceColumns(w);
  const x0 = (w - (cols * SVC_W + (cols - 1) * GAP)) / 2;
  const cells: { x: number; y: number }[] = [];
  for (let r = 0; r < SVC_ROWS; r++) for (let c = 0; c < cols; c++) cells.push({ x: x0 + c * (SVC_W + GAP), y: BAND_HEADER_H + r * (SVC_H + GAP) });
  placeInSlots(b, SERVICES_ID, services, cells, 'service', SVC_W, SVC_H);
}

function grid(x0: number, y0: number, cols: number, rows: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push({ x: x0 + c * (POD_W + GAP), y: y0 + r * (POD_H + GAP) });
  return out;
}

function nodeKindRank(kind: string): number {
  const i = NODE_KINDS.indexOf(kind);
  return i < 0 ? NODE_KINDS.length : i;
}

function sortNodeComponents(cs: LayoutComponent[]): LayoutComponent[] {
  return [...cs].sort((a, b) => nodeKindRank(a.kind) - nodeKindRank(b.kind) || byName(a.id, b.id));
}

export const WORKER_W = 2 * PAD + POD_COLS * POD_W + (POD_COLS - 1) * GAP;

function workerHeight(compRows: number): number {
  return HEADER_H + compRows * (COMP_H + GAP) + 8 + POD_ROWS * POD_H + (POD_ROWS - 1) * GAP + PAD;
}

interface Groups {
  cp?: LayoutHost;
  /** Hosts of their own for etcd members (external etcd), by name. */
  etcd: LayoutHost[];
  client: LayoutHost[];
  registry: LayoutHost[];
  workers: string[];
  compsByHost: Map<string, LayoutComponent[]>;
  podsByNode: Map<string, LayoutPod[]>;
}

function group(hosts: LayoutHost[], components: LayoutComponent[], pods: LayoutPod[], nodes: LayoutNode[]): Groups {
  const cp = hosts.find((h) => h.role === 'control-plane');
  const workerSet = new Set(hosts.filter((h) => h.role === 'worker').map((h) => h.id));
  // A Node object without a simulated host still gets a region: the graph stays data-driven.
  for (const n of nodes) if (!hosts.some((h) => h.id === n.name)) workerSet.add(n.name);
  const compsByHost = new Map<string, LayoutComponent[]>();
  for (const c of components) {
    if (HIDDEN_KINDS.has(c.kind)) continue;
    const list = compsByHost.get(c.host) ?? [];
    list.push(c);
    compsByHost.set(c.host, list);
  }
  const podsByNode = new Map<string, LayoutPod[]>();
  for (const p of pods) {
    const key = p.node && (workerSet.has(p.node) || p.node === cp?.id) ? p.node : '';
    const list = podsByNode.get(key) ?? [];
    list.push(p);
    podsByNode.set(key, list);
  }
  return {
    cp,
    client: hosts.filter((h) => h.role === 'client').sort((a, b) => byName(a.id, b.id)),
    registry: hosts.filter((h) => h.role === 'registry').sort((a, b) => byName(a.id, b.id)),
    etcd: hosts.filter((h) => h.role === 'etcd').sort((a, b) => byName(a.id, b.id)),
    workers: [...workerSet].sort(byName),
    compsByHost,
    podsByNode,
  };
}

/** The control-plane region: etcd in a column on the right, the apiserver level with its middle. */
function placeControlPlane(b: Builder, g: Groups, host: LayoutHost, x: number, y: number, w: number, podRegion: Record<string, string>): void {
  const comps = g.compsByHost.get(host.id) ?? [];
  const etcd = comps.filter((c) => c.kind === 'etcd').sort((a, b) => byName(a.id, b.id));
  const rows = Math.max(3, etcd.length);
  const apiRow = Math.floor((rows - 1) / 2);
  const rid = regionId(host.id);
  add(b, { id: rid, kind: 'region', x, y, w, h: cpHeight(etcd.length), ref: host.id, role: 'control-plane' });
  const at = (col: number, row: number) => ({ x: PAD + col * COL, y: HEADER_H + row * ROW });
  const main: Record<string, { x: number; y: number }> = {
    'kube-apiserver': at(1, apiRow),
    'kube-controller-manager': at(0, apiRow - 1),
    'kube-scheduler': at(0, apiRow + 1),
  };
  const etcdTop = HEADER_H + ((rows - etcd.length) * ROW) / 2;
  etcd.forEach((c, i) => add(b, { id: componentNodeId(c.id), kind: 'component', x: ETCD_X, y: etcdTop + i * ROW, w: COMP_W, h: COMP_H, parent: rid, ref: c.id }));
  const small: LayoutComponent[] = [];
  let extra = 0;
  for (const c of comps) {
    if (c.kind === 'etcd') continue;
    const pos = main[c.kind];
    if (pos) add(b, { id: componentNodeId(c.id), kind: 'component', ...pos, w: COMP_W, h: COMP_H, parent: rid, ref: c.id });
    else if (NODE_KINDS.includes(c.kind)) small.push(c);
    else add(b, { id: componentNodeId(c.id), kind: 'component', ...at(2, rows - 1 - extra++), w: COMP_W, h: COMP_H, parent: rid, ref: c.id });
  }
  // The control-plane host is also a Node: its kubelet, containerd and cni sit small along the bottom.
  const stripY = HEADER_H + rows * ROW + 4;
  sortNodeComponents(small).forEach((c, i) =>
    add(b, { id: componentNodeId(c.id), kind: 'small-component', x: PAD + COL + i * (SMALL_W + GAP), y: stripY + (POD_H - SMALL_H) / 2, w: SMALL_W, h: SMALL_H, parent: rid, ref: c.id }),
  );
  const podX = w - PAD - CP_POD_SLOTS * (POD_W + GAP) + GAP;
  placePods(b, rid, g.podsByNode.get(host.id) ?? [], grid(podX, stripY, CP_POD_SLOTS, 1), podRegion);
}

function cpHeight(etcdCount: number): number {
  return HEADER_H + Math.max(3, etcdCount) * ROW + 4 + POD_H + PAD;
}

function cpWidth(): number {
  return Math.max(ETCD_X + COMP_W + PAD, PAD + COL + 4 * (SMALL_W + GAP) + CP_POD_SLOTS * (POD_W + GAP) + PAD);
}

/** An etcd member's host card: its header, then its etcd process. */
export const ETCD_CARD_W = COMP_W + 2 * PAD;
export const ETCD_CARD_H = HEADER_H + COMP_H + PAD;
const ETCD_CARD_GAP = 26;
/**
 * The etcd box's header: its title, its status line and the seed's words "only kube-apiserver talks
 * to etcd" (chapter 1), which stood on the short apiserver -> etcd edge and lay over the control
 * plane's header and etcd-1's name at 1280x720 (issue 11).
 */
const ETCD_BOX_HEADER_H = 64;
/**
 * Compact, the etcd box's header (title, status line, "only kube-apiserver talks to etcd") is a
 * caption under the ring of members (graph.css .kp-region--etcd-caption): kube-apiserver stands above
 * the box (or level with it), so its edge to a member enters the box from the top, through the ring's
 * open space, and never crosses those words (issue 11: on top, the edge ran through the title and
 * the note at 1280x720).
 */
export const ETCD_CAPTION_BELOW = true;
/** Compact: the lines in 12 px; the cards, wide and short, keep a region gap apart (26 made the ring of 3 404 units wide). */
const ETCD_COMPACT_HEADER_H = K.pad + K.titleH + 2 * K.lineH + K.chipGap;
const ETCD_COMPACT_GAP = K.gap;

export interface EtcdRing {
  w: number;
  h: number;
  /** Each member's card, and whether it is drawn compact (a title line over its etcd cell). */
  card: { w: number; h: number; compact: boolean };
  /** Top-left corner of each member's card inside the box, in member order. */
  cells: { x: number; y: number }[];
}

/**
 * The members on a ring, the first at the top and the others clockwise, as Raft is usually drawn
 * (RaftScope): every member sees every other across open space, so the dots of a message between two
 * members never run over a third. The ring is the smallest (in steps of 10) whose cards do not overlap.
 */
/**
 * Compact (a cluster with workers, issue 11): a member's card is its name over its etcd cell, as the
 * control plane's components are drawn, on a flattened ring. The full cards on a circle made the ring
 * of 3 about 437 x 397 units, the tallest thing in the top row, and every label of a 3-member
 * cluster 7-10 px on a 1280x720 screen.
 */
export const ETCD_COMPACT_CARD = { w: K.cellW + 2 * K.pad, h: K.pad + K.titleH + K.cellH + K.pad };

export function etcdRing(n: number, compact = false): EtcdRing {
  const card = compact ? { ...ETCD_COMPACT_CARD, compact } : { w: ETCD_CARD_W, h: ETCD_CARD_H, compact };
  const at = (r: number, ry = r) =>
    Array.from({ length: n }, (_, i) => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
      return { x: r * Math.cos(a), y: ry * Math.sin(a) };
    });
  const gap = compact ? ETCD_COMPACT_GAP : ETCD_CARD_GAP;
  const header = compact ? ETCD_COMPACT_HEADER_H : ETCD_BOX_HEADER_H;
  const apart = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.abs(p.x - q.x) >= card.w + gap || Math.abs(p.y - q.y) >= card.h + gap;
  const free = (ps: { x: number; y: number }[]) => ps.every((p, i) => ps.every((q, j) => i === j || apart(p, q)));
  let r = n > 1 ? 60 : 0;
  let pts = at(r);
  while (n > 1 && !free(pts)) pts = at((r += 10));
  // Compact, the ring flattens to the lowest ellipse as wide whose cards still keep apart: the compact
  // cards are wide and short, and the ring's height is what the top row of the graph grows by.
  if (compact) {
    for (let ry = 30; ry < r; ry += 10) {
      if (!free(at(r, ry))) continue;
      pts = at(r, ry);
      break;
    }
  }
  const minX = Math.min(...pts.map((p) => p.x));
  const minY = Math.min(...pts.map((p) => p.y));
  const maxX = Math.max(...pts.map((p) => p.x));
  const maxY = Math.max(...pts.map((p) => p.y));
  // Round so the boxes sit on whole pixels (crisp borders) and the layout tests can compare.
  // Compact, the box's header is a caption under the ring (ETCD_CAPTION_BELOW): the members start at its top.
  const top = compact ? PAD : header;
  const cells = pts.map((p) => ({ x: Math.round(PAD + p.x - minX), y: Math.round(top + p.y - minY) }));
  return { w: Math.round(2 * PAD + maxX - minX + card.w), h: Math.round(header + maxY - minY + card.h + PAD), card, cells };
}

/** The etcd cluster's box: one card per member host, each holding its etcd process. */
function placeEtcdCluster(b: Builder, g: Groups, ring: EtcdRing, x: number, y: number): void {
  add(b, { id: ETCD_CLUSTER_ID, kind: 'band', x, y, w: ring.w, h: ring.h, ref: 'etcd', role: 'etcd-cluster' });
  g.etcd.forEach((host, i) => {
    const c = ring.cells[i]!;
    const rid = regionId(host.id);
    const { card } = ring;
    add(b, { id: rid, kind: 'region', x: c.x, y: c.y, w: card.w, h: card.h, parent: ETCD_CLUSTER_ID, ref: host.id, role: 'etcd', ...(card.compact ? { compact: true } : {}) });
    const comps = [...(g.compsByHost.get(host.id) ?? [])].sort((a, c2) => byName(a.id, c2.id));
    if (card.compact) {
      comps.forEach((comp, j) => add(b, { id: componentNodeId(comp.id), kind: 'component', x: K.pad, y: K.pad + K.titleH + j * (K.cellH + K.chipGap), w: K.cellW, h: K.cellH, parent: rid, ref: comp.id, compact: true }));
      return;
    }
    comps.forEach((comp, j) => add(b, { id: componentNodeId(comp.id), kind: 'component', x: PAD, y: HEADER_H + j * (COMP_H + GAP), w: COMP_W, h: COMP_H, parent: rid, ref: comp.id }));
  });
}

function placeWorker(b: Builder, g: Groups, name: string, x: number, y: number, compRows: number, podRegion: Record<string, string>): void {
  const rid = regionId(name);
  add(b, { id: rid, kind: 'region', x, y, w: WORKER_W, h: workerHeight(compRows), ref: name, role: 'worker' });
  sortNodeComponents(g.compsByHost.get(name) ?? []).forEach((c, i) => {
    const col = i % NODE_COMPS_PER_ROW;
    const row = Math.floor(i / NODE_COMPS_PER_ROW);
    add(b, { id: componentNodeId(c.id), kind: 'component', x: PAD + col * (NODE_COMP_W + GAP), y: HEADER_H + row * (COMP_H + GAP), w: NODE_COMP_W, h: COMP_H, parent: rid, ref: c.id });
  });
  const podsY = HEADER_H + compRows * (COMP_H + GAP) + 8;
  placePods(b, rid, g.podsByNode.get(name) ?? [], grid(PAD, podsY, POD_COLS, POD_ROWS), podRegion);
}

/** Chip cells in rows of `cols`, from (x0, y0). */
function chipCells(x0: number, y0: number, cols: number, rows: number, w: number = K.chipW): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push({ x: x0 + c * (w + K.chipGap), y: y0 + r * (K.chipH + K.chipGap) });
  return out;
}

/** A node's components folded into its header's second line, as named chips from `x`. */
function foldComponents(b: Builder, rid: string, comps: LayoutComponent[], x: number): void {
  let cx = x;
  for (const c of sortNodeComponents(comps).slice(0, 4)) {
    const w = FOLDED_W[c.kind] ?? FOLDED_DEFAULT_W;
    add(b, { id: componentNodeId(c.id), kind: 'small-component', x: cx, y: K.pad + K.titleH, w, h: K.lineH, parent: rid, ref: c.id, compact: true });
    cx += w + K.chipGap;
  }
}

const foldedWidth = (comps: LayoutComponent[]): number => sortNodeComponents(comps).slice(0, 4).reduce((s, c) => s + (FOLDED_W[c.kind] ?? FOLDED_DEFAULT_W) + K.chipGap, -K.chipGap);

/** The compact worker: its name and status on top, its components folded under them, then pod chips. */
function placeCompactWorker(b: Builder, g: Groups, name: string, x: number, y: number, chipW: number, podRegion: Record<string, string>): void {
  const rid = regionId(name);
  add(b, { id: rid, kind: 'region', x, y, w: compactWorkerW(chipW), h: COMPACT_H, ref: name, role: 'worker', compact: true });
  foldComponents(b, rid, g.compsByHost.get(name) ?? [], K.pad);
  placeInSlots(b, rid, g.podsByNode.get(name) ?? [], chipCells(K.pad, COMPACT_PODS_Y, CHIP_COLS, CHIP_ROWS, chipW), 'pod', chipW, K.chipH, (id) => (podRegion[id] = rid), true);
}

/** Rows of the compact control plane's component grid: the apiserver over its etcd members, the controllers beside. */
function compactCpRows(g: Groups): number {
  const comps = g.cp ? (g.compsByHost.get(g.cp.id) ?? []) : [];
  const etcd = comps.filter((c) => c.kind === 'etcd').length;
  const extra = comps.filter((c) => !['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].includes(c.kind) && !NODE_KINDS.includes(c.kind)).length;
  return Math.max(2, 1 + etcd, 2 + extra);
}

function compactCpHeight(rows: number): number {
  return K_CP_COMPS_Y + rows * (K.cellH + K.chipGap) + K.chipH + K.pad;
}

/**
 * The compact control plane: its name and status, its node parts folded into the second header line,
 * kube-controller-manager and kube-scheduler on the left, kube-apiserver right of them over the etcd
 * members (the apiserver is the only one that talks to etcd), its pods as chips along the bottom.
 */
function placeCompactControlPlane(b: Builder, g: Groups, host: LayoutHost, x: number, y: number, podRegion: Record<string, string>): void {
  const comps = g.compsByHost.get(host.id) ?? [];
  const rows = compactCpRows(g);
  const rid = regionId(host.id);
  add(b, { id: rid, kind: 'region', x, y, w: K_CP_W, h: compactCpHeight(rows), ref: host.id, role: 'control-plane', compact: true });
  const parts = comps.filter((c) => NODE_KINDS.includes(c.kind));
  foldComponents(b, rid, parts, K_CP_W - K.pad - foldedWidth(parts));
  const at = (col: number, row: number) => ({ x: K.pad + col * (K.cellW + K.pad), y: K_CP_COMPS_Y + row * (K.cellH + K.chipGap) });
  const cell = (c: LayoutComponent, pos: { x: number; y: number }) => add(b, { id: componentNodeId(c.id), kind: 'component', ...pos, w: K.cellW, h: K.cellH, parent: rid, ref: c.id, compact: true });
  let etcdRow = 1;
  let extraRow = 2;
  for (const c of [...comps].sort((p, q) => byName(p.id, q.id))) {
    if (c.kind === 'kube-controller-manager') cell(c, at(0, 0));
    else if (c.kind === 'kube-scheduler') cell(c, at(0, 1));
    else if (c.kind === 'kube-apiserver') cell(c, at(1, 0));
    else if (c.kind === 'etcd') cell(c, at(1, etcdRow++));
    else if (!NODE_KINDS.includes(c.kind)) cell(c, at(0, extraRow++));
  }
  const podsY = K_CP_COMPS_Y + rows * (K.cellH + K.chipGap);
  placeInSlots(b, rid, g.podsByNode.get(host.id) ?? [], chipCells(K.pad, podsY, K_CP_POD_COLS, 1, K_CP_CHIP_W), 'pod', K_CP_CHIP_W, K.chipH, (id) => (podRegion[id] = rid), true);
}

/** The compact Services band: its title, then one row per Service. */
function placeCompactServices(b: Builder, services: LayoutService[], x: number, y: number): void {
  add(b, { id: SERVICES_ID, kind: 'band', x, y, w: K_BAND_W, h: K_BAND_H, ref: 'services', role: 'services', compact: true });
  const cells = Array.from({ length: K_SVC_ROWS }, (_, r) => ({ x: K.pad, y: K.pad + K.titleH + r * (K.svcH + K.chipGap) }));
  placeInSlots(b, SERVICES_ID, services, cells, 'service', K.svcW, K.svcH, undefined, true);
}

/** The compact Pending tray: its title, then pod chips in two columns. */
function placeCompactTray(b: Builder, g: Groups, x: number, y: number, podRegion: Record<string, string>): void {
  add(b, { id: TRAY_ID, kind: 'tray', x, y, w: K_TRAY_W, h: K_TRAY_H, ref: 'pending', role: 'tray', compact: true });
  placeInSlots(b, TRAY_ID, g.podsByNode.get('') ?? [], chipCells(K.pad, K.pad + K_TRAY_HEADER_H, K_TRAY_COLS, K_TRAY_ROWS, K.trayChipW), 'pod', K.trayChipW, K.chipH, (id) => (podRegion[id] = TRAY_ID), true);
}

/** A compact host outside the cluster's height: its header, its processes, the kubectl edge's label on the laptop. */
function compactOutsideHeight(g: Groups, host: LayoutHost): number {
  const n = g.compsByHost.get(host.id)?.length ?? 0;
  return K.outsideHeaderH + Math.max(1, n) * (K.outsideCellH + K.chipGap) - K.chipGap + (host.role === 'client' ? K.clientLabelH : 0) + K.pad;
}

/** A compact host outside the cluster: its title and subtitle, then its processes in a column. */
function placeCompactOutside(b: Builder, g: Groups, host: LayoutHost, x: number, y: number): number {
  const comps = [...(g.compsByHost.get(host.id) ?? [])].sort((a, c) => byName(a.id, c.id));
  const rid = regionId(host.id);
  const h = compactOutsideHeight(g, host);
  add(b, { id: rid, kind: 'region', x, y, w: K.outsideW, h, ref: host.id, role: host.role, compact: true });
  comps.forEach((c, i) => add(b, { id: componentNodeId(c.id), kind: 'component', x: K.pad, y: K.outsideHeaderH + i * (K.outsideCellH + K.chipGap), w: K.outsideW - 2 * K.pad, h: K.outsideCellH, parent: rid, ref: c.id, compact: true }));
  return h;
}

/** A host outside the cluster (laptop, registry): a small region holding its processes in a column. */
function placeOutside(b: Builder, g: Groups, host: LayoutHost, x: number, y: number): number {
  const comps = [...(g.compsByHost.get(host.id) ?? [])].sort((a, c) => byName(a.id, c.id));
  const rid = regionId(host.id);
  const h = HEADER_H + Math.max(1, comps.length) * (COMP_H + GAP) - GAP + PAD;
  add(b, { id: rid, kind: 'region', x, y, w: COMP_W + 2 * PAD, h, ref: host.id, role: host.role });
  comps.forEach((c, i) => add(b, { id: componentNodeId(c.id), kind: 'component', x: PAD, y: HEADER_H + i * (COMP_H + GAP), w: COMP_W, h: COMP_H, parent: rid, ref: c.id }));
  return h;
}

/** The gaps that leave room for the laptop -> apiserver and node -> registry edges outside the cluster. */
const CLIENT_GAP = 150;
const REGISTRY_GAP = 110;
const OUTSIDE_W = COMP_W + 2 * PAD;
const TRAY_W = 2 * PAD + TRAY_COLS * POD_W + (TRAY_COLS - 1) * GAP;
const TRAY_H = HEADER_H + TRAY_ROWS * (POD_H + GAP) - GAP + PAD;
/** The pane's width over its height when the caller does not know it (the 1280x720 pane, dock open). */
export const DEFAULT_ASPECT = 3.1;

/** A region of the top block: its size, and where it goes once the block is arranged. */
interface TopItem {
  w: number;
  h: number;
  place: (x: number, y: number) => void;
}

/** How the block of regions that are not workers is arranged, and where the workers go. */
export interface Arrangement {
  /** The block in one row (control plane, etcd, Services, Pending) or in two (Services and Pending under the control plane). */
  stacked: boolean;
  /** The worker grid below the block, or right of it. */
  beside: boolean;
  cols: number;
  /**
   * The etcd members' box (external etcd) and the Pending tray stand left of the worker grid, under
   * the block, instead of in it: the ring of 3 is taller than the control plane, and in the block it
   * made the drawing 1361 x 398 units, labels 8.9 px at 1280x720 (issue 11).
   */
  ringBelow?: boolean;
  /**
   * `readableW` given and no arrangement is that narrow (the inspector open beside the graph: the
   * laptop, the control plane and the registry side by side are wider than the pane at 11 px): the
   * regions are wrapped into rows instead (narrow-rows.ts).
   */
  wrapped?: boolean;
}

interface Shape {
  rows: TopItem[][];
  w: number;
  h: number;
}

function blockShape(items: TopItem[], stacked: boolean, gap = REGION_GAP): Shape {
  const rows = stacked && items.length > 2 ? [items.slice(0, items.length - 2), items.slice(-2)] : [items];
  const rowW = (r: TopItem[]) => r.reduce((s, it) => s + it.w, 0) + Math.max(0, r.length - 1) * gap;
  const rowH = (r: TopItem[]) => Math.max(0, ...r.map((it) => it.h));
  return { rows, w: Math.max(0, ...rows.map(rowW)), h: rows.reduce((s, r) => s + rowH(r), 0) + Math.max(0, rows.length - 1) * gap };
}

/** The drawing's size for an arrangement: the laptop and registry outside, the block, the grid (and the etcd box left of it, `below`). */
function arrangedSize(a: Arrangement, block: Shape, n: number, ww: number, wh: number, gap: number, outsideW: number, regionGap = REGION_GAP, below?: { w: number; h: number }): { w: number; h: number } {
  const rows = Math.ceil(n / a.cols);
  let gw = n ? a.cols * ww + (a.cols - 1) * gap : 0;
  let gh = n ? rows * wh + (rows - 1) * gap : 0;
  if (below) {
    gw = below.w + (n ? regionGap + gw : 0);
    gh = Math.max(below.h, gh);
  }
  const sep = block.w && (n || below) ? regionGap : 0;
  // Below the block, the grid may run under the laptop and the registry (they sit level with the block).
  return a.beside ? { w: outsideW + block.w + sep + gw, h: Math.max(block.h, gh) } : { w: Math.max(outsideW + block.w, gw), h: block.h + sep + gh };
}

/**
 * The arrangement that makes the drawing's shape closest to the pane's, so the fit zoom is the
 * largest: every worker column count, the block in one row or two, the workers below it or beside
 * it, and with `below` (the etcd box and the Pending tray) also those two under the block, left of
 * the workers; each scored by the zoom a pane of `aspect` x 1 would give; the first best wins ties.
 */
export function bestArrangement(block: (stacked: boolean, ringBelow: boolean) => Shape, n: number, ww: number, wh: number, gap: number, outsideW: number, aspect: number, regionGap = REGION_GAP, below?: { w: number; h: number }, readableW?: number): Arrangement {
  let best: Arrangement = { stacked: false, beside: false, cols: 1 };
  let bestZ = -1;
  // The arrangements as wide as the pane at READABLE_ZOOM, the lowest first (the pane scrolls down).
  let narrow: Arrangement | undefined;
  let narrowH = Infinity;
  for (const ringBelow of below ? [false, true] : [false]) {
    for (const stacked of [false, true]) {
      const shape = block(stacked, ringBelow);
      // The etcd box goes under the block only with the grid there too.
      for (const beside of ringBelow ? [false] : [false, true]) {
        for (let cols = 1; cols <= Math.max(1, n); cols++) {
          const a: Arrangement = ringBelow ? { stacked, beside, cols, ringBelow } : { stacked, beside, cols };
          const { w, h } = arrangedSize(a, shape, n, ww, wh, gap, outsideW, regionGap, ringBelow ? below : undefined);
          const z = Math.min(aspect / w, 1 / h);
          if (z > bestZ * 1.0001) {
            bestZ = z;
            best = a;
          }
          if (readableW !== undefined && w <= readableW && h < narrowH - 0.01) {
            narrowH = h;
            narrow = a;
          }
        }
      }
    }
  }
  // `readableW` given (layoutCluster: the best fit is under 11 px): the arrangement the pane's width holds at READABLE_ZOOM.
  return narrow ?? (readableW !== undefined ? { ...best, wrapped: true } : best);
}

/**
 * Where every host region, component, pod and count badge goes. Pure and deterministic. The regions
 * that are not workers (the control plane, the external etcd members, the Services band, the Pending
 * tray) form one block, the laptop outside it on the left and the registry outside on the right;
 * the workers form a grid. The block's rows, the grid's columns and whether the grid sits below the
 * block or beside it are picked for the pane's `aspect` (width / height), so the drawing fills a
 * wide, short pane as well as a tall one (issue 11, "A graph that stays readable").
 */
export function layoutCluster(hosts: LayoutHost[], components: LayoutComponent[], pods: LayoutPod[], nodes: LayoutNode[], services: LayoutService[] = [], aspect = DEFAULT_ASPECT, readableW?: number): ClusterLayout {
  if (readableW !== undefined) {
    // The shape closest to the pane's, unless its fit is under READABLE_ZOOM (a step of readableWidth's slack).
    const fitted = layoutCluster(hosts, components, pods, nodes, services, aspect);
    const r = layoutBounds(fitted);
    if (!fitted.compact || (r.w <= readableW + 10 && r.h <= (readableW + 10) / aspect)) return fitted;
  }
  const g = group(hosts, components, pods, nodes);
  const b: Builder = { boxes: [], byId: {} };
  const podRegion: Record<string, string> = {};
  const compRows = Math.max(1, ...g.workers.map((w) => Math.ceil((g.compsByHost.get(w)?.length ?? 0) / NODE_COMPS_PER_ROW)));
  const compact = g.workers.length > COMPACT_AFTER;
  // The etcd members' box takes the room the roomy chips had (issue 11: a 3-member cluster fits at 11 px).
  let chipW = workerChipW(g.workers.length, g.etcd.length > 0);
  let ww = compact ? compactWorkerW(chipW) : WORKER_W;
  const wh = compact ? COMPACT_H : workerHeight(compRows);
  const gap = compact ? COMPACT_GAP : REGION_GAP;
  const regionGap = compact ? K.gap : REGION_GAP;
  const etcdCount = g.cp ? (g.compsByHost.get(g.cp.id) ?? []).filter((c) => c.kind === 'etcd').length : 0;
  const ring = g.etcd.length ? etcdRing(g.etcd.length, compact) : undefined;
  // The band is there whenever the control plane is (the `kubernetes` Service always exists), so the
  // first Service never moves anything.
  const hasBand = !!g.cp || services.length > 0;

  const items: TopItem[] = [];
  if (g.cp) {
    const cp = g.cp;
    if (compact) items.push({ w: K_CP_W, h: compactCpHeight(compactCpRows(g)), place: (x, y) => placeCompactControlPlane(b, g, cp, x, y, podRegion) });
    else items.push({ w: cpWidth(), h: cpHeight(etcdCount), place: (x, y) => placeControlPlane(b, g, cp, x, y, cpWidth(), podRegion) });
  }
  const ringItem: TopItem | undefined = ring && { w: ring.w, h: ring.h, place: (x, y) => placeEtcdCluster(b, g, ring, x, y) };
  if (ringItem) items.push(ringItem);
  if (hasBand) {
    if (compact) items.push({ w: K_BAND_W, h: K_BAND_H, place: (x, y) => placeCompactServices(b, services, x, y) });
    else items.push({ w: BAND_W, h: BAND_H, place: (x, y) => placeServices(b, services, x, y, BAND_W) });
  }
  if (compact) items.push({ w: K_TRAY_W, h: K_TRAY_H, place: (x, y) => placeCompactTray(b, g, x, y, podRegion) });
  else
    items.push({
      w: TRAY_W,
      h: TRAY_H,
      place: (x, y) => {
        add(b, { id: TRAY_ID, kind: 'tray', x, y, w: TRAY_W, h: TRAY_H, ref: 'pending', role: 'tray' });
        placePods(b, TRAY_ID, g.podsByNode.get('') ?? [], grid(PAD, HEADER_H, TRAY_COLS, TRAY_ROWS), podRegion);
      },
    });
  // The laptop and the registry sit outside the cluster, on its left and right.
  const outsideW = compact ? K.outsideW : OUTSIDE_W;
  const leftW = g.client.length ? outsideW + (compact ? K.clientGap : CLIENT_GAP) : 0;
  const registryGap = compact ? K.registryGap : REGISTRY_GAP;
  const rightW = g.registry.length ? registryGap + outsideW : 0;
  const n = g.workers.length;
  // Under the block, the Pending tray goes with the etcd box: the top row keeps to the control plane and the Services band.
  const trayItem = items[items.length - 1]!;
  const lower: TopItem[] = ringItem ? [ringItem, trayItem] : [];
  const without = items.filter((it) => !lower.includes(it));
  const lowerShape = lower.length ? { w: lower.reduce((s, it) => s + it.w, 0) + (lower.length - 1) * regionGap, h: Math.max(...lower.map((it) => it.h)) } : undefined;
  const arrange = (w: number) => bestArrangement((st, below) => blockShape(below ? without : items, st, regionGap), n, w, wh, gap, leftW + rightW, aspect, regionGap, lowerShape, compact && readableW !== undefined ? readableW - K.controlsRoom : undefined);
  const heightOf = (x: Arrangement, w: number) => arrangedSize(x, blockShape(x.ringBelow ? without : items, x.stacked, regionGap), n, w, wh, gap, leftW + rightW, regionGap, x.ringBelow ? lowerShape : undefined).h;
  let a = arrange(ww);
  // As wide as the pane at 11 px, the narrower pod chips when they make the drawing lower (less to
  // scroll): with the inspector open at 1440x900, the default cluster's 3 workers in one row, not two.
  if (compact && readableW !== undefined && !a.wrapped && ww !== COMPACT_W) {
    const n2 = arrange(COMPACT_W);
    if (!n2.wrapped && heightOf(n2, COMPACT_W) < heightOf(a, ww)) [a, ww, chipW] = [n2, COMPACT_W, K.chipW];
  }
  if (compact && readableW !== undefined) {
    // Wrapped as wide as the pane at READABLE_ZOOM, less the zoom buttons' room (ClusterGraph.tsx keeps
    // the drawing right of them): when no arrangement is that narrow, or when wrapping is lower (less
    // to scroll; the etcd box and the Pending tray left of two worker columns left half the pane empty).
    const maxW = readableW - K.controlsRoom;
    const outside = (h: LayoutHost, gaps: Pick<RowItem, 'gapBefore' | 'gapAfter'>): RowItem & TopItem => ({ w: K.outsideW, h: compactOutsideHeight(g, h), ...gaps, place: (x, y) => placeCompactOutside(b, g, h, x, y) });
    const rows = wrapRows([...g.client.map((h) => outside(h, { gapAfter: K.clientGap })), ...items, ...g.registry.map((h) => outside(h, { gapBefore: K.registryGap }))], maxW, regionGap);
    // The roomy pod chips, unless the narrower ones put the workers in fewer rows.
    const roomyW = compactWorkerW(workerChipW(n, g.etcd.length > 0));
    const gridRows = (w: number) => Math.ceil(n / columnsWithin(maxW, w, gap, n));
    const wideW = gridRows(COMPACT_W) < gridRows(roomyW) ? COMPACT_W : roomyW;
    const cols = columnsWithin(maxW, wideW, gap, n);
    const top = rows.reduce((s, r) => s + Math.max(...r.map((it) => it.h)) + regionGap, 0);
    const h = n ? top + gridRows(wideW) * (wh + gap) - gap : top - regionGap;
    if (a.wrapped || h < heightOf(a, ww)) {
      const cw = wideW === COMPACT_W ? K.chipW : ROOMY_CHIP_W;
      placeWrapped(rows, regionGap, (x, y) =>
        g.workers.forEach((name, i) => placeCompactWorker(b, g, name, x + (i % cols) * (wideW + gap) - (cols * (wideW + gap) - gap) / 2, y + Math.floor(i / cols) * (wh + gap), cw, podRegion)),
      );
      return { boxes: b.boxes, byId: b.byId, podRegion, compact };
    }
  }
  const block = blockShape(a.ringBelow ? without : items, a.stacked, regionGap);

  // The block, from x = 0 at its left edge; each row centred in the block.
  let y = 0;
  for (const row of block.rows) {
    const rw = row.reduce((s, it) => s + it.w, 0) + (row.length - 1) * regionGap;
    let x = (block.w - rw) / 2;
    for (const it of row) {
      it.place(x, y);
      x += it.w + regionGap;
    }
    y += Math.max(...row.map((it) => it.h)) + regionGap;
  }

  // The worker grid, below the block (centred) or right of it (from the top).
  const gridW = n ? a.cols * ww + (a.cols - 1) * gap : 0;
  const below = a.ringBelow ? lowerShape : undefined;
  const sep = block.w && (n || below) ? regionGap : 0;
  const topW = leftW + block.w + rightW;
  const rowW = below ? below.w + (n ? regionGap + gridW : 0) : gridW;
  // Compact, the grid keeps clear of the zoom buttons in the pane's bottom-left corner.
  const rowX = a.beside ? block.w + sep : -leftW + Math.max((topW - rowW) / 2, compact ? K.controlsRoom : -Infinity);
  const gridY = a.beside ? 0 : block.h + sep;
  if (below) lower.reduce((x, it) => (it.place(x, gridY), x + it.w + regionGap), rowX);
  const gridX = below ? rowX + below.w + regionGap : rowX;
  g.workers.forEach((name, i) => {
    const wx = gridX + (i % a.cols) * (ww + gap);
    const wy = gridY + Math.floor(i / a.cols) * (wh + gap);
    if (compact) placeCompactWorker(b, g, name, wx, wy, chipW, podRegion);
    else placeWorker(b, g, name, wx, wy, compRows, podRegion);
  });

  const right = a.beside ? gridX + gridW : block.w;
  if (compact) {
    // Compact: the laptop and the registry stand at the top, level with the regions beside them.
    let cy = 0;
    for (const h of g.client) cy += placeCompactOutside(b, g, h, -leftW, cy) + regionGap;
    let ry = 0;
    for (const h of g.registry) ry += placeCompactOutside(b, g, h, right + registryGap, ry) + regionGap;
    return { boxes: b.boxes, byId: b.byId, podRegion, compact };
  }
  // The laptop sits left of the cluster, level with the apiserver so the kubectl -> apiserver edge is flat.
  const api = Object.values(b.byId).find((bx) => bx.kind === 'component' && components.some((c) => c.id === bx.ref && c.kind === 'kube-apiserver'));
  let clientY = api ? api.ay - HEADER_H : 0;
  for (const h of g.client) clientY += placeOutside(b, g, h, -leftW, clientY) + REGION_GAP;
  // The registry sits top right, outside the cluster: the image pulls fan out to it from every node.
  let regY = 0;
  for (const h of g.registry) regY += placeOutside(b, g, h, right + REGISTRY_GAP, regY) + REGION_GAP;
  return { boxes: b.boxes, byId: b.byId, podRegion, compact };
}

/**
 * Wrapped rows (narrow-rows.ts), each centred on the widest, from the top; then `grid` places the
 * workers below them, given the centre line's x and the top y.
 */
function placeWrapped(rows: (RowItem & TopItem)[][], gap: number, grid: (centreX: number, y: number) => void): void {
  const blockW = Math.max(...rows.map((r) => rowWidth(r, gap)));
  let y = 0;
  for (const row of rows) {
    let x = (blockW - rowWidth(row, gap)) / 2;
    row.forEach((it, i) => {
      if (i) x += gapBetween(row[i - 1]!, it, gap);
      it.place(x, y);
      x += it.w;
    });
    y += Math.max(...row.map((it) => it.h)) + gap;
  }
  grid(blockW / 2, y);
}

/** The smallest rectangle around every top-level box, in flow units. */
export function layoutBounds(layout: ClusterLayout): { x: number; y: number; w: number; h: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of layout.boxes) {
    x0 = Math.min(x0, b.ax);
    y0 = Math.min(y0, b.ay);
    x1 = Math.max(x1, b.ax + b.w);
    y1 = Math.max(y1, b.ay + b.h);
  }
  return x0 === Infinity ? { x: 0, y: 0, w: 0, h: 0 } : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * The zoom React Flow's fitView picks for a layout in a pane of w x h CSS px with `padding` (a
 * fraction of the pane, as fitView takes it), clamped to the graph's zoom range.
 */
export function fitZoom(layout: ClusterLayout, paneW: number, paneH: number, padding: number, minZoom = 0.05, maxZoom = 2.5): number {
  const r = layoutBounds(layout);
  if (!r.w || !r.h) return 1;
  // @xyflow/system's parsePadding: floor((v - v / (1 + padding)) / 2) px on each side.
  const inner = (v: number) => v - 2 * Math.floor((v - v / (1 + padding)) * 0.5);
  const z = Math.min(inner(paneW) / r.w, inner(paneH) / r.h);
  return Math.min(maxZoom, Math.max(minZoom, z));
}
