// The terminal's interactive shell (kubectl exec -it): how a typed line becomes the kubectl
// command that runs it, and what of its output the session shows. Source: kubectl
// pkg/cmd/exec/exec.go (-i -t, `--`, a tty merging stderr into stdout; `command terminated with
// exit code N` is kubectl's own line, util/helpers.go checkErr).

import { describe, expect, it } from 'vitest';
import { endsSession, interruptEnds, sessionAfterCd, sessionCommandLine, sessionOutputText, sessionOwnAnswer } from './shell-session';

const box = { prompt: '/ # ', namespace: 'default', pod: 'box', container: 'box', shell: 'sh' };

describe('an interactive shell in the terminal', () => {
  it.each([
    ['ls /etc', `'ls /etc'`],
    [`echo "$HOSTNAME"`, `'echo "$HOSTNAME"'`],
    // POSIX quoting: a single quote closes, is escaped, and opens again.
    [`echo don't`, `'echo don'\\''t'`],
    ['hostname', 'hostname'],
  ])('runs %s in the container as one exec, single-quoted for sh -c', (typed, quoted) => {
    expect(sessionCommandLine(box, typed)).toBe(`kubectl exec -i -t box -c box -n default -- sh -c ${quoted}`);
  });

  it('ends on exit, with or without a status, and only then', () => {
    expect(endsSession('exit')).toBe(true);
    expect(endsSession('  exit 3 ')).toBe(true);
    expect(endsSession('exit-code')).toBe(false);
    expect(endsSession('echo exit')).toBe(false);
  });

  it('shows the shell\'s own error but not kubectl\'s exit-code line', () => {
    const o = { time: 0, line: '', stdout: 'sh: nosuch: not found\n', stderr: 'command terminated with exit code 127\n', exitCode: 127 };
    expect(sessionOutputText(o)).toBe('sh: nosuch: not found\n');
    expect(sessionOutputText({ ...o, stdout: '', stderr: 'Error from server (NotFound): pods "box" not found\n', exitCode: 1 })).toBe('Error from server (NotFound): pods "box" not found\n');
  });

  // The Secrets task page (kubernetes.io/docs/tasks/inject-data-application/distribute-credentials-secure/):
  // `kubectl exec -it secret-test-pod -- /bin/bash`, then `cd /etc/secret-volume` and `ls` at
  // `root@secret-test-pod:/etc/secret-volume#`.
  it('keeps the directory cd went to: in the prompt and for every later line', () => {
    const bash = { prompt: 'root@secret-test-pod:/# ', namespace: 'default', pod: 'secret-test-pod', container: 'test-container', shell: '/bin/bash' };
    const moved = sessionAfterCd(bash, 'cd /etc/secret-volume')!;
    expect(moved.prompt).toBe('root@secret-test-pod:/etc/secret-volume# ');
    expect(sessionCommandLine(moved, 'ls')).toBe("kubectl exec -i -t secret-test-pod -c test-container -n default -- /bin/bash -c 'cd /etc/secret-volume && ls'");
    expect(sessionAfterCd(moved, 'cd ..')!.prompt).toBe('root@secret-test-pod:/etc# ');
    expect(sessionAfterCd(moved, 'cd')!.prompt).toBe('root@secret-test-pod:~# ');
    expect(sessionAfterCd(box, 'cd /tmp')!.prompt).toBe('/tmp # ');
    expect(sessionAfterCd({ ...box, prompt: '# ' }, 'cd /tmp')!.prompt).toBe('# ');
    expect(sessionAfterCd(box, 'cd /tmp; ls')).toBeUndefined();
    expect(sessionAfterCd(box, 'ls')).toBeUndefined();
  });

  // kubernetes.io "Configuring Redis using a ConfigMap": `kubectl exec -it redis -- redis-cli`, then
  // `CONFIG GET maxmemory` at `127.0.0.1:6379> `. redis-cli.c repl(): each line split by sdssplitargs
  // and sent as a command; quit/exit end it; `Invalid argument(s)` for unbalanced quotes.
  it("runs a line typed at redis-cli's prompt as redis-cli with its words, and ends on quit or exit", () => {
    const cli = { prompt: '127.0.0.1:6379> ', namespace: 'default', pod: 'redis', container: 'redis', shell: 'redis-cli' };
    expect(sessionCommandLine(cli, 'CONFIG GET maxmemory')).toBe('kubectl exec -i -t redis -c redis -n default -- redis-cli CONFIG GET maxmemory');
    expect(sessionCommandLine({ ...cli, args: ['-h', 'redis-leader'] }, `set k "it's here"`)).toBe(`kubectl exec -i -t redis -c redis -n default -- redis-cli -h redis-leader set k 'it'\\''s here'`);
    expect(endsSession('quit', 'redis-cli')).toBe(true);
    expect(endsSession('EXIT', 'redis-cli')).toBe(true);
    expect(endsSession('exit 3', 'redis-cli')).toBe(true);
    expect(endsSession('get exit', 'redis-cli')).toBe(false);
    expect(sessionOwnAnswer(cli, 'get "a')).toBe('Invalid argument(s)\n');
    expect(sessionOwnAnswer(cli, '   ')).toBe('');
    expect(sessionOwnAnswer(cli, 'ping')).toBeUndefined();
    expect(sessionOwnAnswer({ ...cli, shell: 'sh' }, 'echo "a')).toBeUndefined();
    expect(sessionAfterCd(cli, 'cd /tmp')).toBeUndefined();
    expect(interruptEnds(cli)).toBe(true);
    expect(interruptEnds({ ...cli, shell: 'sh' })).toBe(false);
  });
});
