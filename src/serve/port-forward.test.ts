// `kubectl port-forward` through kubeplay serve (issue 17). Sources: client-go
// tools/portforward/portforward.go and tunneling_dialer.go (v0.31.9: the streams, their headers,
// `Forwarding from`, `Handling connection for`, `an error occurred forwarding`), kubectl
// pkg/cmd/portforward/portforward.go (svc/deploy resolution and its errors), moby/spdystream
// spdy/ (SPDY/3 framing, the header dictionary), and kubernetes.io "Use Port Forwarding to Access
// Applications in a Cluster" (redis-master, `PING` answered `PONG`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequest, requestComplete, requestLength } from '../sim/node/runtime/port-forward';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor } from './kubectl-compare-setup';
import { MAX_REQUEST_BYTES, PortForwardSession } from './port-forward-session';
import { serve, type ServeHandle } from './serve';
import { controlFrame, dataFrame, dictionary, FLAG_FIN, HeaderDeflater, HeaderInflater, PING, SpdyReader, SYN_STREAM } from './spdy-frames';

function synStream(id: number, block: Buffer): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt32BE(id, 0);
  return controlFrame(SYN_STREAM, 0, Buffer.concat([head, block]));
}

describe('SPDY/3 framing', () => {
  it('writes header blocks as one zlib stream with the SPDY dictionary, each sync-flushed', () => {
    const d = new HeaderDeflater();
    const a = d.write([['streamtype', 'error']]);
    const b = d.write([]);
    // The dictionary's id in the zlib header: FDICT set, and the Adler-32 that Go's zlib.NewReaderDict checks.
    expect([...a.subarray(0, 2)]).toEqual([0x78, 0x20]);
    expect([...a.subarray(-5)]).toEqual([0, 0, 0, 0xff, 0xff]);
    const all = inflateSync(Buffer.concat([a, b]), { dictionary: dictionary(), finishFlush: constants.Z_SYNC_FLUSH });
    expect(all.toString('latin1')).toBe('\0\0\0\x01\0\0\0\x0astreamtype\0\0\0\x05error' + '\0\0\0\0');
  });

  it('reads the peer\'s header blocks through one inflater, and frames that arrive split or joined', () => {
    const client = new HeaderDeflater();
    const inflater = new HeaderInflater();
    expect([...inflater.read(client.write([['streamtype', 'error'], ['port', '80'], ['requestid', '0']]))]).toEqual([['streamtype', 'error'], ['port', '80'], ['requestid', '0']]);
    expect(inflater.read(client.write([['streamtype', 'data']])).get('streamtype')).toBe('data');
    const r = new SpdyReader();
    const bytes = Buffer.concat([controlFrame(PING, 0, Buffer.from([0, 0, 0, 1])), dataFrame(3, FLAG_FIN, Buffer.from('hi'))]);
    expect(r.push(bytes.subarray(0, 5))).toEqual([]);
    const frames = r.push(bytes.subarray(5));
    expect(frames.map((f) => (f.control ? `ctl ${f.type}` : `data ${f.streamId} ${f.flags} ${f.data.toString()}`))).toEqual(['ctl 6', 'data 3 1 hi']);
  });
});

