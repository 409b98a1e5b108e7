// The simulation `kubeplay serve` runs, as the pages it serves see it: the same SimSession the Web
// Worker hosts (src/worker/session.ts), built with the API gateway real clients come in through.
// One timer plays it (session.tick, so a page's pause, step and speed control simulated time for
// real kubectl too), hands the gateway's answers back to the HTTPS side, and sends each frame to
// every connected page. Commands from any page apply; a page that connects mid-run gets `loaded`
// and then a frame with everything (a reset frame, as after a seek), and so do the others.
//
// A served run only goes forward, in one cluster that real clients share: loading another
// scenario, a link, a restore, a reset and going back in time are refused with an `error`.

import type { ScenarioSource, UiToWorker, WorkerToUi } from '../protocol/view';
import { buildCluster, type Cluster } from '../sim/cluster';
import type { GatewayOutput } from '../sim/gateway/api-gateway';
import type { ScenarioRunner } from '../sim/scenario/run';
import type { Scenario } from '../sim/scenario/schema';
import { SimSession } from '../worker/session';

/** A connected page: what the session sends it. */
export interface PageClient {
  send(m: WorkerToUi): void;
}

/** Commands a page may give a served run (the rest would replace or rewind the shared cluster). */
const ALLOWED = new Set<string>(['play', 'pause', 'speed', 'step', 'stepPhase', 'skip', 'exec', 'cancel', 'kill', 'restart', 'start', 'partition', 'link', 'heal', 'share', 'cycles', 'logs']);
/** With no page connected, a frame is still built every this many ticks, so what it collects stays bounded. */
const IDLE_FRAME_EVERY = 30;

export function refusal(type: string): WorkerToUi {
  return {
    type: 'error',
    message: `kubeplay serve runs one cluster that real clients share: "${type}" is not available in a served run (start kubeplay serve with another scenario instead)`,
    errors: [],
  };
}

export class ServedSession {
  readonly session: SimSession;
  private readonly clients = new Set<PageClient>();
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
    this.session = new SimSession((spec, opts) => buildCluster(spec, { ...opts, gateway: true }), wallClock);
    const out = this.session.adopt(source, scenario);
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
    const frame = this.session.tick(real, this.clients.size > 0 || ++this.idleTicks % IDLE_FRAME_EVERY === 0);
    this.drain();
    if (frame) this.broadcast(frame);
    for (const m of this.session.takeMessages()) this.broadcast(m);
  }

  /** Wall time from now on counts from now (after someone ran the simulation directly, as the tests do). */
  resync(): void {
    this.last = this.wallClock();
  }

  connect(c: PageClient): void {
    this.clients.add(c);
    c.send(this.loaded);
    this.session.resendAll();
  }

  disconnect(c: PageClient): void {
    this.clients.delete(c);
  }

  /** One command from a page: applied to the shared run, answered to that page (a fatal to all). */
  command(from: PageClient, cmd: UiToWorker): void {
    if (cmd.type === 'frameShown') return;
    if (!ALLOWED.has(cmd.type)) return from.send(refusal(cmd.type));
    for (const m of this.session.handle(cmd)) {
      if (m.type === 'fatal') this.broadcast(m);
      else from.send(m);
    }
    // A step may have answered a real client.
    this.drain();
  }

  private drain(): void {
    for (const e of this.cluster.drainOther()) if (e.type.startsWith('gateway.')) this.deliver(e as unknown as GatewayOutput);
  }

  private broadcast(m: WorkerToUi): void {
    for (const c of this.clients) c.send(m);
  }
}
