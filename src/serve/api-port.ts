// The served API's listening TCP port, apart from the HTTPS server that speaks on its connections:
// it is open while the simulated kube-apiserver can take connections and closed while it cannot,
// as a kubeadm node's 6443 is closed while the kube-apiserver static pod is down (nothing listens,
// so the kernel answers a SYN with a reset and kubectl prints "The connection to the server ... was
// refused"), and the connections it had are dropped, as the exiting process's sockets are closed.

import { createServer, type Server, type Socket } from 'node:net';

/** How long to wait before listening again when the port could not be taken back (someone else has it). */
export const RELISTEN_MS = 1000;

export class ApiPort {
  private readonly tcp: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;
  /** Whether the port should be open: the simulated kube-apiserver takes connections. */
  private wanted = true;
  private listening = false;
  /** A listen asked for and not yet answered. */
  private opening = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  /** `accept` hands each accepted connection to the HTTPS server (its 'connection' event). */
  constructor(
    private readonly address: string,
    accept: (socket: Socket) => void,
    private readonly log: (line: string) => void,
  ) {
    this.tcp = createServer((socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      accept(socket);
    });
  }

  /** Listen on `port` (0: any free one) the first time; the port it got, which every later listen takes again. */
  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.tcp.once('error', reject);
      this.tcp.listen(port, this.address, () => {
        this.tcp.off('error', reject);
        resolve();
      });
    });
    this.port = (this.tcp.address() as { port: number }).port;
    // kube-apiserver stopped while the first listen was under way: closed at once.
    if (!this.wanted) this.tcp.close();
    else this.listening = true;
    return this.port;
  }

  /**
   * Follow the simulated kube-apiserver: open the port while it takes connections, close it while
   * it refuses them. Going down also drops every connection the port accepted (the TLS and HTTP/2
   * sessions on them end with them), as the kernel closes a process's sockets when it exits.
   */
  follow(accepting: boolean): void {
    if (this.closed || accepting === this.wanted) return;
    this.wanted = accepting;
    if (accepting) return this.reopen();
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.listening) {
      this.listening = false;
      this.tcp.close();
      this.log(`kubeplay serve: kube-apiserver is not running: ${this.where()} refuses connections`);
    }
    for (const s of this.sockets) s.destroy();
  }

  private where(): string {
    return `${this.address.includes(':') ? `[${this.address}]` : this.address}:${this.port}`;
  }

  /** Listen again on the same port; if it cannot be had (another program took it meanwhile), say so and try again. */
  private reopen(): void {
    if (this.closed || !this.wanted || this.listening || this.opening || this.retry) return;
    this.opening = true;
    const failed = (e: Error): void => {
      this.opening = false;
      this.log(`kubeplay serve: cannot listen on ${this.where()} again (${e.message}); trying again in ${RELISTEN_MS} ms`);
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.reopen();
      }, RELISTEN_MS);
    };
    this.tcp.once('error', failed);
    this.tcp.listen(this.port, this.address, () => {
      this.tcp.off('error', failed);
      this.opening = false;
      if (this.closed || !this.wanted) return void this.tcp.close();
      this.listening = true;
      this.log(`kubeplay serve: kube-apiserver is running again: listening on ${this.where()}`);
    });
  }

  /** Stop listening for good and drop every connection the port accepted. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const s of this.sockets) s.destroy();
    if (!this.tcp.listening) return;
    await new Promise<void>((resolve) => this.tcp.close(() => resolve()));
  }
}
