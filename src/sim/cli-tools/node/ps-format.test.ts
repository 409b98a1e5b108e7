// procps-ng 4.0.2's `ps aux` / `ps -ef --forest` and psmisc 23.6's `pstree -p` as they print to a
// pipe, compared with the real tools run on Debian 12 (ps/output.c, ps/display.c; pstree.c). Lines
// quoted in the cases were printed by the real tools; the PID columns are 7 wide here, as procps
// sizes them from pid_max (4194304 on a systemd machine; 5 wide where pid_max is 32768).
import { describe, expect, it } from 'vitest';
import { HOST_NAMESPACES } from '../../node/runtime/host-pids';
import type { ProcEntry } from './host-process-view';
import { psTable, pstree } from './ps-format';

const BOOT = -60_000;
function proc(pid: number, ppid: number, args: string, over: Partial<ProcEntry> = {}): ProcEntry {
  const comm = (args.split(' ')[0]!.split('/').at(-1) ?? '').slice(0, 15);
  return { pid, ppid, uid: 0, args, comm, startedAt: BOOT, vszKb: 1600, rssKb: 900, cgroup: '0::/', ns: HOST_NAMESPACES, target: { kind: 'containerd' }, ...over };
}

const NODE: ProcEntry[] = [
  proc(1, 0, '/sbin/init', { comm: 'systemd', vszKb: 167744, rssKb: 13056 }),
  proc(712, 1, '/usr/bin/containerd', { vszKb: 2060112, rssKb: 52224 }),
  proc(3400, 1, '/usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id abc -address /run/containerd/containerd.sock', { comm: 'containerd-shim', vszKb: 1238276, rssKb: 12544 }),
  proc(3401, 3400, '/pause', { uid: 65535, vszKb: 1020, rssKb: 512 }),
  proc(3402, 3400, 'nginx: master process nginx -g daemon off;', { comm: 'nginx', vszKb: 11404, rssKb: 7404 }),
  proc(3403, 3402, 'nginx: worker process', { comm: 'nginx', uid: 101 }),
  proc(3404, 3402, 'nginx: worker process', { comm: 'nginx', uid: 101 }),
];

describe('ps (procps-ng 4.0.2)', () => {
  const aux = psTable(NODE, 0, 'bsd', false).split('\n');
  const ef = psTable(NODE, 0, 'full', true).split('\n');

  it.each([
    ['the ps aux header', aux[0], 'USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND'],
    ['PID 1, a session leader', aux[1], 'root           1  0.0  0.3 167744 13056 ?        Ss   08:59   0:00 /sbin/init'],
    // Real: `root      8235  3.7  0.4 1339324 112596 ?      SNl  13:58   0:00 npm exec ...`: a VSZ wider
    // than its 6 columns pushes the line right until the padding of later columns takes it back.
    ['a VSZ wider than its column eats the TTY padding', aux[2], 'root         712  0.0  1.3 2060112 52224 ?       Ssl  08:59   0:00 /usr/bin/containerd'],
    ['pause runs as 65535, a uid the host has no name for', aux[4], '65535       3401  0.0  0.0   1020   512 ?        Ss   08:59   0:00 /pause'],
    ['a user name over 8 characters is cut to 7 and a +', aux[6], 'systemd+    3403  0.0  0.0   1600   900 ?        S    08:59   0:00 nginx: worker process'],
    ['the ps -ef header', ef[0], 'UID          PID    PPID  C STIME TTY          TIME CMD'],
    ['a forest child of PID 1', ef[2], 'root         712       1  0 08:59 ?        00:00:00  \\_ /usr/bin/containerd'],
    ['a grandchild, indented 4 more', ef[6], 'systemd+    3403    3402  0 08:59 ?        00:00:00          \\_ nginx: worker process'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('prints ps -e with the default columns and the command name', () => {
    // Real: `    PID TTY          TIME CMD` / `      1 ?        00:00:02 systemd` (7-wide PIDs).
    expect(psTable(NODE, 0, 'simple', false).split('\n').slice(0, 3)).toEqual(['    PID TTY          TIME CMD', '      1 ?        00:00:00 systemd', '    712 ?        00:00:00 containerd']);
  });

  it('starts a process older than a day with its date (Aug13), as START does', () => {
    expect(psTable([proc(1, 0, '/sbin/init')], 2 * 86_400_000, 'bsd', false).split('\n')[1]).toContain(' Aug13 ');
  });
});

describe('pstree -p (psmisc 23.6, ASCII on a pipe)', () => {
  it('draws -+- for the first of several children, |- for the next, `- for the last, --- for an only child', () => {
    // Real, for comparison: `process_api(1)-+-bash(10309)---bash(10310)` / `               |-chrome_crashpad(10999)`.
    expect(pstree(NODE, 1)).toBe(
      [
        'systemd(1)-+-containerd(712)',
        '           `-containerd-shim(3400)-+-nginx(3402)-+-nginx(3403)',
        '                                   |             `-nginx(3404)',
        '                                   `-pause(3401)',
        '',
      ].join('\n'),
    );
  });

  it('starts at a given PID, and finds nothing for one that does not exist', () => {
    expect(pstree(NODE, 3402)).toBe('nginx(3402)-+-nginx(3403)\n            `-nginx(3404)\n');
    expect(pstree(NODE, 99)).toBeUndefined();
  });
});
