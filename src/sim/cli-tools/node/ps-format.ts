// procps-ng's ps (4.0, `ps aux`, `ps -ef`, with `--forest` or `f`) and psmisc's `pstree -p`, as they
// print to a pipe (ssh with a command gets no terminal): fixed-width columns whose overflow eats the
// padding of the columns after it, user names longer than 8 characters cut to 7 and a `+`, PIDs 7
// wide (pid_max is 4194304 on a systemd machine), the forest's ` \_ ` branches, and pstree's ASCII
// tree (`-+-`, `|-`, `` `- ``, `---`) cut at 132 columns.

import { rfc3339 } from '../../api/time';
import type { ProcEntry } from './host-process-view';

/** The host's /etc/passwd (Ubuntu 22.04) for the uids a node's processes run as; others print as numbers. */
const USERS: Record<number, string> = { 0: 'root', 33: 'www-data', 101: 'systemd-resolve' };
/** MemTotal of a 4 GiB node, in KiB (%MEM). */
const MEM_TOTAL_KB = 4_005_300;

export function userName(uid: number): string {
  return USERS[uid] ?? String(uid);
}

function psUser(uid: number): string {
  const n = userName(uid);
  return n.length > 8 ? `${n.slice(0, 7)}+` : n;
}

interface Col {
  text: string;
  width: number;
  left?: boolean;
}

/** One line of fixed columns; a value wider than its column pushes the rest right until padding absorbs it. */
function line(cols: Col[], tail: string): string {
  let out = '';
  let ideal = 0;
  cols.forEach((c, i) => {
    if (i > 0) {
      out += ' ';
      ideal += 1;
    }
    ideal += c.width;
    const pad = Math.max(0, c.width - c.text.length);
    const over = Math.max(0, out.length + c.text.length + pad - ideal);
    const kept = ' '.repeat(Math.max(0, pad - over));
    out += c.left ? c.text + kept : kept + c.text;
  });
  return `${out} ${tail}`;
}

function hhmm(ms: number): string {
  return rfc3339(ms).slice(11, 16);
}

