// `?scale-bench` in the page's URL: the scale view's draw-only measurement (e2e/scale-view.spec.ts).
// The page then loads no scenario and offers `window.__kubeplayScaleBench(projection)`, which puts a
// projection (worker/scale-projection.ts: 5,000 nodes made by the worker's own projection code) into
// the store as a worker's batch would, and answers when the scale view has painted it. Nothing else
// uses it; without the parameter the page is unchanged.

import type { HostView, ObjectView } from '../../protocol/view';
import { useSimStore } from '../store/app-store';
import { useViewChoice } from './view-choice';

export function scaleBenchWanted(): boolean {
  return new URLSearchParams(window.location.search).has('scale-bench');
}

export interface ScaleBenchResult {
  /** From the store's update to the end of the first frame that drew the tiles (ms). */
  firstPaintMs: number;
  tiles: number;
}

/** Waits until the scale canvas has drawn `tiles` tiles; resolves at the end of that frame. */
function painted(tiles: number, t0: number): Promise<ScaleBenchResult> {
  return new Promise((done) => {
    const look = () => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="scale-canvas"]');
      if (c && c.dataset.tiles === String(tiles) && Number(c.dataset.drawn) > 0) done({ firstPaintMs: performance.now() - t0, tiles });
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

export function installScaleBench(): void {
  (window as unknown as { __kubeplayScaleBench?: unknown }).__kubeplayScaleBench = (p: { hosts: Record<string, HostView>; objects: Record<string, ObjectView> }) => {
    useViewChoice.getState().choose('auto');
    const t0 = performance.now();
    useSimStore.setState({ hosts: p.hosts, objects: p.objects });
    return painted(Object.values(p.hosts).filter((h) => h.role === 'worker').length, t0);
  };
}
