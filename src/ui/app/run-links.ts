// A run as a link or a file, on the page's side: Share (ask the worker for the run, put the link in
// the address bar and on the clipboard), Export (download it), Import (a file picked or dropped),
// and opening a link (`#run=...`, `#scenario=NAME&at=42s`) at startup or when the hash changes.
// Links and files are hostile input: the worker decodes and bounds them (the same code the CLI uses;
// the page parses neither); whatever it refuses is shown in a dialog, as text.

import type { ShareView, WorkerToUi } from '../../protocol/view';
import { type OpeningKind } from '../store/run-store';
import { findRequest, type RequestBook } from '../sequence/requests';
import { type DockTab, type Selection } from '../store/ui-store';
import { loadScenario, scenarioUrl } from './scenarios';
import { fill, STRINGS } from './strings';
import { useRunStore, useSequenceStore, useSimStore, useUiStore } from '../store/app-store';
import { stepIds, useLessonStore } from '../lessons/lesson-store';
import { withStep } from '../lessons/links';

/** The app's words in the language shown now (a reason is kept as text, in the language it was made in). */
const words = () => STRINGS[useUiStore.getState().lang];

export const DEFAULT_SCENARIO = 'default';
/** What Export saves as. */
export const EXPORT_FILE = 'kubeplay-run.yaml';
/** Files bigger than this are refused before they are read (the scenario parser's own limit is 1 MiB). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const DOCK_TABS: readonly DockTab[] = ['terminal', 'events', 'timeline', 'sequence', 'yaml', 'scenario'];

// ------------------------------------------------------------------ the view a link carries

/**
 * The screen's view as a link keeps it: the open dock tab, the selected thing, and the request the
 * Request tab follows when the person chose one (`request:<root record id>`: a replay of the same
 * run makes the same records with the same ids).
 */
export function currentView(): ShareView {
  const ui = useUiStore.getState();
  const view: ShareView = { panel: ui.dockTab };
  if (ui.selection) view.selected = ui.selection.kind === 'host' ? `host:${ui.selection.id}` : ui.selection.id;
  if (ui.sequenceRoot !== null) view.follow = `request:${ui.sequenceRoot}`;
  return view;
}

/** The root record id a link's `follow` names, when the page holds that request now. */
export function followedRoot(follow: string, book: RequestBook): number | null {
  const m = /^request:(\d{1,15})$/.exec(follow);
  if (!m) return null;
  const id = Number(m[1]);
  return findRequest(book, id) ? id : null;
}

/** The selection a link's `selected` names, when that thing exists in the cluster now. */
export function selectionOf(selected: string, sim: { hosts: object; components: object; objects: object }): Selection | null {
  const has = (table: object, id: string) => Object.prototype.hasOwnProperty.call(table, id);
  if (selected.startsWith('host:')) return has(sim.hosts, selected.slice(5)) ? { kind: 'host', id: selected.slice(5) } : null;
  if (has(sim.objects, selected)) return { kind: 'object', id: selected };
  if (has(sim.components, selected)) return { kind: 'component', id: selected };
  return null;
}

/** Shows what the link's author saw: the dock tab, the selection and the followed request (unknown values are ignored). */
export function restoreView(view: ShareView | undefined): void {
  if (!view) return;
  const ui = useUiStore.getState();
  const tab = DOCK_TABS.find((t) => t === view.panel);
  if (tab) {
    ui.setDockTab(tab);
    if (!ui.dockOpen) ui.toggle('dockOpen');
  }
  if (view.selected) {
    const sel = selectionOf(view.selected, useSimStore.getState());
    if (sel) ui.select(sel);
  }
  if (view.follow) {
    const root = followedRoot(view.follow, useSequenceStore.getState().requestBook);
    if (root !== null) ui.setSequenceRoot(root);
  }
}

// ------------------------------------------------------------------ share, export

export function requestShare(): void {
  useRunStore.getState().openShare();
  useUiStore.getState().send({ type: 'share', purpose: 'link', view: currentView() });
}

export function requestExport(): void {
  useRunStore.getState().set({ exporting: true });
  useUiStore.getState().send({ type: 'share', purpose: 'export', view: currentView() });
}

/** The worker's answer to `share`. */
export function onRun(m: Extract<WorkerToUi, { type: 'run' }>): void {
  if (m.purpose === 'export') {
    useRunStore.getState().set({ exporting: false });
    downloadText(EXPORT_FILE, m.yaml);
    return;
  }
  // In the address bar without a reload and without a hashchange (replaceState fires none), so
  // the page does not open its own link again.
  // A lesson's link keeps the step shown (src/ui/lessons/links.ts).
  const lesson = useLessonStore.getState();
  const step = lesson.lesson ? stepIds(lesson.lesson)[lesson.index] : undefined;
  window.history.replaceState(null, '', `#${step ? withStep(m.fragment, step) : m.fragment}`);
  const url = window.location.href;
  const run = useRunStore.getState();
  run.showLink({ url, chars: url.length, at: m.at, traceHash: m.traceHash, copied: 'pending' });
  void copyText(url).then((ok) => useRunStore.getState().setCopied(ok ? 'yes' : 'no'));
}

/** Puts text on the clipboard; false when the browser does not allow it (the person copies by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves text as a file through a temporary object URL and a download link. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ------------------------------------------------------------------ opening links

/** A fragment the app opens itself (`run=` or `scenario=`), rather than one some other page put there. */
export function isRunFragment(hash: string): boolean {
  const f = hash.startsWith('#') ? hash.slice(1) : hash;
  return f.startsWith('run=') || f.startsWith('scenario=') || /(^|&)(run|scenario)=/.test(f);
}

