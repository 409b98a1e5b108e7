// The page's side of a SimSession, for the worker's tests: load a scenario as the page does, drive
// ticks as its animation frames do, and keep every frame and message the worker sent, in order.
// link-arrival, seek-panels, incident-share and recording tests each had their own copy of this.

import { expect } from 'vitest';
import type { FrameBatch, ObjectView, ShareView, UiToWorker, WorkerToUi } from '../protocol/view';
import { decodeLink, type DecodedLink } from '../sim/scenario/link';
import { SimSession } from './session';

export type LoadCommand = Extract<UiToWorker, { type: 'load' }>;
export type Loaded = Extract<WorkerToUi, { type: 'loaded' }>;
export type SharedRun = Extract<WorkerToUi, { type: 'run' }>;

export interface TestSession {
  s: SimSession;
  /** What the worker answered to the load (its first message is `loaded`). */
  loaded: Loaded;
  frames: FrameBatch[];
  messages: WorkerToUi[];
  /** One tick of `realMs` wall ms, as a page's animation frame; the frame, if anything changed. */
  tick(realMs: number): FrameBatch | undefined;
  /** A command as the page sends it, then a tick of 0 ms so its frame arrives. */
  send(cmd: UiToWorker): WorkerToUi[];
  /** Plays `simMs` of simulated time at 100x in 16 ms ticks, as the app does, then pauses. */
  play(simMs: number): void;
  share(view?: ShareView, purpose?: 'link' | 'export'): SharedRun;
  /** Ticks 16 ms at a time until the worker says the replay `arrived` (at most `maxTicks`). */
  untilArrived(maxTicks?: number): void;
}

/**
 * Loads `text` (file name `default.yaml` unless `load.file` says otherwise) in a fresh session and
 * ticks once. `wallClock` is the session's wall clock (a slow machine's, in some tests).
 */
export function openSession(text: string, load: Partial<LoadCommand> = {}, wallClock?: () => number): TestSession {
  const s = wallClock ? new SimSession(undefined, wallClock) : new SimSession();
  const answer = s.handle({ type: 'load', file: 'default.yaml', text, ...load });
  expect(answer[0]?.type).toBe('loaded');
  const frames: FrameBatch[] = [];
  const messages: WorkerToUi[] = [];
  const tick = (realMs: number) => {
    const f = s.tick(realMs);
    if (f) frames.push(f);
    messages.push(...s.takeMessages());
    return f;
  };
  tick(0);
  return {
    s,
    loaded: answer[0] as Loaded,
    frames,
    messages,
    tick,
    send(cmd) {
      const out = s.handle(cmd);
      messages.push(...out);
      tick(0);
      return out;
    },
    play(simMs) {
      s.handle({ type: 'speed', speed: 100 });
      s.handle({ type: 'play' });
      const until = s.cluster!.sim.now + simMs;
      while (s.cluster!.sim.now < until) tick(16);
      s.handle({ type: 'pause' });
      tick(0);
    },
    share(view = {}, purpose = 'link') {
      return s.handle({ type: 'share', purpose, view })[0] as SharedRun;
    },
    untilArrived(maxTicks = 10_000) {
      for (let i = 0; i < maxTicks && !messages.some((m) => m.type === 'arrived'); i++) tick(16);
    },
  };
}

/** The run a link carries (a URL, `#run=...` or `run=...`, see decodeLink); throws on anything else. */
export function runLink(input: string): Extract<DecodedLink, { kind: 'run' }> {
  const d = decodeLink(input);
  if ('error' in d || d.kind !== 'run') throw new Error(JSON.stringify(d));
  return d;
}

/** The objects a page holds after these frames, by id (a reset frame replaces them). */
export function heldObjects(frames: FrameBatch[]): Map<string, ObjectView> {
  const objects = new Map<string, ObjectView>();
  for (const f of frames) {
    if (f.reset) objects.clear();
    for (const v of [...f.objects.added, ...f.objects.updated]) objects.set(v.id, v);
    for (const id of f.objects.removed) objects.delete(id);
  }
  return objects;
}
