// The `ui-frame` bench line of issue 14, gathered from two specs: graph-scale.spec.ts (50 workers x
// 30 pods at 1x: fpsMedian, fpsP5, longTasksOver50ms, batchKiBP95) and scale-view.spec.ts (the scale
// view at 5,000 nodes: scaleViewFirstPaintMs, scaleViewPanFps). Each spec merges its figures into
// the line in bench/results/latest.json, only when KUBEPLAY_BENCH_WRITE=1 (a test run never changes
// the committed figures by accident); the line keeps the other spec's figures and says when each
// part was measured and on how loaded a machine.

import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LATEST = path.join(process.cwd(), 'bench', 'results', 'latest.json');

export function benchWriteWanted(): boolean {
  return process.env.KUBEPLAY_BENCH_WRITE === '1';
}

/** Merges `figures` into latest.json's `ui-frame` line (when asked to); `part` names the spec that measured them. */
export function recordUiFrame(part: 'graph-50x30' | 'scale-view-5000', figures: Record<string, number | string>): void {
  if (!benchWriteWanted()) return;
  const all = JSON.parse(readFileSync(LATEST, 'utf8')) as Record<string, Record<string, unknown>>;
  const line = all['ui-frame'] ?? { name: 'ui-frame' };
  const measured = (line.measured ?? {}) as Record<string, unknown>;
  measured[part] = { date: new Date().toISOString(), loadAverage: Math.round(os.loadavg()[0]! * 100) / 100, cores: os.cpus().length };
  all['ui-frame'] = { ...line, name: 'ui-frame', ...figures, runtime: 'chromium (Playwright)', measured };
  writeFileSync(LATEST, `${JSON.stringify(all, null, 2)}\n`);
}