/**
 * Opens the run a fragment names. Returns false when it names none (the page then opens the
 * default cluster). `stillWanted` lets a caller that went away drop a late answer.
 */
export function openFragment(hash: string, stillWanted: () => boolean = () => true): boolean {
  if (!isRunFragment(hash)) return false;
  linkStillWanted = stillWanted;
  useRunStore.getState().startOpening({ kind: 'link', name: 'link', playWhenLoaded: false });
  useUiStore.getState().send({ type: 'openLink', fragment: hash });
  return true;
}

let linkStillWanted: () => boolean = () => true;

/** `linkBuiltin`: the link named a built-in scenario; fetch it as the picker would. */
export function onLinkBuiltin(m: Extract<WorkerToUi, { type: 'linkBuiltin' }>): void {
  void openBuiltin(m.name, m.at, linkStillWanted);
}

/** `linkRefused`: the worker could not open the link. */
export function onLinkRefused(m: Extract<WorkerToUi, { type: 'linkRefused' }>): void {
  useRunStore.getState().failOpening({ kind: 'link', name: 'link', reason: m.reason, details: [] });
}

async function openBuiltin(name: string, at: number | undefined, stillWanted: () => boolean): Promise<void> {
  useRunStore.getState().startOpening({ kind: 'builtin', name, playWhenLoaded: at === undefined });
  const fail = (reason: string) => stillWanted() && useRunStore.getState().failOpening({ kind: 'builtin', name, reason, details: [] });
  let text: string;
  try {
    const r = await fetch(scenarioUrl(name));
    // A server with a single-page fallback answers an unknown path with the page itself.
    if (!r.ok || (r.headers.get('content-type') ?? '').includes('text/html')) return void fail(fill(words().noBuiltinScenario, { name }));
    text = await r.text();
  } catch (e) {
    return void fail(fill(words().builtinFetchFailed, { name, error: e instanceof Error ? e.message : String(e) }));
  }
  if (!stillWanted()) return;
  useUiStore.getState().send({ type: 'load', file: `${name}.yaml`, text, ...(at !== undefined ? { at } : {}) });
}

/** Leaves whatever was opened and starts the default cluster, playing; the address bar forgets the link. */
export function openDefaultCluster(): void {
  clearRunHash();
  useRunStore.getState().set({ opening: null, arrived: null });
  useRunStore.getState().clearOpenError();
  void loadScenario(DEFAULT_SCENARIO).then((ok) => ok && useUiStore.getState().send({ type: 'play' }));
}

/** Takes a run link out of the address bar (another scenario was picked: a reload must not reopen it). */
export function clearRunHash(): void {
  if (isRunFragment(window.location.hash)) window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

// ------------------------------------------------------------------ import

/** Reads a picked or dropped file and loads it as a scenario. */
export async function importFile(file: File): Promise<void> {
  const run = useRunStore.getState();
  if (!/\.ya?ml$/i.test(file.name)) {
    run.failOpening({ kind: 'file', name: file.name, reason: words().importNotYaml, details: [] });
    return;
  }
  if (file.size > MAX_IMPORT_BYTES) {
    run.failOpening({ kind: 'file', name: file.name, reason: fill(words().importTooBig, { size: file.size, max: MAX_IMPORT_BYTES }), details: [] });
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    run.failOpening({ kind: 'file', name: file.name, reason: fill(words().importUnreadable, { error: e instanceof Error ? e.message : String(e) }), details: [] });
    return;
  }
  // A run saved with its moment (spec.pauseAt) replays there and pauses; any other scenario plays,
  // as a picked one does. The worker parses it and says which (`loaded`'s pauseAt).
  clearRunHash();
  run.startOpening({ kind: 'file', name: file.name, playWhenLoaded: true });
  useUiStore.getState().send({ type: 'load', file: file.name, text });
}

// ------------------------------------------------------------------ the worker's answers while opening

/** `loaded` while a link or a file is opened; `pauseAt`: the run replays to a moment and pauses there. */
export function onOpeningLoaded(pauseAt?: number): void {
  const o = useRunStore.getState().opening;
  if (!o) return;
  if (o.playWhenLoaded && pauseAt === undefined) {
    useRunStore.getState().set({ opening: null });
    useUiStore.getState().send({ type: 'play' });
    return;
  }
  useRunStore.getState().set({ opening: { ...o, loaded: true } });
}

/** `arrived`: the replay reached its moment and paused there. */
export function onArrived(m: Extract<WorkerToUi, { type: 'arrived' }>): void {
  const kind: OpeningKind = useRunStore.getState().opening?.kind ?? 'link';
  useRunStore.getState().set({ opening: null, arrived: { time: m.time, traceHash: m.traceHash, kind } });
  restoreView(m.view);
}

/**
 * `error` from the worker: after a link or a file was sent and before its cluster was built, it is
 * that one's failure (the worker refused the scenario), shown in the dialog (true); otherwise it is
 * some command's, for the error banner (false).
 */
export function onOpenError(message: string, errors: string[]): boolean {
  const o = useRunStore.getState().opening;
  if (!o || o.loaded) return false;
  useRunStore.getState().failOpening({ kind: o.kind, name: o.name, reason: message, details: errors.slice(0, 20) });
  return true;
}
