// What the first screen does not show loads on demand (issue 14: initial JS <= 350 KiB gzipped):
// the terminal (xterm), the dock's other tabs, the inspector's bodies, the scale view, the lesson
// panel, the start screen and the help; all but the scale view are fetched once the page is idle.
// While a piece loads, its place says so in words, to screen readers too (role="status"), and keeps
// the size its piece will have, so nothing jumps. Focus meant for a piece waits for it
// (focus-handoff.ts).

import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { useStrings } from './useStrings';

const IDLE_WAIT_MS = 2000;
/** The pieces a click opens, fetched once the page is idle after its first paint (`loadWhenIdle`). */
const idleLoads: (() => Promise<unknown>)[] = [];
let idleStarted = false;

/**
 * React.lazy for a module's named export (the app's components are named, not default, exports).
 * Unless `idle` is false (the scale view, which only a large cluster needs), the piece is also
 * fetched when the page is first idle, so a tab or a selection opened later shows at once.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, { idle = true }: { idle?: boolean } = {}): M[K] {
  if (idle) idleLoads.push(load);
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as M[K];
}

/**
 * Fetches the idle pieces after the first paint, when the browser says it has time (or after
 * IDLE_WAIT_MS at most): the first paint does not wait for them, and a click after it does not
 * either. Each dynamic import() is fetched once; React.lazy's own import() then finds it loaded.
 */
export function loadWhenIdle(): void {
  if (idleStarted) return;
  idleStarted = true;
  const start = () => {
    for (const load of idleLoads) load().catch(() => undefined);
  };
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: IDLE_WAIT_MS });
  else setTimeout(start, IDLE_WAIT_MS);
}

/** "loading…" in the page's language, announced politely; `className` gives it its piece's box. */
export function Loading({ className }: { className?: string }) {
  const t = useStrings();
  return (
    <p className={`panel-empty lazy-loading${className ? ` ${className}` : ''}`} role="status" data-testid="lazy-loading">
      {t.loading}
    </p>
  );
}

/**
 * A lazy piece with its loading text. `box` wraps the text in a box of that class, where the piece
 * has its own (the lesson panel's width, the start screen's backdrop); `fallback` replaces it all.
 */
export function Lazy({ children, className, box, fallback }: { children: ReactNode; className?: string; box?: string; fallback?: ReactNode }) {
  const loading = <Loading className={className} />;
  return <Suspense fallback={fallback !== undefined ? fallback : box ? <div className={box}>{loading}</div> : loading}>{children}</Suspense>;
}
