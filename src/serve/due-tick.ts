// kubeplay serve's ticks between frames. Frames come every TICK_MS (a page's frame rate); a real
// client waiting on the simulation (an answer, a watch's next event) should not wait for the next
// frame when a kernel event is due sooner. So while clients are connected, the soonest such event
// gets a tick of its own at its wall time: at once (setImmediate, no timer's 1 ms clamp) when it is
// due already (a request just entered), by a timer otherwise, which Node makes at least 1 ms: an
// event a fraction of a millisecond away (the next watcher's copy of an event, the LAN's jitter
// apart) waits for it rather than for a spin of immediates that would take the CPU the clients
// need. One tick is set at a time; each one sets the next.

export interface DueTickDeps {
  /** Plays the wall time since the last tick and hands clients what came (ServedSession.advance). */
  advance(): void;
  /** Wall ms until the next kernel event, when playing (SimSession.wallMsToNextEvent). */
  msToNextEvent(): number | undefined;
  /** Whether any real client waits on the simulation (open requests or watches). */
  waiting(): boolean;
  /** Wall ms at which the next frame will come anyway. */
  frameMs: number;
  now?: () => number;
}

export class DueTicks {
  private due: { at: number; cancel: () => void } | undefined;

  constructor(private readonly deps: DueTickDeps) {}

  /** Sets a tick for the next kernel event if it is due before the next frame and sooner than the one set. */
  schedule(): void {
    const d = this.deps;
    if (!d.waiting()) return;
    const ms = d.msToNextEvent();
    if (ms === undefined || ms >= d.frameMs) return;
    const at = (d.now ? d.now() : performance.now()) + ms;
    if (this.due !== undefined) {
      if (this.due.at <= at) return;
      this.due.cancel();
    }
    if (ms <= 0) {
      const t = setImmediate(this.tick);
      this.due = { at, cancel: () => clearImmediate(t) };
    } else {
      const t = setTimeout(this.tick, ms);
      this.due = { at, cancel: () => clearTimeout(t) };
    }
  }

  stop(): void {
    this.due?.cancel();
    this.due = undefined;
  }

  private readonly tick = (): void => {
    this.due = undefined;
    this.deps.advance();
    this.schedule();
  };
}
