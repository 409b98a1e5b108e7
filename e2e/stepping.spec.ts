// Acceptance, issue 3, second point: paused, `step` delivers exactly one message or fires exactly one
// timer and moves the clock to that event's time and no further; `step to the next phase` stops at
// each boundary of the four phases of a request (persistence, watch, scheduling, execution).

import {
  clockMs,
  expect,
  gotoApp,
  inFlightIds,
  openDockTab,
  pause,
  pod,
  shot,
  shotSizes,
  terminalText,
  test,
  typeCommand,
  type TimelineRecord,
} from './helpers';
import type { Page } from '@playwright/test';

interface Snapshot {
  clock: number;
  next: number | undefined;
  inFlight: number[];
  records: TimelineRecord[];
}

/** Clock, next event, messages on the wire and the timeline, read in one go (so from one frame). */
async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const next = q('clock')?.getAttribute('data-next-ms') ?? '';
    const ids = q('in-flight')?.getAttribute('data-ids') ?? '';
    return {
      clock: Number(q('clock')?.getAttribute('data-ms')),
      next: next === '' ? undefined : Number(next),
      inFlight: ids === '' ? [] : ids.split(' ').map(Number),
      records: [...document.querySelectorAll('[data-testid="timeline-list"] li')].map((li) => ({
        id: Number(li.getAttribute('data-id')),
        kind: li.getAttribute('data-kind') ?? '',
        time: Number(li.getAttribute('data-time')),
        from: li.getAttribute('data-from') ?? '',
        to: li.getAttribute('data-to') ?? '',
        phase: li.getAttribute('data-phase') ?? '',
        summary: li.querySelector('span.mono:last-of-type')?.textContent ?? '',
      })),
    };
  });
}

/**
 * A paused clock is not slowed, so the toolbar says no 'slow motion' (src/ui/toolbar/slow-motion.ts,
 * holdClockFrame). Within a second: the hold it must not keep lasts three (SLOWMO_HOLD_MS).
 */
async function expectNoSlowMotion(page: Page): Promise<void> {
  await expect(page.getByTestId('slowmo')).toHaveAttribute('data-factor', '', { timeout: 1000 });
}

const lastId = (s: Snapshot): number => s.records[s.records.length - 1]?.id ?? 0;
const signature = (s: Snapshot): string => `${s.clock}|${s.next}|${s.inFlight.join(',')}|${lastId(s)}`;

test('paused, each step delivers exactly one message or fires one timer, and the clock moves to its time only', async ({ page }) => {
  await gotoApp(page);
  // Every record in the timeline, heartbeats included, so a timer that fires is seen.
  await page.getByTestId('hide-heartbeats').uncheck();
  await pause(page);
  await typeCommand(page, 'kubectl run stepper --image=nginx:1.25', { wait: false });
  await expect(page.getByTestId('terminal-text')).toContainText('$ kubectl run stepper --image=nginx:1.25');
  await openDockTab(page, 'timeline');
  // The command is on the wire (kubectl receives it as a message), but nothing moves while paused.
  await expect.poll(async () => (await inFlightIds(page)).length).toBeGreaterThan(0);
  const paused = await snapshot(page);
  await page.waitForTimeout(300);
  expect(signature(await snapshot(page))).toBe(signature(paused));

  let before = paused;
  const kinds: string[] = [];
  for (let i = 0; i < 25; i++) {
    expect(before.next, 'an event is queued').toBeDefined();
    await page.getByTestId('step').click();
    let after = before;
    await expect.poll(async () => signature((after = await snapshot(page))), { message: `step ${i + 1} shows up` }).not.toBe(signature(before));
    const fresh = after.records.filter((r) => r.id > lastId(before));
    const what =
      `step ${i + 1}: clock ${before.clock} (next ${before.next}) -> ${after.clock}; in flight [${before.inFlight.join(',')}] -> [${after.inFlight.join(',')}]; ` +
      `new records ${fresh.map((r) => `#${r.id} ${r.kind} ${r.from}->${r.to} ${r.summary}`).join(' | ')}`;
    // The clock jumped to the event's time, not past it.
    expect(after.clock, what).toBe(before.next);
    // Exactly one event: one message left the wire, or (none left and) one timer fired.
    const removed = before.inFlight.filter((id) => !after.inFlight.includes(id));
    const timers = fresh.filter((r) => r.kind === 'timer');
    expect(removed.length + timers.length, what).toBe(1);
    // Whatever the event caused happened at that same instant, and the messages it sent are on the wire.
    for (const r of fresh) expect(r.time, what).toBe(after.clock);
    for (const r of fresh.filter((x) => x.kind === 'message')) expect(after.inFlight, what).toContain(r.id);
    kinds.push(removed.length ? `message #${removed[0]}` : `timer ${timers[0]!.summary}`);
    before = after;
  }
  console.log(`25 steps: ${kinds.join('; ')}`);
  expect(await page.getByTestId('play-pause').getAttribute('data-playing')).toBe('false');
  await shot(page, '06-paused-after-25-steps');
});

test('step to the next phase stops at persistence, watch, scheduling and execution in turn', async ({ page }) => {
  await gotoApp(page);
  await pause(page);
  await expectNoSlowMotion(page);
  await typeCommand(page, 'kubectl run phased --image=nginx:1.25', { wait: false });
  const badge = page.getByTestId('phase');
  await expect(badge).toHaveAttribute('data-phase', 'user');
  const start = await clockMs(page);

  const seen: { phase: string; clock: number; status: string | null }[] = [];
  for (const phase of ['persistence', 'watch', 'scheduling', 'execution']) {
    await page.getByTestId('step-phase').click();
    await expect(badge).toHaveAttribute('data-phase', phase);
    await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
    await expectNoSlowMotion(page);
    const status = (await pod(page, 'default', 'phased').count()) ? await pod(page, 'default', 'phased').getAttribute('data-status') : null;
    seen.push({ phase, clock: await clockMs(page), status });
    // Persistence stops as kubectl's POST leaves: no pod in the graph yet, no answer in the terminal.
    if (phase === 'persistence') {
      expect(status).toBeNull();
      expect(await terminalText(page)).not.toContain('pod/phased created');
    }
    // The first stop comes right after the boot's burst was drawn: both screen sizes, no 'slow motion' in the toolbar.
    if (phase === 'persistence') await shotSizes(page, '07-phase-1-persistence');
    else await shot(page, `07-phase-${seen.length}-${phase}`);
  }
  console.log(seen.map((s) => `${s.phase}@${s.clock.toFixed(3)} pod=${s.status}`).join(' -> '));
  // Each stop is later than the one before, and all of them within the first seconds of the request.
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.clock).toBeGreaterThan(seen[i - 1]!.clock);
  expect(seen[0]!.clock).toBeGreaterThanOrEqual(start);
  // Stopped at the start of execution: the kubelet has only begun, the pod is not Running yet.
  expect(seen[3]!.status).not.toBe('Running');
  // One more '>' runs to the end of the request: the pod Running, the badge done, '>' disabled (issue 11).
  await page.getByTestId('step-phase').click();
  await expect(badge).toHaveAttribute('data-state', 'done');
  await expect(badge).toContainText('done');
  await expect(pod(page, 'default', 'phased')).toHaveAttribute('data-status', 'Running');
  await expect(page.getByTestId('step-phase')).toBeDisabled();
  await shot(page, '07-phase-5-done');
});
