// The scale view (issue 14): every worker node as a tile on one canvas, panned and zoomed with
// d3-zoom (mouse, touch, and the keyboard: arrows, + and −, 0), pods as counts and colours per
// node, the problems listed beside it one by one, and a click (or Enter) on a tile drills into the
// node: its pods in the side panel, each one a click from the inspector. The simulation underneath
// is the same; only the picture changes.

import { type ZoomBehavior, type ZoomTransform, select, zoom, zoomIdentity } from 'd3';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SimSlice } from '../graph/model';
import { useSimStore } from '../store/app-store';
import { PALETTES, drawScale } from './scale-draw';
import { GAP, TILE_H, TILE_W, fitTransform, scaleLayout, tileNear } from './scale-layout';
import { scaleModel } from './scale-model';
import { ScaleSide } from './ScaleSide';
import { useScaleStrings } from './scale-strings';
import { useViewChoice } from './view-choice';
import './scale.css';

/** How often the tiles follow the store, at most (a rollout changes pods in every batch). */
const REDRAW_MS = 250;
const MAX_ZOOM = 6;
const PAN_PX = 80;

type Slice = Pick<SimSlice, 'hosts' | 'objects'>;

/** The hosts and objects, following the store at most every REDRAW_MS. */
function useScaleSlice(): Slice {
  const [slice, setSlice] = useState<Slice>(() => {
    const s = useSimStore.getState();
    return { hosts: s.hosts, objects: s.objects };
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const show = () => {
      timer = undefined;
      last = performance.now();
      const now = useSimStore.getState();
      setSlice((old) => (old.hosts === now.hosts && old.objects === now.objects ? old : { hosts: now.hosts, objects: now.objects }));
    };
    // The first change after a quiet spell shows at once; the ones that follow within REDRAW_MS wait for it.
    const unsub = useSimStore.subscribe((s, prev) => {
      if (s.hosts === prev.hosts && s.objects === prev.objects) return;
      if (timer) return;
      const wait = last + REDRAW_MS - performance.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return slice;
}

/** The pane's size in CSS pixels, followed with a ResizeObserver. */
function useSize(ref: React.RefObject<HTMLElement | null>): { w: number; h: number } {
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function ScaleView({ theme }: { theme: 'dark' | 'light' }) {
  const s = useScaleStrings();
  const slice = useScaleSlice();
  const model = useMemo(() => scaleModel(slice.hosts, slice.objects), [slice]);
  const paneRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { w, h } = useSize(paneRef);
  const layout = useMemo(() => scaleLayout(model.tiles.length, w && h ? w / h : 1.6), [model.tiles.length, w, h]);
  const drilled = useViewChoice((st) => st.drilled);
  const drill = useViewChoice((st) => st.drill);
  const [focused, setFocused] = useState(false);
  const transform = useRef<ZoomTransform>(zoomIdentity);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const frame = useRef(0);
  const paints = useRef(0);

  // Everything the drawing reads, kept in a ref so a pan redraws without a React render.
  const drawState = useRef({ model, layout, w, h, theme, focused, drilled });
  drawState.current = { model, layout, w, h, theme, focused, drilled };
  const centreTile = useCallback(() => {
    const { layout: l, w: cw, h: ch } = drawState.current;
    const [x, y] = transform.current.invert([cw / 2, ch / 2]);
    return tileNear(l, x, y);
  }, []);
  const draw = useCallback(() => {
    frame.current = 0;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const d = drawState.current;
    if (!canvas || !ctx || !d.w || !d.h) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(d.w * dpr) || canvas.height !== Math.round(d.h * dpr)) {
      canvas.width = Math.round(d.w * dpr);
      canvas.height = Math.round(d.h * dpr);
    }
    const t0 = performance.now();
    const drilledIndex = d.drilled ? d.model.tiles.findIndex((t) => t.name === d.drilled) : -1;
    const drawn = drawScale(ctx, {
      tiles: d.model.tiles,
      layout: d.layout,
      transform: transform.current,
      width: d.w,
      height: d.h,
      dpr,
      palette: PALETTES[d.theme],
      focused: d.focused ? centreTile() : -1,
      drilled: drilledIndex,
    });
    paints.current++;
    // For the e2e test (e2e/scale-view.spec.ts): what the last frame drew and how long it took.
    canvas.dataset.paints = String(paints.current);
    canvas.dataset.tiles = String(d.model.tiles.length);
    canvas.dataset.drawn = String(drawn);
    canvas.dataset.drawMs = (performance.now() - t0).toFixed(2);
  }, [centreTile]);
  const schedule = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // d3-zoom on the canvas: wheel, drag and pinch move the view; the view is redrawn at the next frame.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const z = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([1e-3, MAX_ZOOM])
      .on('zoom', (e: { transform: ZoomTransform }) => {
        transform.current = e.transform;
        schedule();
      });
    zoomRef.current = z;
    select(canvas).call(z);
    return () => void select(canvas).on('.zoom', null);
  }, [schedule]);

  const fit = useCallback(() => {
    const canvas = canvasRef.current;
    const z = zoomRef.current;
    const { layout: l, w: cw, h: ch } = drawState.current;
    if (!canvas || !z || !cw || !ch) return;
    // Clear of the view switch above and the summary line below.
    const f = fitTransform(l, cw, ch, 16, 32, 30);
    // The whole cluster fits, and the zoom goes out no further than that.
    z.scaleExtent([Math.min(f.k, 0.5), MAX_ZOOM]);
    select(canvas).call(z.transform, zoomIdentity.translate(f.x, f.y).scale(f.k));
  }, []);
  // Fit when the number of nodes or the pane changes; otherwise keep where the person looked.
  useEffect(() => fit(), [fit, layout]);
  useEffect(() => schedule(), [schedule, model, theme, focused, drilled]);

  const onClick = useCallback(
    (e: MouseEvent<HTMLCanvasElement>) => {
      const r = e.currentTarget.getBoundingClientRect();
      const [x, y] = transform.current.invert([e.clientX - r.left, e.clientY - r.top]);
      const l = drawState.current.layout;
      // A click on a tile, or in the narrow gap right or below it, opens that tile.
      const i = x >= 0 && y >= 0 && x <= l.width && y <= l.height ? tileNear(l, x, y) : -1;
      if (i >= 0) drill(drawState.current.model.tiles[i]!.name);
    },
    [drill],
  );
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLCanvasElement>) => {
      const canvas = canvasRef.current;
      const z = zoomRef.current;
      if (!canvas || !z) return;
      const k = transform.current.k;
      const pan: Record<string, [number, number]> = { ArrowLeft: [PAN_PX, 0], ArrowRight: [-PAN_PX, 0], ArrowUp: [0, PAN_PX], ArrowDown: [0, -PAN_PX] };
      const by = pan[e.key];
      if (by) select(canvas).call(z.translateBy, by[0] / k, by[1] / k);
      else if (e.key === '+' || e.key === '=') select(canvas).call(z.scaleBy, 1.5);
      else if (e.key === '-' || e.key === '_') select(canvas).call(z.scaleBy, 1 / 1.5);
      else if (e.key === '0') fit();
      else if (e.key === 'Enter') {
        const i = centreTile();
        if (i >= 0) drill(drawState.current.model.tiles[i]!.name);
      } else return;
      e.preventDefault();
      e.stopPropagation();
    },
    [fit, centreTile, drill],
  );

  /** Brings a node's tile to the centre, big enough to read, and drills into it (the list's and the search's way in). */
  const goTo = useCallback(
    (name: string) => {
      const i = drawState.current.model.tiles.findIndex((t) => t.name === name);
      const canvas = canvasRef.current;
      const z = zoomRef.current;
      if (i < 0 || !canvas || !z) return false;
      const { layout: l, w: cw, h: ch } = drawState.current;
      const k = Math.max(transform.current.k, Math.min(1.2, cw / (TILE_W * 4)));
      const cx = (i % l.cols) * (TILE_W + GAP) + TILE_W / 2;
      const cy = Math.floor(i / l.cols) * (TILE_H + GAP) + TILE_H / 2;
      select(canvas).call(z.transform, zoomIdentity.translate(cw / 2 - cx * k, ch / 2 - cy * k).scale(k));
      drill(name);
      return true;
    },
    [drill],
  );

  const ready = model.tiles.length - model.notReady.length;
  const summary = s.summary(model.tiles.length, ready, model.notReady.length, model.pods, model.problemPods.length);
  return (
    <div className="kp-scale" data-testid="scale-view">
      <div className="kp-scale-pane" ref={paneRef}>
        <canvas
          ref={canvasRef}
          className="kp-scale-canvas"
          data-testid="scale-canvas"
          style={{ width: w || '100%', height: h || '100%' }}
          tabIndex={0}
          role="application"
          aria-label={s.canvasLabel}
          aria-describedby="kp-scale-summary kp-scale-keys"
          onClick={onClick}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <p className="kp-scale-summary" id="kp-scale-summary" data-testid="scale-summary">
          {summary}
        </p>
        <p className="visually-hidden" id="kp-scale-keys">
          {s.keys}
        </p>
      </div>
      <ScaleSide model={model} objects={slice.objects} goTo={goTo} />
    </div>
  );
}

export default ScaleView;
