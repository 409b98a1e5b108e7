// The run as a whole, as the person handles it: sharing it as a link, exporting and importing it,
// opening a link, and travelling in its time (what the last seek took, a discarded future). The
// worker's answers (`run`, `arrived`, `seeked`, `forked`, and an `error` while a link or a file is
// being opened) land here through useSimWorker's `receive`.

import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

/** A link the Share control made, as its popover shows it. */
export interface SharedLink {
  url: string;
  /** Characters of the whole URL (what a chat tool sees). */
  chars: number;
  /** Simulated ms of the moment it replays to. */
  at: number;
  traceHash: string;
  /** Whether the URL reached the clipboard; `no` asks the person to copy it by hand. */
  copied: 'yes' | 'no' | 'pending';
}

/** Where a run that is being opened came from: the page's link, a built-in link, or a file. */
export type OpeningKind = 'link' | 'builtin' | 'file';

export interface Opening {
  kind: OpeningKind;
  /** The file's name, the built-in scenario's name, or `link`. */
  name: string;
  /** Set once the worker has built the cluster (`loaded`). */
  loaded: boolean;
  /** Play once loaded (a scenario with no moment to pause at, like the picker's). */
  playWhenLoaded: boolean;
}

/** Why a link or a file could not be opened, for the dialog. */
export interface OpenError {
  kind: OpeningKind;
  name: string;
  reason: string;
  /** The parser's lines, when there were several. */
  details: string[];
}

export interface RunState {
  /** The Share popover: closed, waiting for the worker's `run`, or showing the link. */
  share: { open: false } | { open: true; link: SharedLink | null };
  /** An Export asked for and not answered yet. */
  exporting: boolean;
  opening: Opening | null;
  openError: OpenError | null;
  /** The moment a replay (a link, an import) stopped at, until the person moves on. */
  arrived: { time: number; traceHash: string; kind: OpeningKind } | null;
  /** The last seek: where to, and how long it took in wall-clock ms. */
  seek: { time: number; wallMs: number; replayedMs: number } | null;
  /** The person acted in the past: the future after `from` (up to `end`, `dropped` actions) is gone. */
  forked: { from: number; end: number; dropped: number } | null;
  /** A file is dragged over the page. */
  dropping: boolean;
  openShare(): void;
  showLink(link: SharedLink): void;
  setCopied(copied: SharedLink['copied']): void;
  closeShare(): void;
  startOpening(o: Omit<Opening, 'loaded'>): void;
  failOpening(e: OpenError): void;
  clearOpenError(): void;
  set(p: Partial<Pick<RunState, 'exporting' | 'opening' | 'arrived' | 'seek' | 'forked' | 'dropping'>>): void;
}

export const runSlice: StateCreator<AppState, [['zustand/immer', never]], [], RunState> = (set) => ({
  share: { open: false },
  exporting: false,
  opening: null,
  openError: null,
  arrived: null,
  seek: null,
  forked: null,
  dropping: false,
  openShare: () => set({ share: { open: true, link: null } }),
  showLink: (link) => set((s) => (s.share.open ? { share: { open: true, link } } : {})),
  setCopied: (copied) => set((s) => (s.share.open && s.share.link ? { share: { open: true, link: { ...s.share.link, copied } } } : {})),
  closeShare: () => set({ share: { open: false } }),
  startOpening: (o) => set({ opening: { ...o, loaded: false }, openError: null, arrived: null, seek: null, forked: null }),
  failOpening: (openError) => set({ openError, opening: null }),
  clearOpenError: () => set({ openError: null }),
  set: (p) => set(p),
});
