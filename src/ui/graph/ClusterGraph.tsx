// The cluster as a graph: host regions holding their components and pods, the Services band with
// edges to each Service's endpoints, the real communication paths as edges, and the messages in flight as dots (MessageDots). Reads the sim store; clicks and
// menus go to the ui store. Fills its parent.

import '@xyflow/react/dist/style.css';
import './graph.css';
import { Background, Controls, type NodeMouseHandler, ReactFlow, ReactFlowProvider, getViewportForBounds, useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Selection } from '../store/ui-store';
import { ContextMenu } from './ContextMenu';
import { edgeTypes } from './edges';
import { FitViewButton } from './FitViewButton';
import { COMPACT_AFTER, type ClusterLayout, K, READABLE_ZOOM, layoutBounds, readableWidth } from './layout';
import { MessageDots, PHASE_FALLBACK } from './MessageDots';
import { MessageFocus } from './MessageFocus';
import { TrafficFailures } from '../traffic/TrafficFailures';
import { GraphDrawing } from './drawing';
import { type GraphNode, type SimSlice } from './model';
import { nodeTypes } from './nodes';
import { HeartbeatToggle, RaftFilters } from '../toolbar/ViewToggles';
import { GraphViewSwitch } from '../scale/GraphViewSwitch';
import { Lazy, lazyNamed } from '../app/lazy';
import { SWITCH_FROM, scaleViewShown, useViewChoice } from '../scale/view-choice';

/** The margin fitView leaves around the cluster, as a fraction of the pane. */
const FIT_PADDING = 0.03;
/** How often the boxes of a many-worker graph follow the store, at most. */
const REDRAW_MS = 250;
/** Past this many workers the boxes follow the store at most every REDRAW_MS. */
const THROTTLE_AFTER = 4;
const MIN_ZOOM = 0.05;
/** The scale view (canvas, d3 zoom) loads only when a cluster that large shows, or it is picked. */
const ScaleView = lazyNamed(() => import('../scale/ScaleView'), 'ScaleView', { idle: false });
const MAX_ZOOM = 2.5;
import { useGraphStrings } from './strings';
import { PHASE_NAMES } from '../app/strings';
import { useSimStore, useUiStore, useWorkerStore } from '../store/app-store';

/** What a click on a graph node selects. */
function selectionOf(n: GraphNode): Selection | null {
  switch (n.type) {
    case 'component':
      return { kind: 'component', id: n.data.view.id };
    case 'pod':
      return { kind: 'object', id: n.data.pod.id };
    case 'service':
      return { kind: 'object', id: n.data.svc.id };
    case 'region':
      return n.data.box.role === 'tray' ? null : n.data.host ? { kind: 'host', id: n.data.box.ref } : n.data.node ? { kind: 'object', id: n.data.node.id } : null;
    default:
      return null;
  }
}

