// What the person is doing in the UI (not what the simulation did): the selection, the open
// context menu, the bottom dock tab, the theme and language (preferences.ts), the graph's message filters.

import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';
import type { EditView, RaftKind, UiToWorker } from '../../protocol/view';
import { LANG_KEY, readStored, resolveLang, resolveTheme, systemPrefs, THEME_KEY, writeStored, type Theme } from '../app/preferences';

export type DockTab = 'terminal' | 'events' | 'timeline' | 'sequence' | 'yaml' | 'scenario';
export type { Theme };

export interface Selection {
  /** `component` = a process id; `host` = a host name; `object` = an ObjectView id (`pods/default/web`). */
  kind: 'component' | 'host' | 'object';
  id: string;
}

export interface MessageFocus {
  id: number;
  /** When it was sent (simulated ms). */
  time: number;
  /** The processes it went from and to (`kubectl`, `kube-apiserver`, `kubelet/worker-1`). */
  processes: string[];
}

export interface UiState {
  selection: Selection | null;
  /** A context menu open on a component or host, at screen coordinates. */
  menu: { target: Selection; x: number; y: number } | null;
  dockTab: DockTab;
  theme: Theme;
  /** Hide heartbeat (lease/status) and raft traffic so the lifecycle stands out. */
  hideHeartbeats: boolean;
  hideRaft: boolean;
  /** etcd Raft messages hidden by kind; the leader's heartbeats (every 100 ms) by default. */
  hideRaftKinds: RaftKind[];
  inspectorOpen: boolean;
  /** Slow the clock while a message the graph draws crosses (the worker's clock.ts); off = the chosen speed throughout. */
  slowMotion: boolean;
  dockOpen: boolean;
  helpOpen: boolean;
  /** The language of the app's own words (kubectl's words stay English). */
  lang: 'en' | 'ru';
  /** The request the sequence diagram shows: a command's root record id, or null for the latest command. */
  sequenceRoot: number | null;
  /** The message chosen in the sequence diagram (a trace record id), for the graph and the clock to focus. */
  sequenceSelected: number | null;
  /** The chosen message's moment and the processes it went between (the graph rings them, the clock shows the moment). */
  sequenceFocus: MessageFocus | null;
  /** `kubectl edit`'s file open in the YAML tab (a new id each time the file is handed over). */
  editing: (EditView & { id: number }) | null;
  /**
   * Where the keyboard focus is to go once it shows (a CSS selector): "open X and focus Y" where Y
   * is in a piece that loads on demand (app/focus-handoff.ts takes it there, app/lazy.tsx).
   */
  focusWanted: string | null;
  /** Sends a command to the simulation worker (set once the worker exists). */
  send: (m: UiToWorker) => void;
  select(s: Selection | null): void;
  openMenu(target: Selection, x: number, y: number): void;
  closeMenu(): void;
  setDockTab(t: DockTab): void;
  /** The person's pick: kept in localStorage, so the system setting no longer applies. */
  setTheme(t: Theme): void;
  /** The system's theme or language changed: follow it where the person has not picked. */
  followSystem(): void;
  toggle(key: 'hideHeartbeats' | 'hideRaft' | 'inspectorOpen' | 'dockOpen' | 'helpOpen' | 'slowMotion'): void;
  setSender(send: (m: UiToWorker) => void): void;
  /** The person's pick: kept in localStorage, so the browser's language no longer applies. */
  setLang(lang: 'en' | 'ru'): void;
  toggleRaftKind(kind: RaftKind): void;
  setSequenceRoot(root: number | null): void;
  selectMessage(id: number | null, focus?: MessageFocus): void;
  /** kubectl edit handed a file to the editor: show it in the YAML tab. */
  openEdit(e: EditView): void;
  closeEdit(): void;
  wantFocus(selector: string | null): void;
}

export const uiSlice: StateCreator<AppState, [['zustand/immer', never]], [], UiState> = (set) => ({
  selection: null,
  menu: null,
  dockTab: 'terminal',
  theme: resolveTheme(readStored(THEME_KEY), systemPrefs()),
  hideHeartbeats: true,
  hideRaft: false,
  hideRaftKinds: ['heartbeat'],
  // Closed until something is selected, so the graph gets the width.
  inspectorOpen: false,
  slowMotion: true,
  dockOpen: true,
  helpOpen: false,
  lang: resolveLang(readStored(LANG_KEY), systemPrefs()),
  sequenceRoot: null,
  sequenceSelected: null,
  sequenceFocus: null,
  editing: null,
  focusWanted: null,
  send: () => undefined,
  openEdit: (e) => set((s) => ({ editing: { ...e, id: (s.editing?.id ?? 0) + 1 }, dockTab: 'yaml', dockOpen: true })),
  closeEdit: () => set({ editing: null }),
  wantFocus: (focusWanted) => set({ focusWanted }),
  select: (selection) => set(selection ? { selection, menu: null, inspectorOpen: true } : { selection, menu: null }),
  openMenu: (target, x, y) => set({ menu: { target, x, y } }),
  closeMenu: () => set({ menu: null }),
  setDockTab: (dockTab) => set({ dockTab }),
  setTheme: (theme) => {
    writeStored(THEME_KEY, theme);
    set({ theme });
  },
  followSystem: () => {
    const system = systemPrefs();
    set({ theme: resolveTheme(readStored(THEME_KEY), system), lang: resolveLang(readStored(LANG_KEY), system) });
  },
  toggle: (key) => set((s) => ({ [key]: !s[key] }) as Partial<UiState>),
  setSender: (send) => set({ send }),
  setLang: (lang) => {
    writeStored(LANG_KEY, lang);
    set({ lang });
  },
  setSequenceRoot: (sequenceRoot) => set({ sequenceRoot, sequenceSelected: null, sequenceFocus: null }),
  selectMessage: (sequenceSelected, focus) => set({ sequenceSelected, sequenceFocus: sequenceSelected === null ? null : (focus ?? null) }),
  toggleRaftKind: (kind) => set((s) => ({ hideRaftKinds: s.hideRaftKinds.includes(kind) ? s.hideRaftKinds.filter((k) => k !== kind) : [...s.hideRaftKinds, kind] })),
});
