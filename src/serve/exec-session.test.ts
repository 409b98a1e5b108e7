// `kubectl exec -it POD -- sh` through kubeplay serve: the session as a tty (echo, line editing,
// one exec per line, the exit status on the error channel), then real kubectl v1.31 in a
// pseudo-terminal against the served cluster (python3's pty module gives it the tty).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXEC_SUCCESS, type ExecStreamBody } from '../sim/api/exec-options';
import { ExecTtySession, type RunInContainer } from './exec-session';
import { runKubectl } from './kubectl-compare';
import { kubectlFor, serveForKubectl } from './kubectl-compare-setup';

function fakeSocket() {
  const frames: [number, string][] = [];
  return {
    frames,
    closed: 0,
    send(b: Buffer) {
      frames.push([b[0]!, b.subarray(1).toString('utf8')]);
    },
    close(code: number) {
      this.closed = code;
    },
    /** What the terminal shows: the stdout channel in order. */
    screen(): string {
      return frames.filter(([c]) => c === 1).map(([, t]) => t).join('');
    },
  };
}

const stdin = (text: string): Buffer => Buffer.concat([Buffer.from([0]), Buffer.from(text, 'utf8')]);
const answer = (stdout: string, stderr = ''): ExecStreamBody => ({ kind: 'ExecStream', stdout, stderr, status: EXEC_SUCCESS });

describe('an interactive exec session (tty)', () => {
  it('echoes what is typed, runs each line as <shell> -c <line>, and translates newlines for the tty', () => {
    const ws = fakeSocket();
    const ran: string[][] = [];
    const run: RunInContainer = (argv, done) => {
      ran.push(argv);
      done(200, answer('a\nb\n', 'warn\n'));
    };
    const s = new ExecTtySession(ws, ['sh'], '/ # ', run);
    s.start();
    s.onMessage(stdin('ls -x\r'));
    expect(ran).toEqual([['sh', '-c', 'ls -x']]);
    expect(ws.screen()).toBe('/ # ls -x\r\na\r\nb\r\nwarn\r\n/ # ');
  });

  it('erases with backspace, drops the line on Ctrl-C, and ignores resize messages', () => {
    const ws = fakeSocket();
    const ran: string[][] = [];
    const s = new ExecTtySession(ws, ['sh'], '$ ', (argv, done) => {
      ran.push(argv);
      done(200, answer(''));
    });
    s.start();
    s.onMessage(Buffer.concat([Buffer.from([4]), Buffer.from('{"Width":80,"Height":24}')]));
    s.onMessage(stdin('pwdd\x7f'));
    s.onMessage(stdin('\x03'));
    expect(ran).toEqual([]);
    s.onMessage(stdin('pwd\r'));
    expect(ran).toEqual([['sh', '-c', 'pwd']]);
    expect(ws.screen()).toBe('$ pwdd\b \b^C\r\n$ pwd\r\n$ ');
  });

  it('ends with the exit status kubectl turns into its exit code (exit N), or success on Ctrl-D', () => {
    const ws = fakeSocket();
    const s = new ExecTtySession(ws, ['sh'], '$ ', () => undefined);
    s.start();
    s.onMessage(stdin('exit 3\r'));
    const [channel, status] = ws.frames.at(-1)!;
    expect(channel).toBe(3);
    expect(JSON.parse(status)).toEqual({
      metadata: {},
      status: 'Failure',
      message: 'command terminated with non-zero exit code: error executing command [sh], exit code 3',
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: '3' }] },
    });
    expect(ws.closed).toBe(1000);
    const ws2 = fakeSocket();
    const s2 = new ExecTtySession(ws2, ['sh'], '$ ', () => undefined);
    s2.start();
    s2.onMessage(stdin('\x04'));
    expect(ws2.frames.at(-1)).toEqual([3, JSON.stringify(EXEC_SUCCESS)]);
  });

  it('keeps what is typed while a line runs and types it after the prompt', () => {
    const ws = fakeSocket();
    const pending: ((code: number, body: unknown) => void)[] = [];
    const s = new ExecTtySession(ws, ['sh'], '$ ', (_argv, done) => pending.push(done));
    s.start();
    s.onMessage(stdin('sleep 1\r'));
    s.onMessage(stdin('echo x\r'));
    expect(pending).toHaveLength(1);
    pending[0]!(200, answer(''));
    expect(pending).toHaveLength(2);
    pending[1]!(200, answer('x\n'));
    expect(ws.screen()).toBe('$ sleep 1\r\n$ echo x\r\nx\r\n$ ');
  });
});

const KUBECTL = kubectlFor('exec-session');
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p));

/** Real kubectl in a pseudo-terminal: the lines typed one by one, the screen and the exit code. */
const PTY = `
import os, pty, sys, time, select
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
out = b''
def drain(t):
    global out
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try: d = os.read(fd, 4096)
            except OSError: return
            if not d: return
            out += d
            if out.endswith(b'# '): return
drain(10)
for line in os.environ['LINES_TYPED'].split('|'):
    os.write(fd, line.encode() + b'\\r'); drain(10)
_, status = os.waitpid(pid, 0)
drain(0.2)
sys.stdout.write(out.decode(errors='replace') + '\\nexit=' + str(os.waitstatus_to_exitcode(status)))
`;

describe.skipIf(!KUBECTL || !PYTHON)('real kubectl exec -it through kubeplay serve', () => {
  it('drives the simulated shell from a real terminal and exits with the shell status', async () => {
    const { h, env } = await serveForKubectl(
      'apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: tty}\nspec:\n  steps:\n    - at: 0s\n      run: kubectl run box --image=busybox:1.36 -- sleep 3600\n',
      'kubeplay-tty',
      { speed: 50 },
    );
    try {
      // Wait for the pod to run (the served clock runs 50x), asking as a user would.
      for (let i = 0; i < 60; i++) {
        const phase = await runKubectl(KUBECTL!, ['get', 'pod', 'box', '-o', 'jsonpath={.status.phase}'], env);
        if (phase.stdout === 'Running') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const text = await new Promise<string>((resolve) => {
        execFile(PYTHON!, ['-c', PTY, KUBECTL!, 'exec', '-it', 'box', '--', 'sh'], { env: { ...process.env, ...env, LINES_TYPED: 'echo hello|hostname|exit 3' }, timeout: 60_000 }, (_e, stdout) => resolve(stdout));
      });
      expect(text).toBe('/ # echo hello\r\nhello\r\n/ # hostname\r\nbox\r\n/ # exit 3\r\ncommand terminated with exit code 3\r\n\nexit=3');
    } finally {
      await h.close();
    }
  }, 90_000);
});
