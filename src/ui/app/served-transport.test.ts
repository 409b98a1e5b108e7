import { beforeEach, describe, expect, it } from 'vitest';
import type { UiToWorker, WorkerToUi } from '../../protocol/view';
import { useWorkerStore } from '../store/app-store';
import { exportLine, servedEndpoint, servedKubeconfig, socketTransport } from './served-transport';
import { SimWorkerHost } from './sim-worker-host';

// Issue 17, point 4: one protocol, two transports. A page served by `kubeplay serve` (marked with
// <meta name="kubeplay-serve">) reaches the served run over a WebSocket to its own origin; a page
// without the mark runs its own worker. The run lives in the server: a lost connection is not a
// dead run, and the way back is to reconnect (no restore, no default scenario).

/** A WebSocket whose other side the test plays (readyState 0 connecting, 1 open). */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  reply(m: WorkerToUi | string): void {
    this.onmessage?.({ data: typeof m === 'string' ? m : JSON.stringify(m) });
  }
  lose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

const fakeDoc = (content: string | null) => ({ querySelector: () => (content === null ? null : { content }) }) as unknown as Document;
const at = (href: string) => new URL(href) as unknown as Location;

describe('servedEndpoint', () => {
  it('is the WebSocket on the page’s own origin when the page carries the serve mark, and null without it', () => {
    expect(servedEndpoint(fakeDoc('/kubeplay/ws'), at('http://127.0.0.1:8080/'))).toBe('ws://127.0.0.1:8080/kubeplay/ws');
    expect(servedEndpoint(fakeDoc('/kubeplay/ws'), at('https://localhost:8443/x'))).toBe('wss://localhost:8443/kubeplay/ws');
    expect(servedEndpoint(fakeDoc(null), at('http://127.0.0.1:4173/'))).toBeNull();
    // Never another origin, whatever the mark says.
    expect(servedEndpoint(fakeDoc('//evil.example/ws'), at('http://127.0.0.1:8080/'))).toBeNull();
    expect(servedEndpoint(fakeDoc('ws://evil.example/ws'), at('http://127.0.0.1:8080/'))).toBeNull();
  });
});

function served() {
  const sockets: FakeSocket[] = [];
  const received: WorkerToUi[] = [];
  let defaults = 0;
  const host = new SimWorkerHost({
    createTransport: () =>
      socketTransport('ws://127.0.0.1:8080/kubeplay/ws', (u) => {
        const s = new FakeSocket(u);
        sockets.push(s);
        return s as unknown as WebSocket;
      }),
    receive: (m) => received.push(m),
    startDefault: () => defaults++,
  });
  host.start();
  return { host, sockets, received, defaults: () => defaults };
}

const LOADED: WorkerToUi = { type: 'loaded', name: 'default', seed: 1, targets: [], source: { file: 'default.yaml', text: '', files: {} } };

beforeEach(() => useWorkerStore.setState({ status: 'running', failure: null, notice: null, generation: 0, running: [] }));

describe('the WebSocket transport', () => {
  it('sends the commands given before the connection opened once it opens, as JSON, and hands on what arrives', () => {
    const { host, sockets, received } = served();
    host.send({ type: 'pause' });
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    host.send({ type: 'step' });
    expect(sockets[0]!.sent.map((t) => JSON.parse(t) as UiToWorker)).toEqual([{ type: 'pause' }, { type: 'step' }]);
    sockets[0]!.reply(LOADED);
    expect(received).toEqual([LOADED]);
  });

  it('shows a lost connection as such (no restore from the journal) and reconnects without loading a scenario', () => {
    const { sockets, defaults } = served();
    sockets[0]!.open();
    sockets[0]!.reply(LOADED);
    sockets[0]!.lose(1006);
    expect(useWorkerStore.getState()).toMatchObject({ status: 'failed', failure: { remote: true, canRestore: false, message: 'The connection to kubeplay serve closed (code 1006).' } });
    useWorkerStore.getState().startOver();
    expect(sockets).toHaveLength(2);
    expect(defaults()).toBe(0);
    sockets[1]!.open();
    sockets[1]!.reply(LOADED);
    expect(useWorkerStore.getState()).toMatchObject({ status: 'running', failure: null, notice: { kind: 'reconnected' } });
  });

  it('fails on a message that is not JSON, and closes the socket', () => {
    const { sockets } = served();
    sockets[0]!.open();
    sockets[0]!.reply('{not json');
    expect(useWorkerStore.getState().failure).toMatchObject({ message: 'A message from kubeplay serve could not be read.', remote: true });
    expect(sockets[0]!.closed).toBe(true);
  });
});

describe('the served run\'s kubeconfig', () => {
  it('is read from the server\'s mark, and its export line is what kubeplay serve prints, quoted for the shell only when needed', () => {
    expect(servedKubeconfig(fakeDoc('/home/ann/kubeplay.kubeconfig'))).toBe('/home/ann/kubeplay.kubeconfig');
    expect(servedKubeconfig(fakeDoc(null))).toBeNull();
    expect(servedKubeconfig(fakeDoc(''))).toBeNull();
    expect(exportLine('/home/ann/kubeplay.kubeconfig')).toBe('export KUBECONFIG=/home/ann/kubeplay.kubeconfig');
    expect(exportLine("/home/ann/my k8s/it's.kubeconfig")).toBe("export KUBECONFIG='/home/ann/my k8s/it'\\''s.kubeconfig'");
    expect(exportLine('/tmp/$(rm -rf ~)')).toBe("export KUBECONFIG='/tmp/$(rm -rf ~)'");
  });
});