describe('a port-forward session', () => {
  it('replies to each stream, forwards each request once it is whole, keeps the connection for the next, and ends both streams when the client ends', () => {
    const sent: Buffer[] = [];
    const ws = { send: (b: Buffer) => sent.push(b), close: () => undefined };
    const calls: [string, string][] = [];
    const s = new PortForwardSession(ws, (port, data, done) => {
      calls.push([port, Buffer.from(data, 'base64').toString()]);
      done(200, { kind: 'PortForwardStream', data: `HTTP/1.1 200 OK\r\n\r\n${calls.length}` });
    });
    const client = new HeaderDeflater();
    s.onMessage(synStream(1, client.write([['streamtype', 'error'], ['port', '80'], ['requestid', '0']])));
    s.onMessage(synStream(3, client.write([['streamtype', 'data'], ['port', '80'], ['requestid', '0']])));
    s.onMessage(dataFrame(3, 0, Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n')));
    expect(calls).toEqual([]);
    s.onMessage(dataFrame(3, 0, Buffer.from('\r\n')));
    s.onMessage(controlFrame(PING, 0, Buffer.from([0, 0, 0, 1])));
    expect(calls).toEqual([['80', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n']]);
    // Two pipelined requests in one frame (a POST with its Content-Length body first): two exchanges, in order.
    s.onMessage(dataFrame(3, 0, Buffer.from('POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\n\r\n')));
    expect(calls.slice(1)).toEqual([['80', 'POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc'], ['80', 'GET /b HTTP/1.1\r\n\r\n']]);
    s.onMessage(dataFrame(3, FLAG_FIN, Buffer.alloc(0)));
    const frames = new SpdyReader().push(Buffer.concat(sent));
    expect(frames.map((f) => (f.control ? `ctl ${f.type}` : `data ${f.streamId} fin=${f.flags & FLAG_FIN} ${f.data.toString()}`))).toEqual([
      'ctl 2', 'ctl 2', 'data 3 fin=0 HTTP/1.1 200 OK\r\n\r\n1', 'ctl 6', 'data 3 fin=0 HTTP/1.1 200 OK\r\n\r\n2', 'data 3 fin=0 HTTP/1.1 200 OK\r\n\r\n3', 'data 1 fin=1 ', 'data 3 fin=1 ',
    ]);
  });

  it('ends both streams when the program closes the connection after its answer', () => {
    const sent: Buffer[] = [];
    const s = new PortForwardSession({ send: (b) => sent.push(b), close: () => undefined }, (_p, _d, done) => done(200, { kind: 'PortForwardStream', data: '+OK\r\n', close: true }));
    const client = new HeaderDeflater();
    s.onMessage(synStream(1, client.write([['streamtype', 'error'], ['port', '6379'], ['requestid', '0']])));
    s.onMessage(synStream(3, client.write([['streamtype', 'data'], ['port', '6379'], ['requestid', '0']])));
    s.onMessage(dataFrame(3, 0, Buffer.from('QUIT\r\n')));
    const data = new SpdyReader().push(Buffer.concat(sent)).filter((f) => !f.control);
    expect(data.map((f) => (f.control ? '' : `${f.streamId} fin=${f.flags & FLAG_FIN} ${f.data.toString()}`))).toEqual(['3 fin=0 +OK\r\n', '1 fin=1 ', '3 fin=1 ']);
  });

  it('writes the kubelet\'s error on the error stream', () => {
    const sent: Buffer[] = [];
    const s = new PortForwardSession({ send: (b) => sent.push(b), close: () => undefined }, (_p, _d, done) => done(200, { kind: 'PortForwardStream', data: '', error: 'boom' }));
    const client = new HeaderDeflater();
    s.onMessage(synStream(1, client.write([['streamtype', 'error'], ['port', '81'], ['requestid', '0']])));
    s.onMessage(synStream(3, client.write([['streamtype', 'data'], ['port', '81'], ['requestid', '0']])));
    s.onMessage(dataFrame(3, FLAG_FIN, Buffer.alloc(0)));
    const data = new SpdyReader().push(Buffer.concat(sent)).filter((f) => !f.control);
    expect(data.map((f) => (f.control ? '' : `${f.streamId} ${f.data.toString()}`))).toEqual(['1 boom', '1 ', '3 ']);
  });

  it('forwards a connection that sends without ending a request once it reaches the bound', () => {
    const calls: number[] = [];
    const s = new PortForwardSession({ send: () => undefined, close: () => undefined }, (_p, data) => calls.push(Buffer.from(data, 'base64').length));
    const client = new HeaderDeflater();
    s.onMessage(synStream(1, client.write([['streamtype', 'error'], ['port', '80'], ['requestid', '0']])));
    s.onMessage(synStream(3, client.write([['streamtype', 'data'], ['port', '80'], ['requestid', '0']])));
    const chunk = Buffer.alloc(60 * 1024, 0x41);
    for (let i = 0; i * chunk.length < MAX_REQUEST_BYTES + chunk.length && calls.length === 0; i++) s.onMessage(dataFrame(3, 0, chunk));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(MAX_REQUEST_BYTES);
  });

  it('closes on bytes that are not SPDY, without throwing', () => {
    let closed = 0;
    const s = new PortForwardSession({ send: () => undefined, close: () => closed++ }, () => undefined);
    s.onMessage(Buffer.from([0x80, 0x03, 0x00, 0x01, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xde, 0xad]));
    expect(closed).toBe(1);
  });
});

describe('what the program in the pod reads', () => {
  it('an HTTP request once its head has ended, a redis command once its last CRLF came', () => {
    expect(requestComplete('GET / HTTP/1.1\r\nHost: x\r\n')).toBe(false);
    expect(requestComplete('GET / HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(true);
    expect(readRequest('GET /x HTTP/1.1\r\nUser-Agent: curl/8.5.0\r\n\r\n')).toEqual({ method: 'GET', path: '/x', src: '127.0.0.1', userAgent: 'curl/8.5.0' });
    expect(requestComplete('*1\r\n$4\r\nPING')).toBe(false);
    expect(requestComplete('*1\r\n$4\r\nPING\r\n')).toBe(true);
    expect(readRequest('*1\r\n$4\r\nping\r\n')).toMatchObject({ protocol: 'redis', path: 'PING' });
    expect(readRequest('PING\r\n')).toMatchObject({ protocol: 'redis', path: 'PING' });
    expect(readRequest('*3\r\n$3\r\nset\r\n$1\r\nk\r\n$4\r\na\r\nb\r\n')).toMatchObject({ protocol: 'redis', path: 'SET', redisArgs: ['set', 'k', 'a\r\nb'] });
  });

  it('the length of the first whole request: an HTTP head and its Content-Length body, a RESP array by its bulk lengths, an inline line', () => {
    expect(requestLength('GET / HTTP/1.1\r\n\r\nGET /b')).toBe(18);
    expect(requestLength('POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nab')).toBeUndefined();
    expect(requestLength('POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcdGET')).toBe(42);
    expect(requestLength('*2\r\n$3\r\nGET\r\n$4\r\na\r\nb\r\n*1')).toBe(23);
    expect(requestLength('*2\r\n$3\r\nGET\r\n$4\r\na\r\n')).toBeUndefined();
    expect(requestLength('PING\r\nPING\r\n')).toBe(6);
  });
});

const KUBECTL = kubectlFor('port-forward');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: port-forward}
spec:
  steps:
    - at: 0s
      run: kubectl run web --image=nginx:1.27 --port=80
    - at: 0s
      apply: |
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: redis-master
          labels: {app: redis}
        spec:
          selector:
            matchLabels: {app: redis, role: master, tier: backend}
          replicas: 1
          template:
            metadata:
              labels: {app: redis, role: master, tier: backend}
            spec:
              containers:
                - name: master
                  image: redis:7.4
                  ports:
                    - containerPort: 6379
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: redis-master
          labels: {app: redis, role: master, tier: backend}
        spec:
          ports:
            - port: 6379
              targetPort: 6379
          selector: {app: redis, role: master, tier: backend}
`;

describeWithKubectl(KUBECTL, 'real kubectl port-forward through kubeplay serve', () => {
  let h: ServeHandle;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'port-forward.yaml');
    if (!p.ok) throw new Error('invalid');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 50 });
    const kubeconfig = join(mkdtempSync(join(tmpdir(), 'kubeplay-pf-')), 'kubeconfig');
    writeFileSync(kubeconfig, h.kubeconfig);
    env = { KUBECONFIG: kubeconfig };
    for (let i = 0; i < 120; i++) {
      const r = await runKubectl(KUBECTL!, ['get', 'pods', '-o', 'jsonpath={.items[*].status.phase}'], env);
      if (r.stdout === 'Running Running') break;
      await new Promise((res) => setTimeout(res, 250));
    }
  }, 90_000);

  afterAll(async () => {
    for (const c of children) c.kill();
    await h?.close();
  });

  /** kubectl port-forward in the background, until it says where it listens. */
  function forward(args: string[]): Promise<{ port: number; out: () => string; err: () => string; exited: Promise<number> }> {
    const child = spawn(KUBECTL!, ['port-forward', ...args], { env: { ...process.env, ...env } });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number>((res) => child.on('exit', (code) => res(code ?? -1)));
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Forwarding from 127\.0\.0\.1:(\d+) -> \d+\n/.exec(out);
        if (m) resolve({ port: Number(m[1]), out: () => out, err: () => err, exited });
      });
      void exited.then(() => reject(new Error(`kubectl port-forward ended: ${err}`)));
    });
  }

  /** One connection: send and end the sending side, then read until the other side closes. */
  function exchange(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const sock = connect(port, '127.0.0.1', () => sock.end(text));
      let got = '';
      sock.on('data', (d) => (got += d.toString()));
      sock.on('end', () => resolve(got));
      sock.on('error', reject);
    });
  }

  it('forwards a local connection to nginx in the pod: its page, and its access log from 127.0.0.1', async () => {
    const f = await forward(['pod/web', ':80']);
    const answer = await exchange(f.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\nServer: nginx\/[\d.]+\r\nDate: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT\r\nContent-Type: text\/html\r\nContent-Length: 615\r\nConnection: keep-alive\r\n\r\n<!DOCTYPE html>/);
    expect(answer).toContain('<h1>Welcome to nginx!</h1>');
    expect(f.out()).toBe(`Forwarding from 127.0.0.1:${f.port} -> 80\nForwarding from [::1]:${f.port} -> 80\nHandling connection for ${f.port}\n`);
    const logs = await runKubectl(KUBECTL!, ['logs', 'web', '--tail=1'], env);
    expect(logs.stdout).toMatch(/^127\.0\.0\.1 - - \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET \/ HTTP\/1\.1" 200 615 "-" "curl\/8\.5\.0" "-"\n$/);
  }, 60_000);

  /** One connection kept open: each message written once the answer to the one before has come whole (`whole` says when). */
  function conversation(port: number, messages: string[], whole: (got: string) => boolean): Promise<{ answers: string[]; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const answers: string[] = [];
      let got = '';
      const sock = connect(port, '127.0.0.1', () => sock.write(messages[0]!));
      sock.on('data', (d) => {
        got += d.toString();
        if (!whole(got)) return;
        answers.push(got);
        got = '';
        if (answers.length < messages.length) sock.write(messages[answers.length]!);
        // Give the server a moment to close on its own before this side ends.
        else setTimeout(() => sock.end(), 300);
      });
      let closedByServer = false;
      sock.on('end', () => {
        closedByServer = answers.length === messages.length && !sock.writableEnded;
        resolve({ answers, closed: closedByServer });
      });
      sock.on('error', reject);
    });
  }

  it('keeps an HTTP/1.1 connection alive through the forward: three requests on one connection, nginx closes after Connection: close', async () => {
    const f = await forward(['pod/web', ':80']);
    const httpWhole = (t: string): boolean => {
      const m = /Content-Length: (\d+)\r\n[\s\S]*?\r\n\r\n/.exec(t);
      return !!m && t.length >= m.index + m[0].length + Number(m[1]);
    };
    const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: curl/8.5.0\r\n${extra}\r\n`;
    const c = await conversation(f.port, [get('/'), get('/nope'), get('/', 'Connection: close\r\n')], httpWhole);
    expect(c.answers.map((a) => /^HTTP\/1\.1 (\d+)/.exec(a)?.[1] + ' ' + /Connection: (\S+)/.exec(a)?.[1])).toEqual(['200 keep-alive', '404 keep-alive', '200 close']);
    expect(c.closed).toBe(true);
    // One connection: kubectl handled one.
    expect(f.out().match(/Handling connection/g)).toHaveLength(1);
  }, 60_000);

  it('takes redis commands through the forward: SET and GET on one connection, the value read again on another, QUIT closes', async () => {
    const f = await forward(['svc/redis-master', ':6379']);
    const line = (t: string): boolean => /^\$\d+\r\n/.test(t) ? t.split('\r\n').length >= 3 : t.endsWith('\r\n');
    const c = await conversation(f.port, ['*3\r\n$3\r\nSET\r\n$8\r\ngreeting\r\n$5\r\nhello\r\n', '*2\r\n$3\r\nGET\r\n$8\r\ngreeting\r\n', 'GET nope\r\n'], line);
    expect(c.answers).toEqual(['+OK\r\n', '$5\r\nhello\r\n', '$-1\r\n']);
    const again = await conversation(f.port, ['GET greeting\r\n', 'QUIT\r\n'], line);
    expect(again).toEqual({ answers: ['$5\r\nhello\r\n', '+OK\r\n'], closed: true });
  }, 60_000);

  it('follows the task page: port-forward to the redis-master Service and Deployment, and PING answers PONG', async () => {
    const svc = await forward(['service/redis-master', ':6379']);
    expect(await exchange(svc.port, '*1\r\n$4\r\nPING\r\n')).toBe('+PONG\r\n');
    const deploy = await forward(['deployment/redis-master', ':6379']);
    expect(await exchange(deploy.port, 'PING\r\n')).toBe('+PONG\r\n');
  }, 60_000);

  it('a port nobody listens on: containerd\'s error on the error stream, and kubectl drops the connection', async () => {
    const f = await forward(['pod/web', ':81']);
    await exchange(f.port, 'GET / HTTP/1.1\r\n\r\n').catch(() => '');
    expect(await f.exited).toBe(1);
    const sandbox = '[0-9a-f]{64}';
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    expect(f.err()).toMatch(
      new RegExp(
        `^E\\d{4} [\\d:.]+ +\\d+ portforward\\.go:\\d+\\] "Unhandled Error" err="an error occurred forwarding ${f.port} -> 81: error forwarding port 81 to pod ${sandbox}, uid : failed to execute portforward in network namespace \\\\"/var/run/netns/cni-${uuid}\\\\": failed to connect to localhost:81 inside namespace \\\\"${sandbox}\\\\", IPv4: dial tcp4 127\\.0\\.0\\.1:81: connect: connection refused IPv6 dial tcp6 \\[::1\\]:81: connect: connection refused "\nerror: lost connection to pod\n$`,
      ),
    );
  }, 60_000);

  it('is recorded: each forwarded connection is a pods/portforward request, and kubeplay run of the recording reaches the same trace hash', async () => {
    const text = h.recorded();
    const hash = /trace hash ([0-9a-f]{16})/.exec(text)![1];
    const p = parseScenario(text, 'recorded.yaml');
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    const forwards = p.scenario.steps.filter((st) => st.kind === 'request' && st.request.path.endsWith('/portforward') && st.request.query?.port !== undefined);
    expect(forwards.length).toBeGreaterThanOrEqual(4);
    const cluster = buildCluster(p.scenario.cluster, { seed: p.scenario.seed, timings: p.scenario.timings });
    new ScenarioRunner(p.scenario, cluster).advanceTo(p.scenario.pauseAt!);
    expect(cluster.sim.traceHash()).toBe(hash);
  }, 60_000);

  it('kubectl\'s own errors for ports a Service or pod does not have', async () => {
    expect((await runKubectl(KUBECTL!, ['port-forward', 'svc/redis-master', '7000:9999'], env)).stderr).toBe('error: Service redis-master does not have a service port 9999\n');
    expect((await runKubectl(KUBECTL!, ['port-forward', 'pod/web', '8080:http'], env)).stderr).toBe("error: Pod 'web' does not have a named port 'http'\n");
  }, 60_000);
});
