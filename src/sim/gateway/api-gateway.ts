// The door from the real world into the simulated cluster's network, for `kubeplay serve`: a real
// kubectl's HTTPS request arrives at the Node server, which hands it to this process on the
// laptop's host (`gateway.request`, from outside the cluster, as the person at the keyboard). The
// gateway sends it to kube-apiserver as an ordinary client over the simulated network, and hands
// back what comes (`gateway.response`, then for a watch each `gateway.event` and `gateway.end`) by
// emitting it to the world outside. So a real kubectl's request crosses the same network, waits
// behind the same pauses, and fails the same way (refused, timed out) as the in-page kubectl's.

import type { Credentials, HttpMethod, HttpResponse, WatchEventBody, WatchStartedBody } from '../api/http';
import { apiRequest, clientOnMessage, clientOnTimer, createClient, type ClientEvent, type ClientState } from '../client/apiclient';
import type { ComponentType, Effects, Message, Timer } from '../kernel/component';
import type { ProcessId } from '../kernel/units';

export interface GatewayConfig {
  apiserver: ProcessId;
  /** How long a request may wait for kube-apiserver (its own --request-timeout is 60 s). */
  timeoutMs: number;
}

/** A real client's request, as the Node server read it. */
export interface GatewayRequest {
  type: 'gateway.request';
  /** The Node server's id for the connection this request came on. */
  id: number;
  method: HttpMethod;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  accept?: string;
  credentials: Credentials;
  userAgent: string;
  watch: boolean;
}

/** The client went away (Ctrl-C on `kubectl get -w`): end its watch. */
export interface GatewayCancel {
  type: 'gateway.cancel';
  id: number;
}

export type GatewayOutput =
  | { type: 'gateway.response'; id: number; status: number; body: unknown; warnings?: string[] }
  /** A watch is established: kube-apiserver has sent its headers (200, chunked) and events follow. */
  | { type: 'gateway.watching'; id: number }
  | { type: 'gateway.event'; id: number; event: WatchEventBody['event'] }
  | { type: 'gateway.end'; id: number }
  | { type: 'gateway.failed'; id: number; reason: 'refused' | 'timeout' | 'closed' };

export interface GatewayState {
  client: ClientState;
  /** The message id of each real request still in flight, and back. */
  calls: Map<number, number>;
  byCall: Map<number, number>;
}

const PURPOSE = 'gateway';

function onRequest(s: GatewayState, ctx: Effects, r: GatewayRequest): void {
  const id = apiRequest(
    ctx,
    s.client,
    {
      method: r.method,
      path: r.path,
      credentials: r.credentials,
      userAgent: r.userAgent,
      ...(r.query && { query: r.query }),
      ...(r.body !== undefined && { body: r.body }),
      ...(r.contentType && { contentType: r.contentType }),
      ...(r.accept && { accept: r.accept }),
      ...(r.watch && { announceWatch: true as const }),
    },
    PURPOSE,
    r.id,
    { phase: 'user', ...(r.watch && { watch: true }) },
  );
  s.calls.set(r.id, id);
  s.byCall.set(id, r.id);
}

function forget(s: GatewayState, callId: number): number | undefined {
  const id = s.byCall.get(callId);
  if (id === undefined) return undefined;
  s.byCall.delete(callId);
  s.calls.delete(id);
  return id;
}

function onClientEvent(s: GatewayState, ctx: Effects, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  if (ev.kind === 'response' && ev.call.watch && ev.response.status < 400) {
    // The stream is open; events follow on it.
    s.client.pending.set(ev.call.id, ev.call);
    return;
  }
  const id = forget(s, ev.call.id);
  if (id === undefined) return;
  if (ev.kind === 'response') {
    const r = ev.response as HttpResponse;
    ctx.emit({ type: 'gateway.response', id, status: r.status, body: r.body, ...(r.warnings && { warnings: r.warnings }) });
  }
  else if (ev.kind === 'ended') ctx.emit({ type: 'gateway.end', id });
  else ctx.emit({ type: 'gateway.failed', id, reason: ev.error });
}

export const apiGateway: ComponentType<GatewayState, GatewayConfig> = {
  kind: 'api-gateway',
  start(_ctx, { config }) {
    return {
      client: createClient({ apiserver: config.apiserver, credentials: {}, userAgent: 'kubectl', timeoutMs: config.timeoutMs }),
      calls: new Map(),
      byCall: new Map(),
    };
  },
  onMessage(s, msg: Message, ctx) {
    const type = msg.body.type;
    if (type === 'gateway.request') return onRequest(s, ctx, msg.body as GatewayRequest);
    if (type === 'gateway.cancel') {
      const call = s.calls.get((msg.body as GatewayCancel).id);
      if (call === undefined) return;
      forget(s, call);
      if (s.client.pending.get(call)?.watch) ctx.closeStream(call);
      s.client.pending.delete(call);
      return;
    }
    if (type === 'watch.started') {
      // kube-apiserver flushed the watch's headers (handlers/watch.go serveWatch), before any event.
      const id = s.byCall.get((msg.body as WatchStartedBody).watchId);
      if (id !== undefined) ctx.emit({ type: 'gateway.watching', id });
      return;
    }
    if (type === 'watch.event') {
      const body = msg.body as WatchEventBody;
      const id = s.byCall.get(body.watchId);
      if (id !== undefined) ctx.emit({ type: 'gateway.event', id, event: body.event });
      return;
    }
    const ev = clientOnMessage(s.client, msg, ctx);
    if (ev) onClientEvent(s, ctx, ev);
  },
  onTimer(s, t: Timer, ctx) {
    for (const ev of clientOnTimer(s.client, t, ctx) ?? []) onClientEvent(s, ctx, ev);
  },
};
