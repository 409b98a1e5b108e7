// Reading a scenario run's load reports back as data, for tests: the transcript entry of a
// `traffic:` step holds load-generator.ts's report (totals, one line per endpoint, failures).

import type { TranscriptEntry } from '../sim/scenario/transcript';

export interface TrafficReport {
  sent: number;
  ok: number;
  failed: number;
  perEndpoint: Record<string, { ok: number; failed: number }>;
  failures: string;
}

export function parseTrafficReport(stdout: string): TrafficReport | undefined {
  const head = /^traffic .*: (\d+) requests in [\d.]+s, (\d+) ok, (\d+) failed$/m.exec(stdout);
  if (!head) return undefined;
  const perEndpoint: TrafficReport['perEndpoint'] = {};
  for (const m of stdout.matchAll(/^(\S+:\d+|\(none\))\s+(\d+)\s+(\d+)$/gm)) perEndpoint[m[1]!] = { ok: Number(m[2]), failed: Number(m[3]) };
  return { sent: Number(head[1]), ok: Number(head[2]), failed: Number(head[3]), perEndpoint, failures: /^failures: (.*)$/m.exec(stdout)?.[1] ?? '' };
}

/** The load reports of a run, in the order their steps started. */
export function trafficReports(transcript: TranscriptEntry[]): TrafficReport[] {
  return transcript.filter((e) => e.text.startsWith('traffic ')).map((e) => parseTrafficReport(e.stdout)).filter((r): r is TrafficReport => !!r);
}
