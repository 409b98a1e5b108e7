// The simulation `kubeplay serve` runs, as the pages it serves see it: the same SimSession the Web
// Worker hosts (src/worker/session.ts), built with the API gateway real clients come in through.
// One timer plays it (session.tick, so a page's pause, step and speed control simulated time for
// real kubectl too), hands the gateway's answers back to the HTTPS side, and sends each frame to
// every connected page; between frames, `advance` plays up to an event that is due sooner. Commands from any page apply; a page that connects mid-run gets `loaded`
// and then a frame with everything (a reset frame, as after a seek), and so do the others.
//
// Back-pressure, as the worker's (sim.worker.ts FRAMES_AHEAD): a frame is built only when every
// page has drawn all but FRAMES_AHEAD of the frames it was sent (`frameShown`); until then what
// changed waits in the one BatchBuilder and the simulation runs on. A page that stops drawing (a
// hidden tab draws nothing) holds the others back for STALE_MS at most: then it is sent no frames
// until it draws again, and then everyone gets a reset frame, since it missed some.
//
// A served run only goes forward, in one cluster that real clients share: loading another
// scenario, a link, a restore, a reset and going back in time are refused with an `error`.

import type { ScenarioSource, UiToWorker, WorkerToUi } from '../protocol/view';
import { buildCluster, type Cluster } from '../sim/cluster';
import type { GatewayOutput } from '../sim/gateway/api-gateway';
import type { ScenarioRunner } from '../sim/scenario/run';
import type { Scenario } from '../sim/scenario/schema';
import { FRAMES_AHEAD, SimSession } from '../worker/session';

/** A connected page: what the session sends it. */
export interface PageClient {
  send(m: WorkerToUi): void;
}

/** Commands a page may give a served run (the rest would replace or rewind the shared cluster). */
const ALLOWED = new Set<string>(['play', 'pause', 'speed', 'step', 'stepPhase', 'skip', 'exec', 'cancel', 'kill', 'restart', 'start', 'partition', 'link', 'heal', 'share', 'cycles', 'logs']);
/**
 * With pages connected but none drawing, a frame is still built every this many ticks, so what it
 * collects stays bounded; with no page at all nothing is built (a frame reads every object and
 * component: with 3,000 pods that is most of a tick, and requests wait behind it), and what was
 * collected is dropped as often.
 */
const IDLE_FRAME_EVERY = 30;
/**
 * The smallest piece of wall time advance plays, so that events close together run in one piece:
 * kube-apiserver's copies of one watch event to the watches of one client come in order on one
 * link, together or spread over at most its jitter (LAN: 0.5 ms, kernel/network.ts), and go out in
 * a few ticks rather than one tick each.
 */
const MIN_PIECE_MS = 0.1;
/** A bound on advance's pieces (the wall time left is owed to the next tick). */
const MAX_PIECES = 1000;
/** Wall ms a page may go without drawing the frames it was sent before it stops holding the others back. */
export const STALE_MS = 2000;

interface PageState {
  /** Frames sent that the page has not said it drew. */
  undrawn: number;
  /** Wall ms when it last drew a frame (or connected). */
  drewAt: number;
  /** It stopped drawing: it is sent no frames until it draws again. */
  stale: boolean;
}

export function refusal(type: string): WorkerToUi {
  return {
    type: 'error',
    message: `kubeplay serve runs one cluster that real clients share: "${type}" is not available in a served run (start kubeplay serve with another scenario instead)`,
    errors: [],
  };
}

export class ServedSession {
  readonly session: SimSession;
  private readonly clients = new Map<PageClient, PageState>();
  private readonly loaded: WorkerToUi;
  private last: number;
  private idleTicks = 0;

  constructor(
    scenario: Scenario,
    source: ScenarioSource,
    speed: number,
    /** Where the gateway's answers go (the HTTPS responses). */
    private readonly deliver: (o: GatewayOutput) => void,
    private readonly wallClock: () => number = () => performance.now(),
  ) {
    // No snapshots after the first: a served run never goes back in time, and taking one (every 30
    // simulated s, the whole cluster copied) held every waiting client for tens of milliseconds.
    this.session = new SimSession((spec, opts) => buildCluster(spec, { ...opts, gateway: true }), wallClock, { everyMs: Infinity });
    // The run's scenario says it has the gateway, so that Share's link and Export's file (which
    // carry real clients' requests as recorded steps) replay in the page and in `kubeplay run`.
    const out = this.session.adopt(source, { ...scenario, cluster: { ...scenario.cluster, gateway: true } });
    if (out[0]?.type !== 'loaded') throw new Error(`kubeplay serve: the scenario did not start: ${JSON.stringify(out[0])}`);
    this.loaded = out[0];
    // Real clients wait for the simulation: no slow motion unless a page turns it on.
    this.session.handle({ type: 'speed', speed, slowMotion: false });
    this.session.handle({ type: 'play' });
    this.last = wallClock();
  }

