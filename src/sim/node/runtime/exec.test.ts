// Programs run by CRI Exec inside a container, per image family (registry/userland.ts): busybox's
// applets and ash, Debian's coreutils and dash, bash; runc's start failure for a program the image
// lacks. Sources: busybox (coreutils/cat.c `can't open`, ls.c), GNU coreutils (`cannot access`),
// dash's `sh: 1: x: not found`, bash's `bash: line 1: x: command not found`, date's default format
// `%a %b %e %H:%M:%S %Z %Y`, procps and busybox ps headers.

import { describe, expect, it } from 'vitest';
import { userlandOf } from '../registry/userland';
import { dateText, execProcess, shellPrompt, type ExecContext } from './exec';

function ctx(image: string): ExecContext {
  return {
    userland: userlandOf(image),
    env: [['PATH', '/bin'], ['HOSTNAME', 'web'], ['HOME', '/root']],
    files: { '/etc/hostname': 'web\n', '/etc/config/a': 'x' },
    hostname: 'web',
    now: 0,
    startedAt: 0,
    mainCommand: 'sleep 3600',
    pid: 7,
  };
}

const run = (image: string, ...argv: string[]) => {
  const r = execProcess(argv, ctx(image));
  return r.started ? r.outcome : { missing: r.missing };
};

