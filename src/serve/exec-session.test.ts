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
import { CM_2MB, CM_EMPTY, POD } from '../sim/node/runtime/redis-configmap.fixture';

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

// redis-cli's interactive mode (redis src/redis-cli.c repl(), src/sds.c sdssplitargs), as the
// kubernetes.io page "Configuring Redis using a ConfigMap" uses it.
describe("an interactive redis-cli session (kubectl exec -it redis -- redis-cli)", () => {
  it('runs each line as redis-cli with its options and words, answers bad quoting itself, and ends with 0 on quit', () => {
    const ws = fakeSocket();
    const ran: string[][] = [];
    const s = new ExecTtySession(ws, ['redis-cli', '-p', '6379'], '127.0.0.1:6379> ', (argv, done) => {
      ran.push(argv);
      done(200, answer('1) "maxmemory"\n2) "2097152"\n'));
    });
    s.start();
    s.onMessage(stdin('CONFIG GET maxmemory\r'));
    s.onMessage(stdin('get "a\r'));
    s.onMessage(stdin('  \r'));
    expect(ran).toEqual([['redis-cli', '-p', '6379', 'CONFIG', 'GET', 'maxmemory']]);
    expect(ws.screen()).toBe('127.0.0.1:6379> CONFIG GET maxmemory\r\n1) "maxmemory"\r\n2) "2097152"\r\n127.0.0.1:6379> get "a\r\nInvalid argument(s)\r\n127.0.0.1:6379>   \r\n127.0.0.1:6379> ');
    s.onMessage(stdin('QUIT\r'));
    expect(ws.frames.at(-1)).toEqual([3, JSON.stringify(EXEC_SUCCESS)]);
    expect(ws.closed).toBe(1000);
  });

  it('ends with 0 on exit, whatever follows it, and on Ctrl-C or Ctrl-D (linenoise returns no line: repl() exits 0)', () => {
    for (const keys of ['exit 3\r', 'get\x03', '\x04']) {
      const ws = fakeSocket();
      const s = new ExecTtySession(ws, ['redis-cli'], '127.0.0.1:6379> ', () => undefined);
      s.start();
      s.onMessage(stdin(keys));
      expect(ws.frames.at(-1)).toEqual([3, JSON.stringify(EXEC_SUCCESS)]);
      expect(ws.screen()).not.toContain('^C');
    }
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
            if out.endswith(b'# ') or out.endswith(b'> '): return
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

/** Real kubectl in a pseudo-terminal: what it showed for `LINES_TYPED`, and its exit code. */
function inPty(env: Record<string, string>, args: string[], typed: string): Promise<string> {
  return new Promise<string>((resolve) => {
    execFile(PYTHON!, ['-c', PTY, KUBECTL!, ...args], { env: { ...process.env, ...env, LINES_TYPED: typed }, timeout: 60_000 }, (_e, stdout) => resolve(stdout));
  });
}

async function waitRunning(env: Record<string, string>, pod: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const phase = await runKubectl(KUBECTL!, ['get', 'pod', pod, '-o', 'jsonpath={.status.phase}'], env);
    if (phase.stdout === 'Running') return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

// kubernetes.io "Configuring Redis using a ConfigMap", its manifests unchanged, with real kubectl
// v1.31 through kubeplay serve: `kubectl exec -it redis -- redis-cli`, then CONFIG GET at
// `127.0.0.1:6379> ` (redis-cli.c repl(), cliFormatReplyTTY), the defaults first, 2097152 and
// allkeys-lru once the pod is recreated after the ConfigMap update; quit ends it with 0.
describe.skipIf(!KUBECTL || !PYTHON)("the 'Configuring Redis using a ConfigMap' page with real kubectl through kubeplay serve", () => {
  it('gives redis-cli its prompt, runs each typed command against the pod\'s redis, and exits 0 on quit', async () => {
    const { h, env } = await serveForKubectl('apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: redis-cli}\nspec:\n  steps: []\n', 'kubeplay-redis-cli', { speed: 50 });
    try {
      expect((await runKubectl(KUBECTL!, ['apply', '-f', '-'], env, CM_EMPTY)).stdout).toBe('configmap/example-redis-config created\n');
      expect((await runKubectl(KUBECTL!, ['apply', '-f', '-'], env, POD)).stdout).toBe('pod/redis created\n');
      await waitRunning(env, 'redis');
      expect(await inPty(env, ['exec', '-it', 'redis', '--', 'redis-cli'], 'CONFIG GET maxmemory|CONFIG GET maxmemory-policy|FOO|quit')).toBe(
        '127.0.0.1:6379> CONFIG GET maxmemory\r\n1) "maxmemory"\r\n2) "0"\r\n' +
          '127.0.0.1:6379> CONFIG GET maxmemory-policy\r\n1) "maxmemory-policy"\r\n2) "noeviction"\r\n' +
          '127.0.0.1:6379> FOO\r\n(error) ERR unknown command `FOO`, with args beginning with: \r\n' +
          '127.0.0.1:6379> quit\r\n\nexit=0',
      );
      await runKubectl(KUBECTL!, ['apply', '-f', '-'], env, CM_2MB);
      await runKubectl(KUBECTL!, ['delete', 'pod', 'redis'], env);
      expect((await runKubectl(KUBECTL!, ['apply', '-f', '-'], env, POD)).stdout).toBe('pod/redis created\n');
      await waitRunning(env, 'redis');
      expect(await inPty(env, ['exec', '-it', 'redis', '--', 'redis-cli'], 'CONFIG GET maxmemory|CONFIG GET maxmemory-policy|exit')).toBe(
        '127.0.0.1:6379> CONFIG GET maxmemory\r\n1) "maxmemory"\r\n2) "2097152"\r\n' +
          '127.0.0.1:6379> CONFIG GET maxmemory-policy\r\n1) "maxmemory-policy"\r\n2) "allkeys-lru"\r\n' +
          '127.0.0.1:6379> exit\r\n\nexit=0',
      );
    } finally {
      await h.close();
    }
  }, 120_000);
});

