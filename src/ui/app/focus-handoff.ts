// "Open X and put the keyboard in Y" where Y is in a piece that loads on demand (app/lazy.tsx: the
// terminal, the inspector's bodies, the dock's tabs): on the frame after the click, Y may not be on
// the page yet. The request waits in the store (`focusWanted`) and useFocusHandoff focuses Y as soon
// as it shows: at once, or when the page changes (a MutationObserver, no polling). A click elsewhere,
// or GIVE_UP_MS without Y showing, drops the request, so the focus is never taken back from where the
// person has gone since. WAI-ARIA APG "Developing a Keyboard Interface" (w3.org/WAI/ARIA/apg/practices/
// keyboard-interface/): focus moves where the action says it goes, and nowhere the person did not ask.

import { useEffect } from 'react';
import { useUiStore } from '../store/app-store';

const GIVE_UP_MS = 10_000;

/** Shown: on the page and laid out (not inside `hidden` or `display: none`). */
function shown(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0;
}

/** Focuses the element `selector` finds if it shows now; true when it did. */
function focusIfShown(selector: string): boolean {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el || !shown(el)) return false;
  el.focus();
  return document.activeElement === el;
}

/** Puts the keyboard focus on `selector`'s element now if it shows, else as soon as it does. */
export function handOverFocus(selector: string): void {
  const ui = useUiStore.getState();
  if (focusIfShown(selector)) {
    if (ui.focusWanted !== null) ui.wantFocus(null);
  } else ui.wantFocus(selector);
}

/** Carries out the store's pending focus request (mounted once, in the Layout). */
export function useFocusHandoff(): void {
  const wanted = useUiStore((s) => s.focusWanted);
  useEffect(() => {
    if (wanted === null) return;
    const done = () => {
      if (useUiStore.getState().focusWanted === wanted) useUiStore.getState().wantFocus(null);
    };
    if (focusIfShown(wanted)) {
      done();
      return;
    }
    const observer = new MutationObserver(() => {
      if (focusIfShown(wanted)) done();
    });
    // `hidden`, class and style are how a mounted piece shows (the terminal's tab, the dock opening).
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'class', 'style'] });
    const giveUp = window.setTimeout(done, GIVE_UP_MS);
    const onDown = (e: PointerEvent) => {
      if (!(e.target instanceof Element && e.target.closest(wanted))) done();
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [wanted]);
}