describe('a command run with kubectl exec', () => {
  it.each([
    ['busybox:1.36', ['sh', '-c', 'nosuch'], 'sh: nosuch: not found\n'],
    ['nginx:1.27.1', ['sh', '-c', 'nosuch'], 'sh: 1: nosuch: not found\n'],
    ['nginx:1.27.1', ['bash', '-c', 'nosuch'], 'bash: line 1: nosuch: command not found\n'],
  ])('in %s, %j reports a missing command as its shell does, exit 127', (image, argv, stderr) => {
    expect(run(image, ...argv)).toMatchObject({ stderr, exitCode: 127 });
  });

  it.each([
    ['busybox:1.36', "cat: can't open '/nope': No such file or directory\n", 1],
    ['nginx:1.27.1', 'cat: /nope: No such file or directory\n', 1],
  ])('in %s, cat of a missing file says so in its own words', (image, stderr, code) => {
    expect(run(image, 'cat', '/nope')).toMatchObject({ stderr, exitCode: code });
  });

  it('lists a directory from the mounted files and the image root', () => {
    expect(run('busybox:1.36', 'ls', '/etc/config')).toMatchObject({ stdout: 'a\n', exitCode: 0 });
    expect(run('busybox:1.36', 'ls', '/')).toMatchObject({ stdout: 'bin\ndev\netc\nhome\nlib\nlib64\nproc\nroot\nsys\ntmp\nusr\nvar\n' });
    expect(run('nginx:1.27.1', 'ls', '/missing')).toMatchObject({ stderr: "ls: cannot access '/missing': No such file or directory\n", exitCode: 2 });
  });

  it('runs && and || by exit status, and $? and variables', () => {
    expect(run('busybox:1.36', 'sh', '-c', 'false && echo no || echo yes; echo $? $HOSTNAME')).toMatchObject({ stdout: 'yes\n0 web\n', exitCode: 0 });
    expect(run('busybox:1.36', 'sh', '-c', "echo '$HOME' \"$HOME\"")).toMatchObject({ stdout: '$HOME /root\n' });
  });

  it('pipes one command into the next and greps lines (the Secrets task page: env | grep _USERNAME)', () => {
    const env = run('nginx:1.27.1', '/bin/sh', '-c', 'env | grep HOME');
    expect(env).toMatchObject({ stdout: 'HOME=/root\n', exitCode: 0 });
    expect(run('busybox:1.36', 'sh', '-c', 'env | grep -c NOPE || echo none')).toMatchObject({ stdout: '0\nnone\n', exitCode: 0 });
    expect(run('busybox:1.36', 'sh', '-c', 'echo a; echo b | cat')).toMatchObject({ stdout: 'a\nb\n' });
    expect(run('busybox:1.36', 'grep', 'x', '/nope')).toMatchObject({ stderr: 'grep: /nope: No such file or directory\n', exitCode: 2 });
  });

  it('expands \\n in echo under dash (Debian\'s sh) but not under bash or busybox', () => {
    const script = 'echo "username: $HOME\\npassword: x"';
    expect(run('nginx:1.27.1', '/bin/sh', '-c', script)).toMatchObject({ stdout: 'username: /root\npassword: x\n' });
    expect(run('nginx:1.27.1', '/bin/bash', '-c', script)).toMatchObject({ stdout: 'username: /root\\npassword: x\n' });
    expect(run('busybox:1.36', 'sh', '-c', script)).toMatchObject({ stdout: 'username: /root\\npassword: x\n' });
  });

  it('shows PID 1 and itself in ps (busybox), and has no ps in Debian-based nginx', () => {
    expect(run('busybox:1.36', 'ps')).toMatchObject({ stdout: 'PID   USER     TIME  COMMAND\n    1 root      0:00 sleep 3600\n    7 root      0:00 ps\n' });
    expect(run('nginx:1.27.1', 'ps')).toEqual({ missing: 'ps' });
  });

  it('has no shell at all in a distroless image', () => {
    expect(run('registry.k8s.io/pause:3.10', 'sh')).toEqual({ missing: 'sh' });
    expect(run('registry.k8s.io/pause:3.10', '/bin/sh', '-c', 'env')).toEqual({ missing: '/bin/sh' });
  });

  it('creates files with touch and removes them with rm, reporting the changes for the container (busybox rm.c, coreutils rm)', () => {
    expect(run('nginx:1.27.1', 'touch', '/tmp/ready')).toMatchObject({ exitCode: 0, fileChanges: [{ op: 'touch', path: '/tmp/ready' }] });
    expect(run('nginx:1.27.1', 'sh', '-c', 'touch /tmp/ready; cat /tmp/ready && echo there; rm /tmp/ready; cat /tmp/ready')).toMatchObject({
      stdout: 'there\n', stderr: 'cat: /tmp/ready: No such file or directory\n', exitCode: 1,
      fileChanges: [{ op: 'touch', path: '/tmp/ready' }, { op: 'rm', path: '/tmp/ready' }],
    });
    expect(run('nginx:1.27.1', 'rm', '/tmp/ready')).toMatchObject({ stderr: "rm: cannot remove '/tmp/ready': No such file or directory\n", exitCode: 1 });
    expect(run('busybox:1.36', 'rm', '/tmp/ready')).toMatchObject({ stderr: "rm: can't remove '/tmp/ready': No such file or directory\n", exitCode: 1 });
    expect(run('busybox:1.36', 'rm', '-f', '/tmp/ready')).toMatchObject({ stderr: '', exitCode: 0 });
  });

  it('sleeps in simulated time, and never ends for sleep infinity', () => {
    expect(run('busybox:1.36', 'sh', '-c', 'sleep 2; sleep 1.5')).toMatchObject({ runMs: 3500 });
    expect(run('busybox:1.36', 'sleep', 'infinity')).toMatchObject({ runMs: 'forever' });
  });

  it('prints the date in date\'s default format, the day padded with a space', () => {
    // Simulated time 0 is 2024-08-13T09:00:00Z, a Tuesday; 20 days later is Monday 2 September.
    expect(dateText(5_000)).toBe('Tue Aug 13 09:00:05 UTC 2024');
    expect(dateText(20 * 86_400_000 + 5_000)).toBe('Mon Sep  2 09:00:05 UTC 2024');
  });

  it('prompts as busybox, dash and bash do', () => {
    expect(shellPrompt('sh', ctx('busybox:1.36'))).toBe('/ # ');
    expect(shellPrompt('sh', ctx('nginx:1.27.1'))).toBe('# ');
    expect(shellPrompt('/bin/bash', ctx('nginx:1.27.1'))).toBe('root@web:/# ');
  });
});
