// What the first screen does not show loads on demand (issue 14: initial JS <= 350 KiB gzipped):
// the terminal (xterm), the dock's other tabs, the inspector's bodies, the scale view, the lesson
// panel, the start screen and the help. While a piece loads, its place says so in words, to screen
// readers too (role="status"), and keeps the size its piece will have, so nothing jumps.

import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { useStrings } from './useStrings';

/** React.lazy for a module's named export (the app's components are named, not default, exports). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as M[K];
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