  get cluster(): Cluster {
    return this.session.cluster!;
  }

  get runner(): ScenarioRunner {
    return this.session.runner!;
  }

  get pages(): number {
    return this.clients.size;
  }

  /** Plays the wall time since the last tick (when playing), answers real clients, sends the frame. */
  tick(): void {
    const now = this.wallClock();
    const real = now - this.last;
    this.last = now;
    const drawing = [...this.clients.values()].filter((p) => {
      if (!p.stale && p.undrawn >= FRAMES_AHEAD && now - p.drewAt > STALE_MS) p.stale = true;
      return !p.stale;
    });
    const idle = drawing.length === 0 && ++this.idleTicks % IDLE_FRAME_EVERY === 0;
    const ready = drawing.length > 0 ? drawing.every((p) => p.undrawn < FRAMES_AHEAD) : idle && this.clients.size > 0;
    const frame = this.session.tick(real, ready);
    if (idle && this.clients.size === 0) this.session.discardFrame();
    this.drain();
    if (frame) {
      for (const [c, p] of this.clients) {
        if (p.stale) continue;
        p.undrawn++;
        c.send(frame);
      }
    }
    for (const m of this.session.takeMessages()) this.broadcast(m);
  }

  /**
   * Plays the wall time since the last tick and hands real clients what came, with no frame: the
   * ticks kubeplay serve runs between frames when a kernel event is due sooner (serve.ts). What
   * changed waits for the next frame, and so do the session's messages (sent after a frame).
   *
   * It plays in pieces, each up to the next kernel event (MIN_PIECE_MS at least), and stops after
   * the first piece that handed real clients something: clients read in this same Node process or on
   * this machine, so what is written reaches them only once the tick returns. The wall time it did
   * not play is owed (`wallMsToNextEvent` counts it) and the next tick plays it at once. Without
   * this, 200 watchers' copies of an ADDED waited while the same tick wrote them the MODIFIED of the
   * pod's binding and ran the kubelet's status patch and sandbox behind it (bench serve-watch-200).
   * `all`: play everything owed (a request entering is recorded at its wall time's simulated time).
   */
  advance(all = false): void {
    const now = this.wallClock();
    let owed = now - this.last;
    for (let i = 0; owed > 0 && i < MAX_PIECES; i++) {
      const toNext = this.session.wallMsToNextEvent();
      // Just past the event (floating-point sums land a hair short), and not in crumbs.
      const piece = toNext === undefined || all ? owed : Math.min(owed, Math.max(toNext + 1e-6, MIN_PIECE_MS));
      this.session.tick(piece, false);
      owed -= piece;
      if (this.drain()) break;
    }
    this.last = now - Math.max(0, owed);
  }

  /**
   * Wall ms until the next kernel event is due, counting the wall time a tick left unplayed (advance):
   * at most 0 while the simulation is behind the wall clock. Undefined when paused or nothing is queued.
   */
  wallMsToNextEvent(): number | undefined {
    const ms = this.session.wallMsToNextEvent();
    return ms === undefined ? undefined : ms - (this.wallClock() - this.last);
  }

  /** Wall time from now on counts from now (after someone ran the simulation directly, as the tests do). */
  resync(): void {
    this.last = this.wallClock();
  }

  connect(c: PageClient): void {
    this.clients.set(c, { undrawn: 0, drewAt: this.wallClock(), stale: false });
    c.send(this.loaded);
    this.session.resendAll();
  }

  disconnect(c: PageClient): void {
    this.clients.delete(c);
  }

  /** One command from a page: applied to the shared run, answered to that page (a fatal to all). */
  command(from: PageClient, cmd: UiToWorker): void {
    if (cmd.type === 'frameShown') return this.drew(from);
    if (!ALLOWED.has(cmd.type)) return from.send(refusal(cmd.type));
    for (const m of this.session.handle(cmd)) {
      if (m.type === 'fatal') this.broadcast(m);
      else from.send(m);
    }
    // A step may have answered a real client.
    this.drain();
  }

  private drew(c: PageClient): void {
    const p = this.clients.get(c);
    if (!p) return;
    p.drewAt = this.wallClock();
    p.undrawn = Math.max(0, p.undrawn - 1);
    if (!p.stale) return;
    // Back from a hidden tab: it missed frames, so the next one carries everything (to every page).
    p.stale = false;
    p.undrawn = 0;
    this.session.resendAll();
  }

  /** Hands real clients the gateway's outputs; whether there were any. */
  private drain(): boolean {
    let any = false;
    for (const e of this.cluster.drainOther()) {
      if (!e.type.startsWith('gateway.')) continue;
      this.deliver(e as unknown as GatewayOutput);
      any = true;
    }
    return any;
  }

  private broadcast(m: WorkerToUi): void {
    for (const c of this.clients.keys()) c.send(m);
  }
}
