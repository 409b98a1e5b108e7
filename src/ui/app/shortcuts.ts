// Keyboard shortcuts (UX.md "Interaction habits"): space play/pause, `.` step, `>` next phase,
// `?` help, `:` terminal (as in k9s), `m` slow motion on/off, Esc closes what was opened last. They never fire while the
// person is typing in the terminal or an input, except Esc.

import { useEffect } from 'react';
import { toggleSlowMotion } from '../toolbar/SlowMotion';
import { handOverFocus } from './focus-handoff';
import { useRunStore, useSimStore, useUiStore } from '../store/app-store';

export type ShortcutAction = 'playPause' | 'step' | 'stepPhase' | 'help' | 'terminal' | 'slowMotion' | 'escape';

export const SHORTCUTS: readonly { key: string; action: ShortcutAction }[] = [
  { key: ' ', action: 'playPause' },
  { key: '.', action: 'step' },
  { key: '>', action: 'stepPhase' },
  { key: '?', action: 'help' },
  { key: ':', action: 'terminal' },
  { key: 'm', action: 'slowMotion' },
  { key: 'Escape', action: 'escape' },
];

/** What a key press means, or null. `typing` is true when focus is in a text field or the terminal. */
export function shortcutFor(key: string, typing: boolean, modifiers: boolean): ShortcutAction | null {
  if (key === 'Escape') return 'escape';
  if (typing || modifiers) return null;
  return SHORTCUTS.find((s) => s.key === key)?.action ?? null;
}

/** True when keys typed now go into text: inputs, textareas, selects, contenteditable, the xterm. */
export function isTypingTarget(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if ((el as HTMLElement).isContentEditable) return true;
  return el.closest('.xterm') !== null;
}

/** Moves the keyboard focus into the terminal (the dock opens on its Terminal tab first). */
export function focusTerminal(): void {
  const ui = useUiStore.getState();
  if (!ui.dockOpen) ui.toggle('dockOpen');
  ui.setDockTab('terminal');
  // At once when the terminal shows (so the next key lands in it); otherwise when React has opened
  // the dock, or when the terminal's code has loaded (it loads after the first paint, app/lazy.tsx).
  handOverFocus('[data-testid="terminal"] textarea');
}

/** Esc closes the help first, then the Share popover, then an open menu, then the selection. */
function escape(): void {
  const ui = useUiStore.getState();
  const run = useRunStore.getState();
  if (ui.helpOpen) ui.toggle('helpOpen');
  else if (run.share.open) {
    run.closeShare();
    document.querySelector<HTMLElement>('[data-testid="share"]')?.focus();
  } else if (run.forked) run.set({ forked: null });
  else if (ui.menu) ui.closeMenu();
  else if (ui.selection) ui.select(null);
}

export function runShortcut(action: ShortcutAction): void {
  const ui = useUiStore.getState();
  // While a link or a file replays to its moment, the clock is not the person's to drive.
  if ((action === 'playPause' || action === 'step' || action === 'stepPhase') && useSimStore.getState().replay) return;
  switch (action) {
    case 'playPause':
      ui.send({ type: useSimStore.getState().clock.playing ? 'pause' : 'play' });
      return;
    case 'step':
      ui.send({ type: 'step' });
      return;
    case 'stepPhase':
      ui.send({ type: 'stepPhase' });
      return;
    case 'help':
      ui.toggle('helpOpen');
      return;
    case 'terminal':
      focusTerminal();
      return;
    case 'slowMotion':
      toggleSlowMotion();
      return;
    case 'escape':
      escape();
      return;
  }
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // The dialog about a link that cannot be opened handles its own keys (Esc, Tab); nothing
      // behind it may run meanwhile.
      if (useRunStore.getState().openError) return;
      const action = shortcutFor(e.key, isTypingTarget(document.activeElement), e.ctrlKey || e.metaKey || e.altKey);
      if (!action) return;
      // Esc inside the terminal or an input blurs it, so the next Esc reaches the app (the Share
      // popover's link field excepted: Esc there closes the popover at once).
      const inPopover = document.activeElement?.closest('[data-testid="share-popover"]');
      if (action === 'escape' && isTypingTarget(document.activeElement) && !inPopover) {
        (document.activeElement as HTMLElement).blur();
        return;
      }
      e.preventDefault();
      runShortcut(action);
    };
    // Capture phase: xterm stops the keys it handles from bubbling, and Esc must still reach us.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
