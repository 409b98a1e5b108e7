// The part of the `ws` package (8.23.1) that kubeplay serve and its tests use. The package ships no
// types and @types/ws is not in the lock file; these follow ws's doc/ws.md for that version.

declare module 'ws' {
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';
  import { EventEmitter } from 'node:events';

  export interface ClientOptions {
    origin?: string;
    rejectUnauthorized?: boolean;
    headers?: Record<string, string>;
  }

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    constructor(address: string, protocols?: string | string[] | ClientOptions, options?: ClientOptions);
    readonly readyState: number;
    readonly bufferedAmount: number;
    send(data: string | Buffer, cb?: (err?: Error) => void): void;
    readonly protocol: string;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
  }

  export interface ServerOptions {
    noServer?: boolean;
    maxPayload?: number;
    /** Picks the subprotocol from those the client offered; false refuses them all. */
    handleProtocols?: (protocols: Set<string>, request: IncomingMessage) => string | false;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    readonly clients: Set<WebSocket>;
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, callback: (ws: WebSocket, req: IncomingMessage) => void): void;
    close(callback?: (err?: Error) => void): void;
  }
}
