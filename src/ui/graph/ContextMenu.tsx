// The actions menu of a component, host, node or pod (right-click or its "..." button). Each action is
// sent to the simulation and shown in the terminal as the real command that would do it.

import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { prefillTerminal } from '../terminal/prefill';
import { type MenuItem, menuCommands, menuItems } from './menu-actions';
import { useGraphStrings } from './strings';
import { useSimStore, useUiStore } from '../store/app-store';

/** Request ids for the kubectl lines the menu runs (far from the terminal's own counter). */
let nextRequestId = 1_000_000;

export function runMenuItem(item: MenuItem): void {
  const ui = useUiStore.getState();
  const { send, echo } = menuCommands(item);
  if (echo) useSimStore.getState().echo(echo);
  for (const cmd of send) ui.send(cmd);
  if (item.exec) ui.send({ type: 'exec', requestId: nextRequestId++, line: item.exec });
  if (item.dockTab) {
    ui.setDockTab(item.dockTab);
    if (!ui.dockOpen) ui.toggle('dockOpen');
  }
  if (item.prefill) prefillTerminal(item.prefill);
  ui.closeMenu();
  if (item.inspect) {
    const { selection, focus } = item.inspect;
    ui.select(selection);
    // The inspector renders the selection after this click, its body maybe only once its code has
    // loaded (app/lazy.tsx); the keyboard goes on from there (app/focus-handoff.ts).
    ui.wantFocus(`[data-testid="${focus}"]`);
  }
}

export function ContextMenu() {
  const menu = useUiStore((s) => s.menu);
  const closeMenu = useUiStore((s) => s.closeMenu);
  const ctx = useSimStore(useShallow((s) => ({ hosts: s.hosts, components: s.components, objects: s.objects, partitions: s.partitions, degraded: s.degraded })));
  const ref = useRef<HTMLDivElement>(null);
  const g = useGraphStrings();

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenu();
    };
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) closeMenu();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [menu, closeMenu]);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [menu]);

  if (!menu) return null;
  const items = menuItems(menu.target, { ...ctx, strings: g });
  const title = menu.target.kind === 'object' ? menu.target.id.replace(/^pods\/[^/]*\//, 'pod/').replace(/^nodes\/\//, 'node/') : menu.target.id;
  // Keep the menu on screen.
  const x = Math.min(menu.x, window.innerWidth - 260);
  const y = Math.min(menu.y, window.innerHeight - (40 + items.length * 34));
  return (
    <div ref={ref} className="kp-menu" role="menu" data-testid="context-menu" style={{ left: Math.max(4, x), top: Math.max(4, y) }} onContextMenu={(e) => e.preventDefault()}>
      <div className="kp-menu-title">{title}</div>
      {items.length === 0 && <div className="kp-menu-empty">{g.noActions}</div>}
      {items.map((it) => (
        <button
          key={it.id}
          type="button"
          role="menuitem"
          className={`kp-menu-item${it.danger ? ' kp-menu-item--danger' : ''}`}
          data-testid={`menu-${it.id}`}
          title={it.exec ?? it.echo?.replace(/^# /, '') ?? ''}
          onClick={() => runMenuItem(it)}
        >
          <span>{it.label}</span>
          {(it.exec || it.echo) && <code className="kp-menu-cmd">{(it.exec ?? it.echo ?? '').replace(/^# /, '')}</code>}
        </button>
      ))}
    </div>
  );
}