/** ps's START/STIME: the time of day if it started in the last 24 hours, else `Aug13`. */
function startTime(ms: number, now: number): string {
  if (now - ms < 86_400_000) return hhmm(ms);
  const d = rfc3339(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(d.slice(5, 7)) - 1]}${d.slice(8, 10)}`;
}

/** Session leaders (runc and systemd start each service and container's first process with setsid) show `s`; Go programs and redis run threads (`l`). */
function stat(p: ProcEntry, leaders: Set<number>): string {
  const threaded = p.vszKb >= 100_000 && p.pid !== 1;
  return `S${leaders.has(p.pid) ? 's' : ''}${threaded ? 'l' : ''}`;
}

function leadersOf(procs: ProcEntry[]): Set<number> {
  const shims = new Set(procs.filter((p) => p.comm === 'containerd-shim').map((p) => p.pid));
  return new Set(procs.filter((p) => p.ppid <= 1 ? p.comm !== 'containerd-shim' : shims.has(p.ppid)).map((p) => p.pid));
}

/** Parents before children, siblings by PID; depth for the forest's indentation. */
function forestOrder(procs: ProcEntry[]): { p: ProcEntry; depth: number }[] {
  const pids = new Set(procs.map((p) => p.pid));
  const kids = new Map<number, ProcEntry[]>();
  for (const p of procs) if (pids.has(p.ppid)) kids.set(p.ppid, [...(kids.get(p.ppid) ?? []), p]);
  const out: { p: ProcEntry; depth: number }[] = [];
  const walk = (p: ProcEntry, depth: number): void => {
    out.push({ p, depth });
    for (const k of kids.get(p.pid) ?? []) walk(k, depth + 1);
  };
  for (const p of procs) if (!pids.has(p.ppid)) walk(p, 0);
  return out;
}

function branch(depth: number): string {
  return depth === 0 ? '' : `${'    '.repeat(depth - 1)} \\_ `;
}

export type PsStyle = 'bsd' | 'full' | 'simple';

/** `ps aux` (bsd), `ps -ef` (full) or `ps -e` (simple), optionally as a forest. */
export function psTable(procs: ProcEntry[], now: number, style: PsStyle, forest: boolean): string {
  const rows = forest ? forestOrder(procs) : procs.map((p) => ({ p, depth: 0 }));
  const leaders = leadersOf(procs);
  if (style === 'bsd') {
    const head = 'USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND';
    const body = rows.map(({ p, depth }) => line([
      { text: psUser(p.uid), width: 8, left: true },
      { text: String(p.pid), width: 7 },
      { text: '0.0', width: 4 },
      { text: ((p.rssKb * 100) / MEM_TOTAL_KB).toFixed(1), width: 4 },
      { text: String(p.vszKb), width: 6 },
      { text: String(p.rssKb), width: 5 },
      { text: '?', width: 8, left: true },
      { text: stat(p, leaders), width: 4, left: true },
      { text: startTime(p.startedAt, now), width: 5 },
      { text: '0:00', width: 6 },
    ], branch(depth) + p.args));
    return [head, ...body].join('\n') + '\n';
  }
  if (style === 'simple') {
    // `ps -e`: the default columns, the command's name only (and the forest drawn before it).
    const body = rows.map(({ p, depth }) => line([{ text: String(p.pid), width: 7 }, { text: '?', width: 8, left: true }, { text: '00:00:00', width: 8 }], branch(depth) + p.comm));
    return ['    PID TTY          TIME CMD', ...body].join('\n') + '\n';
  }
  const head = 'UID          PID    PPID  C STIME TTY          TIME CMD';
  const body = rows.map(({ p, depth }) => line([
    { text: psUser(p.uid), width: 8, left: true },
    { text: String(p.pid), width: 7 },
    { text: String(p.ppid), width: 7 },
    { text: '0', width: 2 },
    { text: startTime(p.startedAt, now), width: 5, left: true },
    { text: '?', width: 8, left: true },
    { text: '00:00:00', width: 8 },
  ], branch(depth) + p.args));
  return [head, ...body].join('\n') + '\n';
}

/** pstree's width when its output is not a terminal. */
const PSTREE_COLUMNS = 132;

/** `pstree -p [PID]`: the tree from PID (default 1), children by name then PID, threads left out. */
export function pstree(procs: ProcEntry[], root: number): string | undefined {
  const top = procs.find((p) => p.pid === root);
  if (!top) return undefined;
  const kids = new Map<number, ProcEntry[]>();
  for (const p of procs) if (p.pid !== p.ppid) kids.set(p.ppid, [...(kids.get(p.ppid) ?? []), p]);
  for (const list of kids.values()) list.sort((a, b) => (a.comm < b.comm ? -1 : a.comm > b.comm ? 1 : a.pid - b.pid));
  const render = (p: ProcEntry): string[] => {
    const label = `${p.comm}(${p.pid})`;
    const children = kids.get(p.pid) ?? [];
    if (!children.length) return [label];
    if (children.length === 1) {
      const sub = render(children[0]!);
      return [`${label}---${sub[0]}`, ...sub.slice(1).map((l) => ' '.repeat(label.length + 3) + l)];
    }
    const out: string[] = [];
    children.forEach((k, i) => {
      const sub = render(k);
      const last = i === children.length - 1;
      out.push((i === 0 ? `${label}-+-` : ' '.repeat(label.length) + (last ? ' `-' : ' |-')) + sub[0]);
      for (const l of sub.slice(1)) out.push(' '.repeat(label.length) + (last ? '   ' : ' | ') + l);
    });
    return out;
  };
  return render(top).map((l) => (l.length > PSTREE_COLUMNS ? `${l.slice(0, PSTREE_COLUMNS - 1)}+` : l)).join('\n') + '\n';
}
