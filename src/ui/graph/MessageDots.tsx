// The messages in flight, as dots travelling along the edges. Read through the stores' transient
// `subscribe` and drawn imperatively on an SVG inside React Flow's viewport (so pan and zoom apply),
// one animation frame at a time: no React render per frame (DESIGN.md section 6).

import { ViewportPortal, useReactFlow } from '@xyflow/react';
import { type RefObject, useEffect, useState } from 'react';
import type { Phase } from '../../protocol/view';
import { PHASE_NAMES } from '../app/strings';
import { type Dot, computeDots } from './dots';
import { type LabelIndex, PlacedBadges, type Point, type Rect, badgeSpot } from './badge-spot';
import { borderToBorder } from './dot-path';
import { GraphLabels } from './label-rects';
import type { ClusterLayout } from './layout';
import { endpointNode } from './model';
import { podNodeId, serviceNodeId } from './layout';
import { type FlowIndex, type FlowLeg, flowIndex, flowLeg } from '../traffic/flow';
import { useSimStore, useUiStore } from '../store/app-store';

/** The phase colours of the brief (Okabe-Ito), used when theme.css has not defined the variables. */
export const PHASE_FALLBACK: Record<Phase, string> = {
  persistence: '#E69F00',
  watch: '#56B4E9',
  scheduling: '#009E73',
  execution: '#D55E00',
  raft: '#CC79A7',
  heartbeat: '#999999',
  networking: '#0072B2',
  controller: '#F0E442',
  user: '#FFFFFF',
};

const SVG_NS = 'http://www.w3.org/2000/svg';

interface DotEl {
  g: SVGGElement;
  circle: SVGCircleElement;
  label: SVGTextElement;
  title: SVGTitleElement;
  /** The radius and count last written: unchanged, they are not written again (a DOM write costs a style pass). */
  r: number;
  count: number;
  transform: string;
  phase: string;
  summary: string;
}

function makeDot(parent: SVGGElement): DotEl {
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('data-testid', 'message-dot');
  g.setAttribute('class', 'kp-dot');
  const circle = document.createElementNS(SVG_NS, 'circle');
  const label = document.createElementNS(SVG_NS, 'text');
  label.setAttribute('class', 'kp-dot-count');
  label.setAttribute('text-anchor', 'middle');
  const title = document.createElementNS(SVG_NS, 'title');
  g.append(circle, label, title);
  parent.append(g);
  return { g, circle, label, title, r: NaN, count: NaN, transform: '', phase: '', summary: '' };
}

function paint(el: DotEl, d: Dot, x: number, y: number, r: number): void {
  const transform = `translate(${x.toFixed(1)},${y.toFixed(1)})`;
  if (el.transform !== transform) {
    el.g.setAttribute('transform', transform);
    el.transform = transform;
  }
  if (el.phase !== d.phase) {
    el.phase = d.phase;
    el.g.setAttribute('data-phase', d.phase);
    el.circle.style.fill = `var(--phase-${d.phase}, ${PHASE_FALLBACK[d.phase]})`;
  }
  if (el.summary !== d.summary) {
    el.summary = d.summary;
    el.g.setAttribute('data-summary', d.summary);
    el.g.setAttribute('data-type', d.type);
    // The route, for the e2e tests that check which component talks to which.
    el.g.setAttribute('data-from', d.from);
    el.g.setAttribute('data-to', d.to);
    el.title.textContent = `${d.summary}  [${PHASE_NAMES[useUiStore.getState().lang][d.phase]}]  ${d.from} → ${d.to}`;
  }
  if (el.r === r && el.count === d.count) return;
  const rr = d.count > 1 ? r * BADGE_SCALE : r;
  el.circle.setAttribute('r', rr.toFixed(1));
  el.label.setAttribute('y', (rr * 0.38).toFixed(1));
  el.label.style.fontSize = `${(rr * 1.05).toFixed(1)}px`;
  if (el.count !== d.count) {
    el.g.setAttribute('data-count', String(d.count));
    el.label.textContent = d.count > 1 ? String(d.count) : '';
  }
  el.r = r;
  el.count = d.count;
}

