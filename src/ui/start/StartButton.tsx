// The toolbar's way back to the start screen, and the slot the screen opens in. The screen itself
// (lesson and drill lists, start.css) loads only when it opens (app/lazy.tsx).

import { Lazy, lazyNamed } from '../app/lazy';
import { useWorkerStore } from '../store/app-store';
import { useLessonStrings } from '../lessons/strings';
import { useStartStore } from './start-store';

const StartScreen = lazyNamed(() => import('./StartScreen'), 'StartScreen');

/** The start screen while it is open; a page served by `kubeplay serve` shows the served run instead. */
export function StartSlot() {
  const open = useStartStore((s) => s.open) && !useWorkerStore.getState().served;
  if (!open) return null;
  return (
    <Lazy box="overlay-backdrop">
      <StartScreen />
    </Lazy>
  );
}

/** The toolbar's way back to the start screen: an icon, so the toolbar stays one line on a projector. */
export function StartButton() {
  const l = useLessonStrings();
  return (
    <button type="button" className="icon-button" data-testid="start-open" title={l.openStart} onClick={() => useStartStore.getState().show()}>
      <span aria-hidden="true">⌂</span>
      <span className="visually-hidden">{l.openStart}</span>
    </button>
  );
}
