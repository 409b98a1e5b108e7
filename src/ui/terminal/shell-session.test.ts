// The terminal's interactive shell (kubectl exec -it): how a typed line becomes the kubectl
// command that runs it, and what of its output the session shows. Source: kubectl
// pkg/cmd/exec/exec.go (-i -t, `--`, a tty merging stderr into stdout; `command terminated with
// exit code N` is kubectl's own line, util/helpers.go checkErr).

import { describe, expect, it } from 'vitest';
import { endsSession, sessionCommandLine, sessionOutputText } from './shell-session';

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
});