/** A traffic dot's route, for the e2e tests and the tooltip (set when the leg changes). */
function paintFlow(el: DotEl, leg: FlowLeg | undefined, reply: boolean): void {
  const want = leg ? leg.leg : '';
  if (el.g.getAttribute('data-leg') === want) return;
  if (!leg) {
    for (const a of ['data-leg', 'data-flow', 'data-flow-client', 'data-flow-service', 'data-flow-backend']) el.g.removeAttribute(a);
    return;
  }
  el.g.setAttribute('data-leg', leg.leg);
  el.g.setAttribute('data-flow', reply ? 'reply' : 'request');
  el.g.setAttribute('data-flow-client', leg.client);
  el.g.setAttribute('data-flow-backend', leg.backend ?? '');
  if (leg.service) el.g.setAttribute('data-flow-service', leg.service);
  else el.g.removeAttribute('data-flow-service');
}

/** A count badge's radius, in dot radii. */
const BADGE_SCALE = 1.7;

/** The count badges of one frame: each takes a free spot, which the next ones then avoid. */
class Badges {
  private readonly placed = new PlacedBadges();
  private readonly free: Pick<LabelIndex, 'hits'>;
  constructor(labels: LabelIndex) {
    this.free = { hits: (p: Point, rr: number) => labels.hits(p, rr) || this.placed.hits(p, rr) };
  }

  place(a: Point, b: Point, t: number, r: number): Point {
    const p = badgeSpot(a, b, t, r, this.free);
    this.placed.add(p, r);
    return p;
  }
}

const reducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function MessageDots({ layoutRef }: { layoutRef: RefObject<ClusterLayout | null> }) {
  const rf = useReactFlow();
  // A callback ref: the portal's target only exists after React Flow has mounted its viewport.
  const [group, setGroup] = useState<SVGGElement | null>(null);

  useEffect(() => {
    if (!group) return;
    let sim = useSimStore.getState();
    let ui = useUiStore.getState();
    let raf = 0;
    const els = new Map<string, DotEl>();
    const labels = new GraphLabels();

    // Where each process is drawn, for as long as the layout is the same: a few hundred dots look
    // their two ends up on every frame. A process's host never changes, so its fallback (its
    // region) does not either; one that is not drawn yet is looked up again.
    let centers: { layout: unknown; at: Map<string, Rect> } = { layout: undefined, at: new Map() };
    const center = (process: string): Rect | undefined => {
      const layout = layoutRef.current;
      if (!layout) return undefined;
      if (centers.layout !== layout) centers = { layout, at: new Map() };
      const known = centers.at.get(process);
      if (known) return known;
      const id = endpointNode(process, layout, sim.components);
      const at = id ? nodeRect(id) : undefined;
      if (at && id && rf.getInternalNode(id)) centers.at.set(process, at);
      return at;
    };
    // A Service or Pod object's box on the graph, for the traffic dots' legs.
    const objectCenter = (object: string): Rect | undefined => {
      const layout = layoutRef.current;
      const id = object.startsWith('services/') ? serviceNodeId(object) : podNodeId(object);
      return layout?.byId[id] ? nodeRect(id) : undefined;
    };
    let index: { objects: unknown; ix: FlowIndex } | undefined;
    const flowIx = (): FlowIndex => {
      if (index?.objects !== sim.objects) index = { objects: sim.objects, ix: flowIndex(sim.objects) };
      return index.ix;
    };
    const nodeRect = (id: string): Rect | undefined => {
      const layout = layoutRef.current;
      if (!layout) return undefined;
      const n = rf.getInternalNode(id);
      if (n) {
        const w = n.measured.width ?? n.width ?? 0;
        const h = n.measured.height ?? n.height ?? 0;
        return { x: n.internals.positionAbsolute.x, y: n.internals.positionAbsolute.y, w, h };
      }
      const b = layout.byId[id];
      return b ? { x: b.ax, y: b.ay, w: b.w, h: b.h } : undefined;
    };

    // What the last frame drew from: a frame with the same inputs would draw the same, so it only
    // waits for the next one. The dots move when a batch moves the clock, not every animation frame
    // (with 50 workers thousands of messages are in flight: recomputing them 60 times a second
    // took most of the page's time).
    let drawn: { inFlight: unknown; clock: unknown; ui: unknown; zoom: number; layout: unknown } | undefined;
    const frame = () => {
      raf = 0;
      const c = sim.clock;
      // Dots keep a readable size when the graph is zoomed out to fit many nodes.
      const zoom = rf.getViewport().zoom || 1;
      const inputs = { inFlight: sim.inFlight, clock: c, ui, zoom, layout: layoutRef.current };
      if (drawn && drawn.inFlight === inputs.inFlight && drawn.clock === inputs.clock && drawn.ui === inputs.ui && drawn.zoom === inputs.zoom && drawn.layout === inputs.layout) {
        if (els.size > 0 && c.playing) schedule();
        return;
      }
      drawn = inputs;
      // The worker posts a batch every frame while playing, pacing its clock so that dots stay
      // watchable; extrapolating between batches made dots jump whenever that pace changed.
      const now = c.time;
      const dots = computeDots(sim.inFlight, now, ui);
      const r = 7 / Math.min(1, Math.max(0.35, zoom) ** 0.75);
      const seen = new Set<string>();
      const still = reducedMotion();
      // Count badges take a spot off the labels (badge-spot.ts), and off each other; measured only when there is one.
      const root = group.closest('.react-flow');
      const badges = root && dots.some((d) => d.count > 1) ? new Badges(labels.index(root, rf, layoutRef.current)) : undefined;
      for (const d of dots) {
        // A request between pods travels its route: client -> Service -> backend (traffic/flow.ts).
        const leg = d.flow ? flowLeg(d.flow, d.progress, flowIx()) : undefined;
        const la = leg && objectCenter(leg.from);
        const lb = leg && objectCenter(leg.to);
        const onRoute = leg && la && lb;
        const ra = onRoute ? la : center(d.from);
        const rb = onRoute ? lb : center(d.to);
        if (!ra || !rb) continue;
        // From the sender's border to the receiver's (dot-path.ts): not over the names in the boxes' middles.
        const { a, b } = borderToBorder(ra, rb);
        if (a.x === b.x && a.y === b.y) continue;
        // Reduced motion: the dot waits at the end of its leg instead of gliding along it.
        const t = onRoute ? (still ? 1 : leg.t) : d.progress;
        seen.add(d.key);
        let el = els.get(d.key);
        if (!el) {
          el = makeDot(group);
          els.set(d.key, el);
        }
        const at = d.count > 1 && badges ? badges.place(a, b, t, r * BADGE_SCALE) : { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        paint(el, d, at.x, at.y, r);
        paintFlow(el, onRoute ? leg : undefined, d.flow?.reply === true);
      }
      for (const [k, el] of els) {
        if (seen.has(k)) continue;
        el.g.remove();
        els.delete(k);
      }
      if (seen.size > 0 && c.playing) schedule();
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(frame);
    };

    // The sim and ui slices are one store: one subscription sees both change.
    const unsubscribe = useSimStore.subscribe((s) => {
      sim = s;
      ui = s;
      schedule();
    });
    schedule();
    return () => {
      unsubscribe();
      labels.dispose();
      if (raf) cancelAnimationFrame(raf);
      for (const el of els.values()) el.g.remove();
      els.clear();
    };
  }, [rf, layoutRef, group]);

  return (
    <ViewportPortal>
      <svg className="kp-dots" data-testid="message-dots">
        <g ref={setGroup} />
      </svg>
    </ViewportPortal>
  );
}
