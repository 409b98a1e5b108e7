// systemctl and journalctl on a node shell: they read the host's systemd and journald through
// ctx.hostProcesses() and start or stop units through ctx.systemctl() (both local to the host).

import { ownValue } from '../../api/own-keys';
import type { Effects, HostProcessInfo, SystemctlAction } from '../../kernel/component';
import type { NodeShellState } from './node-shell';
import { output } from './shell-output';
import { startFollow } from './journal-follow';
import { journalLines, statusText, UNITS, type UnitInfo } from './systemd-format';

/** `kubelet`, `kubelet.service` -> the unit and the process running it on this host. */
function findUnit(ctx: Effects, name: string): { unit: UnitInfo; proc: HostProcessInfo } | undefined {
  const kind = name.replace(/\.service$/, '');
  const unit = ownValue(UNITS, kind);
  if (!unit) return undefined;
  const proc = ctx.hostProcesses().find((p) => p.kind === kind);
  return proc ? { unit, proc } : undefined;
}

function unitName(name: string): string {
  return name.endsWith('.service') ? name : `${name}.service`;
}

export function systemctl(s: NodeShellState, ctx: Effects, jobId: number, args: string[]): void {
  const [verb = '', ...names] = args.filter((a) => !a.startsWith('-'));
  const name = names[0];
  if (!verb || !name) return output(ctx, jobId, '', 'Too few arguments.\n', 1);
  const found = findUnit(ctx, name);
  if (verb === 'status') {
    if (!found) return output(ctx, jobId, '', `Unit ${unitName(name)} could not be found.\n`, 4);
    const { text, exitCode } = statusText(found.unit, found.proc, s.node, ctx.now, s.stoppedUnits.includes(found.proc.kind));
    return output(ctx, jobId, text, '', exitCode);
  }
  if (verb === 'is-active') {
    // Same states as status: a unit whose process was killed (not stopped) is `failed`.
    if (found && !found.proc.alive && found.proc.since !== undefined && !s.stoppedUnits.includes(found.proc.kind)) return output(ctx, jobId, 'failed\n', '', 3);
    if (!found || !found.proc.alive) return output(ctx, jobId, 'inactive\n', '', 3);
    return output(ctx, jobId, 'active\n', '', 0);
  }
  if (verb === 'start' || verb === 'stop' || verb === 'restart') {
    if (!found) return output(ctx, jobId, '', `Failed to ${verb} ${unitName(name)}: Unit ${unitName(name)} not found.\n`, 5);
    ctx.systemctl(verb as SystemctlAction, found.proc.id);
    s.stoppedUnits = s.stoppedUnits.filter((k) => k !== found.proc.kind);
    if (verb === 'stop') s.stoppedUnits.push(found.proc.kind);
    return output(ctx, jobId, '', '', 0);
  }
  output(ctx, jobId, '', `Unknown command verb ${verb}.\n`, 1);
}

/** journalctl's parse_lines: a count of lines or `all`; anything else is refused. */
function parseLines(raw: string | undefined): number | undefined | 'bad' {
  if (raw === 'all') return undefined;
  return raw !== undefined && /^\+?\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 'bad';
}

export function journalctl(s: NodeShellState, ctx: Effects, jobId: number, args: string[]): void {
  let unit: string | undefined;
  let n: number | undefined;
  let follow = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let lines: string | undefined | null = null;
    if (a === '-f' || a === '--follow') follow = true;
    else if (a === '-u' || a === '--unit') unit = args[++i];
    else if (a.startsWith('--unit=')) unit = a.slice(7);
    else if (a === '-n' || a === '--lines') lines = args[++i];
    else if (a.startsWith('--lines=')) lines = a.slice(8);
    else if (/^-n./.test(a)) lines = a.slice(2);
    if (lines === null) continue;
    const parsed = parseLines(lines);
    if (parsed === 'bad') return output(ctx, jobId, '', `Failed to parse lines '${lines ?? ''}'\n`, 1);
    n = parsed;
  }
  // Follow mode keeps running: the last lines now, the rest as they are logged (journal-follow.ts).
  if (follow) return startFollow(s.follows, ctx, s.node, jobId, unit, n);
  let lines: string[];
  if (unit === undefined) {
    // The whole journal: every unit's lines, oldest first.
    const all: { time: number; text: string }[] = [];
    for (const kind of Object.keys(UNITS)) {
      const f = findUnit(ctx, kind);
      if (!f) continue;
      const texts = journalLines(f.unit, f.proc, s.node);
      f.proc.log.forEach((l, i) => all.push({ time: l.time, text: texts[i]! }));
    }
    lines = all.sort((a, b) => a.time - b.time).map((x) => x.text);
    if (n !== undefined) lines = lines.slice(Math.max(0, lines.length - n));
  } else {
    const found = findUnit(ctx, unit);
    lines = found ? journalLines(found.unit, found.proc, s.node, n) : [];
  }
  output(ctx, jobId, lines.length ? lines.join('\n') + '\n' : '-- No entries --\n', '', 0);
}