/** `hint`: how to see the rest of a cluster bigger than the pane (in the legend's column: it covers no node). */
function Legend({ hint }: { hint?: string }) {
  const phases = Object.keys(PHASE_FALLBACK) as (keyof typeof PHASE_FALLBACK)[];
  const g = useGraphStrings();
  const lang = useUiStore((s) => s.lang);
  return (
    <div className="kp-legend" data-testid="graph-legend" role="group" aria-label={g.legend}>
      {phases.map((p) => (
        <span key={p} className="kp-legend-row">
          <span className="kp-legend-item">
            <span className="kp-legend-dot" style={{ background: `var(--phase-${p}, ${PHASE_FALLBACK[p]})` }} />
            {PHASE_NAMES[lang][p]}
          </span>
          {/* The filters sit beside the rows they hide (the toolbar is one line at 1280 px). */}
          {p === 'heartbeat' && <HeartbeatToggle />}
          {p === 'raft' && <RaftFilters />}
        </span>
      ))}
      {hint && (
        <span className="kp-scroll-hint" data-testid="graph-scroll-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** How many worker hosts there are, counted once for each hosts table (read on every frame). */
let counted: { hosts: SimSlice['hosts']; workers: number } | undefined;
function workerCount(hosts: SimSlice['hosts']): number {
  if (counted?.hosts !== hosts) counted = { hosts, workers: Object.values(hosts).filter((h) => h.role === 'worker').length };
  return counted.workers;
}

const pick = (s: SimSlice): SimSlice => ({ hosts: s.hosts, components: s.components, objects: s.objects, partitions: s.partitions, apiEtcd: s.apiEtcd });
const sameSlice = (a: SimSlice, b: SimSlice): boolean => a.hosts === b.hosts && a.components === b.components && a.objects === b.objects && a.partitions === b.partitions && a.apiEtcd === b.apiEtcd;

/**
 * What the graph draws from the sim store. With compact regions (many workers) the boxes follow the
 * store at most every REDRAW_MS: a rollout of 1,500 pods changes some of them in every batch, and
 * redrawing the graph 60 times a second left no time to animate the messages (the dots read the
 * store themselves, every frame). A small cluster's boxes follow every batch.
 */
function useGraphSlice(): SimSlice {
  const [slice, setSlice] = useState(() => pick(useSimStore.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = pick(useSimStore.getState());
    let shown: SimSlice | undefined;
    const show = () => {
      timer = undefined;
      if (shown && sameSlice(shown, latest)) return;
      shown = latest;
      setSlice(latest);
    };
    show();
    const unsub = useSimStore.subscribe((s) => {
      const next = pick(s);
      if (sameSlice(next, latest)) return;
      latest = next;
      const many = workerCount(s.hosts) > THROTTLE_AFTER;
      if (!many) {
        if (timer) clearTimeout(timer);
        show();
      } else if (!timer) timer = setTimeout(show, REDRAW_MS);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return slice;
}

function Graph({ theme }: { theme: 'dark' | 'light' }) {
  const rf = useReactFlow();
  const slice = useGraphSlice();
  const select = useUiStore((s) => s.select);
  const openMenu = useUiStore((s) => s.openMenu);
  // Live mode (app/live-mode.ts): no messages to colour, and no actions on a cluster the page only reads.
  const live = useWorkerStore((s) => s.live !== null);
  const g = useGraphStrings();
  const layoutRef = useRef<ClusterLayout | null>(null);

  // React Flow's own measure of its pane: fitting on it (rather than on a ResizeObserver of ours)
  // never fits to the size before the change. Its shape picks the worker grid's columns (in tenths,
  // so a pixel of resize does not move the regions).
  const paneW = useStore((st) => st.width);
  const paneH = useStore((st) => st.height);
  const aspect = paneW && paneH ? Math.round((paneW / paneH) * 10) / 10 : undefined;
  // The layout, nodes and edges, made again only where the store changed (drawing.ts): the same
  // layout object while nothing moved (edges, the message focus and the dots keep theirs), and the
  // same node objects for what did not change, so only those re-render (stable.ts).
  const drawing = useRef<GraphDrawing | null>(null);
  drawing.current ??= new GraphDrawing();
  // The width the pane shows at READABLE_ZOOM: a cluster too big for the pane at that zoom is laid out this wide.
  const readableW = paneW ? readableWidth(paneW, FIT_PADDING) : undefined;
  const { layout, nodes: rfNodes, edges: rfEdges } = useMemo(() => drawing.current!.draw(slice, aspect, g, readableW), [slice, aspect, g, readableW]);
  useEffect(() => {
    layoutRef.current = layout;
  }, [layout]);

  // Fit the whole cluster on first load, whenever hosts come or go (never on pod changes), and
  // whenever the pane changes size: the dock or the inspector opening or closing, a window resize.
  const hostKey = Object.keys(slice.hosts).sort().join(',');
  const fitted = useRef(false);
  // Whether the cluster is bigger than the pane at READABLE_ZOOM: then the wheel scrolls it.
  const [scrolls, setScrolls] = useState(false);
  // The hint under it, until the bottom of the cluster is in the pane.
  const hint = useStore((st) => {
    const l = layoutRef.current;
    if (!scrolls || !l) return false;
    const b = layoutBounds(l);
    return st.transform[1] + (b.y + b.h) * st.transform[2] > st.height + 1;
  });
  const flow = useStoreApi<GraphNode>();
  // The viewport is computed from the layout and set directly: React Flow's fitView waits for the
  // next change of the nodes, which never comes while the simulation is paused or idle.
  const fit = useCallback(
    (animate: boolean) => {
      const l = layoutRef.current;
      const { width, height } = flow.getState();
      if (!l || !width || !height) return;
      const b = layoutBounds(l);
      if (!b.w || !b.h) return;
      let vp = getViewportForBounds({ x: b.x, y: b.y, width: b.w, height: b.h }, width, height, MIN_ZOOM, MAX_ZOOM, FIT_PADDING);
      // Compact labels stay at least 11 px (issue 11, a projector at 1280x720): a cluster bigger than
      // the pane at READABLE_ZOOM is shown from its top, centred across, and scrolls (panOnScroll).
      const over = l.compact && vp.zoom < READABLE_ZOOM;
      if (over) {
        const z = READABLE_ZOOM;
        const margin = Math.floor((height - height / (1 + FIT_PADDING)) * 0.5);
        // Centred right of the zoom buttons (bottom left) when it fits there: the drawing is laid out
        // that narrow (layout.ts, K.controlsRoom), and a region scrolled to the pane's bottom-left
        // corner at the fit would lie under them.
        const left = margin + K.controlsRoom * z;
        const room = width - margin - left;
        const x = b.w * z <= room ? left + (room - b.w * z) / 2 : b.w * z <= width ? (width - b.w * z) / 2 : margin;
        vp = { zoom: z, x: x - b.x * z, y: margin - b.y * z };
      }
      setScrolls(over);
      void rf.setViewport(vp, { duration: animate && fitted.current ? 300 : 0 });
      fitted.current = true;
    },
    [rf, flow],
  );
  useEffect(() => {
    if (!hostKey) return;
    const id = requestAnimationFrame(() => fit(true));
    return () => cancelAnimationFrame(id);
  }, [hostKey, fit]);
  useEffect(() => {
    if (!fitted.current || !paneW || !paneH) return;
    const id = requestAnimationFrame(() => fit(false));
    return () => cancelAnimationFrame(id);
  }, [paneW, paneH, fit]);

  const onNodeClick: NodeMouseHandler<GraphNode> = useCallback((_e, n) => select(selectionOf(n)), [select]);
  const onNodeContextMenu: NodeMouseHandler<GraphNode> = useCallback(
    (e, n) => {
      const target = selectionOf(n);
      if (!target) return;
      e.preventDefault();
      openMenu(target, e.clientX, e.clientY);
    },
    [openMenu],
  );
  const onPaneClick = useCallback(() => useUiStore.getState().closeMenu(), []);
  const onPaneContextMenu = useCallback((e: MouseEvent | globalThis.MouseEvent) => e.preventDefault(), []);

  return (
    <>
      <div className="kp-graph-pane" data-testid="graph-pane">
        <ReactFlow<GraphNode>
          nodes={rfNodes}
          edges={rfEdges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          onNodeClick={onNodeClick}
          onNodeContextMenu={onNodeContextMenu}
          onPaneClick={onPaneClick}
          onPaneContextMenu={onPaneContextMenu}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          zoomOnDoubleClick={false}
          panOnScroll={scrolls}
          colorMode={theme}
          ariaLabelConfig={g.flow}
        >
          <Background gap={24} size={1} />
          {/* The fit button fits as the graph does (READABLE_ZOOM at the least), not to the whole cluster. */}
          <Controls showInteractive={false} showFitView={false} position="bottom-left">
            <FitViewButton onFit={() => fit(false)} />
          </Controls>
          <MessageDots layoutRef={layoutRef} />
          <MessageFocus layout={layout} />
          <TrafficFailures layout={layout} />
        </ReactFlow>
      </div>
      {!live && <Legend {...(hint ? { hint: g.scrollForMore } : {})} />}
      {!live && <ContextMenu />}
    </>
  );
}

/** The cluster graph; fills its parent. */
export function ClusterGraph() {
  const theme = useUiStore((s) => s.theme);
  // With many nodes the dozens of kubelet and image-pull edges would hide the regions: draw them fainter.
  const workers = useSimStore((s) => workerCount(s.hosts));
  const dense = workers > 8;
  // Compact regions (layout.ts COMPACT_AFTER) draw every label at 12 px or more (graph.css).
  const compact = workers > COMPACT_AFTER;
  // Past ~50 workers (or when picked) the scale view draws the nodes as tiles instead (issue 14).
  const scale = scaleViewShown(useViewChoice((s) => s.choice), workers);
  return (
    <div className={`kp-graph kp-graph--${theme}${dense ? ' kp-graph--dense' : ''}${compact ? ' kp-graph--compact' : ''}`} data-testid="graph">
      {scale ? (
        <Lazy>
          <ScaleView theme={theme} />
        </Lazy>
      ) : (
        <ReactFlowProvider>
          <Graph theme={theme} />
        </ReactFlowProvider>
      )}
      {workers >= SWITCH_FROM && <GraphViewSwitch scale={scale} />}
    </div>
  );
}

export default ClusterGraph;
