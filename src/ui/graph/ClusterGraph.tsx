// The cluster as a graph: host regions holding their components and pods, the Services band with
// edges to each Service's endpoints, the real communication paths as edges, and the messages in flight as dots (MessageDots). Reads the sim store; clicks and
// menus go to the ui store. Fills its parent.

import '@xyflow/react/dist/style.css';
import './graph.css';
import { Background, Controls, type NodeMouseHandler, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ObjectView } from '../../protocol/view';
import { useSimStore } from '../store/sim-store';
import { type Selection, useUiStore } from '../store/ui-store';
import { ContextMenu } from './ContextMenu';
import { edgeTypes } from './edges';
import type { ClusterLayout } from './layout';
import { MessageDots, PHASE_FALLBACK } from './MessageDots';
import { MessageFocus } from './MessageFocus';
import { type GraphNode, buildEdges, buildNodes, buildServiceEdges, layoutFor, podsAndNodes, servicesOf } from './model';
import { nodeTypes } from './nodes';
import { serviceEndpoints } from './services';
import { useGraphStrings } from './strings';
import { PHASE_NAMES } from '../app/strings';

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

function creationKey(p: ObjectView): string {
  const md = p.object.metadata as { creationTimestamp?: string } | undefined;
  return `${md?.creationTimestamp ?? ''}\u0000${p.id}`;
}

/** Numbers objects (pods, Services) in the order the UI first saw them, so their slots never change while they live. */
function useFirstSeenOrder(): (pods: ObjectView[]) => (id: string) => number {
  const ref = useRef({ next: 0, seen: new Map<string, number>() });
  return useCallback((pods: ObjectView[]) => {
    const r = ref.current;
    const fresh = pods.filter((p) => !r.seen.has(p.id)).sort((a, b) => (creationKey(a) < creationKey(b) ? -1 : 1));
    for (const p of fresh) r.seen.set(p.id, r.next++);
    if (r.seen.size > pods.length * 2 + 100) {
      const live = new Set(pods.map((p) => p.id));
      for (const id of r.seen.keys()) if (!live.has(id)) r.seen.delete(id);
    }
    return (id: string) => r.seen.get(id) ?? 0;
  }, []);
}

function Legend() {
  const phases = Object.keys(PHASE_FALLBACK) as (keyof typeof PHASE_FALLBACK)[];
  const g = useGraphStrings();
  const lang = useUiStore((s) => s.lang);
  return (
    <div className="kp-legend" data-testid="graph-legend" role="group" aria-label={g.legend}>
      {phases.map((p) => (
        <span key={p} className="kp-legend-item">
          <span className="kp-legend-dot" style={{ background: `var(--phase-${p}, ${PHASE_FALLBACK[p]})` }} />
          {PHASE_NAMES[lang][p]}
        </span>
      ))}
    </div>
  );
}

function Graph({ theme }: { theme: 'dark' | 'light' }) {
  const rf = useReactFlow();
  const slice = useSimStore(useShallow((s) => ({ hosts: s.hosts, components: s.components, objects: s.objects, partitions: s.partitions, apiEtcd: s.apiEtcd })));
  const select = useUiStore((s) => s.select);
  const openMenu = useUiStore((s) => s.openMenu);
  const g = useGraphStrings();
  const podOrder = useFirstSeenOrder();
  const serviceOrder = useFirstSeenOrder();
  const layoutRef = useRef<ClusterLayout | null>(null);

  const { pods, nodes } = useMemo(() => podsAndNodes(slice.objects), [slice.objects]);
  const services = useMemo(() => servicesOf(slice.objects), [slice.objects]);
  const endpoints = useMemo(() => serviceEndpoints(slice.objects), [slice.objects]);
  const layout = useMemo(() => layoutFor(slice, pods, nodes, podOrder(pods), services, serviceOrder(services)), [slice, pods, nodes, podOrder, services, serviceOrder]);
  useEffect(() => {
    layoutRef.current = layout;
  }, [layout]);
  const rfNodes = useMemo(() => buildNodes(slice, layout, pods, nodes, endpoints), [slice, layout, pods, nodes, endpoints]);
  const rfEdges = useMemo(
    () =>
      [...buildEdges(slice, layout, g), ...buildServiceEdges(slice, layout, endpoints, g)].map((e) => ({
        ...e,
        ariaLabel: g.edgeLabel(e.source.replace(/^[a-z]+:/, ''), e.target.replace(/^[a-z]+:/, '')),
        domAttributes: { 'aria-roledescription': g.edgeRole },
      })),
    [slice, layout, endpoints, g],
  );

  // Fit the whole cluster on first load and whenever hosts come or go; never on pod changes.
  const hostKey = Object.keys(slice.hosts).sort().join(',');
  const fitted = useRef(false);
  useEffect(() => {
    if (!hostKey) return;
    const id = requestAnimationFrame(() => {
      void rf.fitView({ padding: 0.06, duration: fitted.current ? 300 : 0 });
      fitted.current = true;
    });
    return () => cancelAnimationFrame(id);
  }, [hostKey, rf]);

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
        minZoom={0.05}
        maxZoom={2.5}
        zoomOnDoubleClick={false}
        colorMode={theme}
        ariaLabelConfig={g.flow}
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} position="bottom-left" />
        <MessageDots layoutRef={layoutRef} />
        <MessageFocus layout={layout} />
      </ReactFlow>
      <Legend />
      <ContextMenu />
    </>
  );
}

/** The cluster graph; fills its parent. */
export function ClusterGraph() {
  const theme = useUiStore((s) => s.theme);
  // With many nodes the dozens of kubelet and image-pull edges would hide the regions: draw them fainter.
  const dense = useSimStore((s) => Object.values(s.hosts).filter((h) => h.role === 'worker').length > 8);
  return (
    <div className={`kp-graph kp-graph--${theme}${dense ? ' kp-graph--dense' : ''}`} data-testid="graph">
      <ReactFlowProvider>
        <Graph theme={theme} />
      </ReactFlowProvider>
    </div>
  );
}

export default ClusterGraph;
