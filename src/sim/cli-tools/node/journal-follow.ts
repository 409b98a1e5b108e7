// `journalctl -f`: print the last lines, then keep printing what the unit logs, once a second, until
// Ctrl-C (`cli.cancel`). journald follows the unit, not a process, so a restarted kubelet's new lines
// keep coming. Each follow is plain data keyed by job id; a one-second timer per job polls the host's
// journal (ctx.hostProcesses(), local to the host).

import { ownValue } from '../../api/own-keys';
import type { Effects, Timer } from '../../kernel/component';
import type { TimerId } from '../../kernel/units';
import { chunk, output } from './shell-output';
import { journalLines, UNITS } from './systemd-format';

export const FOLLOW_TIMER = 'journalctl.follow';
/** How often a follow looks for new journal lines (journald wakes followers as lines arrive; a second is close enough). */
export const FOLLOW_POLL_MS = 1000;
/**
 * journalctl -f ended by Ctrl-C: systemd 252's journalctl leaves SIGINT at its default action, so the
 * shell sees a process killed by signal 2 and reports 128 + 2 (systemd 254-257 re-raise the signal,
 * same status; only systemd 258 exits 0: systemd/systemd PRs #27519 and #38116).
 */
export const INTERRUPTED_EXIT = 130;

export interface JournalFollow {
  /** The unit's process kind (`kubelet`), or undefined for the whole journal. */
  unit: string | undefined;
  /** The time of the last line printed, and how many lines of that same time were printed. */
  time: number;
  atTime: number;
  timer: TimerId;
}

export type JournalFollows = Map<number, JournalFollow>;

interface Entry {
  time: number;
  text: string;
}

/**
 * The journal lines of one unit (or of every unit) from time `since` on, oldest first. Only those are
 * formatted: a follow looks every second, and the journal holds thousands of lines.
 */
export function journalEntries(ctx: Effects, host: string, unit: string | undefined, since = -Number.MAX_SAFE_INTEGER): Entry[] {
  const kinds = unit === undefined ? Object.keys(UNITS) : [unit.replace(/\.service$/, '')];
  const all: Entry[] = [];
  for (const kind of kinds) {
    const info = ownValue(UNITS, kind);
    const proc = ctx.hostProcesses().find((p) => p.kind === kind);
    if (!info || !proc) continue;
    const log = proc.log.filter((l) => l.time >= since);
    const texts = journalLines(info, { ...proc, log }, host);
    log.forEach((l, i) => all.push({ time: l.time, text: texts[i]! }));
  }
  // A stable sort keeps each unit's own order for lines of the same millisecond.
  return all.sort((a, b) => a.time - b.time);
}

/** The entries after the cursor (time, and how many of that time were already printed). */
function after(entries: Entry[], time: number, atTime: number): Entry[] {
  let seen = 0;
  return entries.filter((e) => {
    if (e.time > time) return true;
    if (e.time < time) return false;
    seen++;
    return seen > atTime;
  });
}

/** Moves the cursor past the printed entries. */
function advance(f: Pick<JournalFollow, 'time' | 'atTime'>, printed: Entry[]): void {
  for (const e of printed) {
    if (e.time === f.time) f.atTime++;
    else {
      f.time = e.time;
      f.atTime = 1;
    }
  }
}

function text(entries: Entry[]): string {
  return entries.map((e) => e.text + '\n').join('');
}

export function startFollow(follows: JournalFollows, ctx: Effects, host: string, jobId: number, unit: string | undefined, n = 10): void {
  const entries = journalEntries(ctx, host, unit);
  const first = entries.slice(Math.max(0, entries.length - n));
  const f: JournalFollow = { unit, time: -Number.MAX_SAFE_INTEGER, atTime: 0, timer: ctx.setTimer(FOLLOW_POLL_MS, FOLLOW_TIMER, jobId) };
  // The cursor starts after the whole journal, not only after the lines shown.
  advance(f, entries);
  follows.set(jobId, f);
  if (first.length) chunk(ctx, jobId, text(first));
}

export function followTick(follows: JournalFollows, ctx: Effects, host: string, t: Timer): void {
  const jobId = t.payload as number;
  const f = follows.get(jobId);
  if (!f) return;
  const fresh = after(journalEntries(ctx, host, f.unit, f.time), f.time, f.atTime);
  advance(f, fresh);
  // Only when there is something new, so a quiet follow adds nothing to the output.
  if (fresh.length) chunk(ctx, jobId, text(fresh));
  f.timer = ctx.setTimer(FOLLOW_POLL_MS, FOLLOW_TIMER, jobId);
}

/** Ctrl-C: ends the follow; false when the job is no follow of this shell. */
export function cancelFollow(follows: JournalFollows, ctx: Effects, jobId: number): boolean {
  const f = follows.get(jobId);
  if (!f) return false;
  ctx.cancelTimer(f.timer);
  follows.delete(jobId);
  output(ctx, jobId, '', '', INTERRUPTED_EXIT);
  return true;
}
