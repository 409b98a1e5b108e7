// One webhook call over the simulated network, as kube-apiserver makes it: the webhook's Service
// resolved to its ClusterIP (kube-apiserver's default ClusterIP service resolver), the connection
// from the control-plane host through that host's kernel as kube-proxy programmed it (a REJECT when
// the Service has no ready endpoint: `connect: connection refused`), the AdmissionReview POSTed to
// the pod it was DNATed to, and the call given up after the webhook's timeoutSeconds (`context
// deadline exceeded`). TLS is not modelled: the caBundle is not checked.

import type { Effects, Message } from '../../kernel/component';
import type { MessageId, TimerId } from '../../kernel/units';
import { containerdId } from '../../names';
import { closeConnection, createNodeKernel, type Connection, type NodeKernel } from '../../node/kernel/packet-path';
import { deliveringNode, dialFromHost } from '../../node/kernel/host-dial';
import type { KernelRules } from '../../node/kube-proxy/kube-proxy';
import type { PodHttpRequestBody, PodHttpResponseBody } from '../../node/runtime/outgoing';
import type { Webhook } from '../../api/webhook-configuration';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';

export const WEBHOOK_TIMEOUT_TIMER = 'admission.webhook.timeout';

export interface WebhookCall {
  /** The client request whose admission waits for this call. */
  requestId: MessageId;
  /** The webhook's place in the request's list. */
  index: number;
  timer: TimerId;
  /** The AdmissionReview message sent to the webhook's pod; absent while the SYN goes nowhere. */
  sent?: MessageId;
  conn: Connection;
  /** `Post "https://svc.ns.svc:443/path?timeout=10s"`, the start of every error text. */
  post: string;
  /** The address dialled (the ClusterIP and port), for `dial tcp` errors. */
  dialed: string;
}

/** How a call ended: the webhook's answer (an HTTP status and body), or why there is none. */
export type CallEnd = { kind: 'answer'; status: number; body: string } | { kind: 'failed'; reason: string };

function kernelOf(s: ApiserverState): NodeKernel {
  return (s.webhookKernel ??= createNodeKernel());
}

/** The URL client-go posts to for a service reference, with the timeout it adds as a parameter. */
export function webhookURL(hook: Webhook): string {
  const svc = hook.clientConfig.service;
  const query = `?timeout=${hook.timeoutSeconds ?? 10}s`;
  if (!svc) return `${hook.clientConfig.url ?? ''}${query}`;
  return `https://${svc.name}.${svc.namespace}.svc:${svc.port ?? 443}${svc.path ?? ''}${query}`;
}

/**
 * Send the review; returns the reason when the call fails at once (no such Service, a REJECT), else
 * undefined: the answer or the timeout comes back as a message or a timer.
 */
export function sendReview(ctx: Effects, s: ApiserverState, requestId: MessageId, index: number, hook: Webhook, review: unknown, what: string): string | undefined {
  const post = `Post "${webhookURL(hook)}"`;
  const ref = hook.clientConfig.service;
  if (!ref) return `failed to call webhook: ${post}: dial tcp: lookup ${hook.clientConfig.url ?? ''}: no such host`;
  const svc = cachedObject(s, 'services', `${ref.namespace}/${ref.name}`);
  const clusterIP = (svc?.spec as { clusterIP?: string } | undefined)?.clusterIP;
  if (!svc) return `failed to call webhook: ${post}: service "${ref.name}" not found`;
  if (!clusterIP || clusterIP === 'None') return `failed to call webhook: ${post}: service "${ref.name}" has no ClusterIP`;
  const port = ref.port ?? 443;
  const kr = ctx.hostData('kube-proxy') as KernelRules | undefined;
  const src = s.config.advertiseAddress;
  // kube-apiserver runs in the host's network namespace: its packets take the local output path.
  const { conn, route, cost } = dialFromHost(kernelOf(s), kr, ctx, src, [src], clusterIP, port);
  const dialed = `${clusterIP}:${port}`;
  if (route.kind === 'refused') {
    closeConnection(kernelOf(s), conn, ctx.now, 'reset');
    ctx.log(`Failed calling webhook ${hook.name}: ${src} -> ${dialed} REJECT (${cost})`);
    return `failed to call webhook: ${post}: dial tcp ${dialed}: connect: connection refused`;
  }
  const serial = (s.webhookCallSerial = (s.webhookCallSerial ?? 0) + 1);
  const timer = ctx.setTimer((hook.timeoutSeconds ?? 10) * 1000, WEBHOOK_TIMEOUT_TIMER, serial);
  const call: WebhookCall = { requestId, index, timer, conn, post, dialed };
  (s.webhookCalls ??= new Map()).set(serial, call);
  const via = route.dnat ? `DNAT ${route.ip}:${route.port}` : 'routed';
  const summary = `POST ${webhookURL(hook)} AdmissionReview ${what} (webhook ${hook.name}) ${src}:${conn.sport} -> ${dialed} ${via} (${cost})`;
  const node = deliveringNode(ctx, kr, route.ip, route.port);
  // No node delivers to that address (its pod is gone): the SYN goes nowhere and the timeout decides.
  if (!node) {
    ctx.log(`webhook ${hook.name}: no route to ${route.ip}`);
    return undefined;
  }
  const body: PodHttpRequestBody = { type: 'pod.http.request', ip: route.ip, port: route.port, method: 'POST', path: ref.path ?? '/', src, userAgent: 'kube-apiserver-admission', body: JSON.stringify(review) };
  call.sent = ctx.send(containerdId(node), body, { summary, phase: 'persistence' });
  return undefined;
}

/** The webhook's pod answered (or its node reset the connection): the call and how it ended. */
export function onReviewAnswer(ctx: Effects, s: ApiserverState, msg: Message): { call: WebhookCall; end: CallEnd } | undefined {
  const b = msg.body as PodHttpResponseBody;
  let serial: number | undefined;
  for (const [k, c] of s.webhookCalls ?? []) if (c.sent === b.requestId) serial = k;
  if (serial === undefined) return undefined;
  const call = s.webhookCalls!.get(serial)!;
  s.webhookCalls!.delete(serial);
  ctx.cancelTimer(call.timer);
  const sv = b.served;
  closeConnection(kernelOf(s), call.conn, ctx.now, sv.kind === 'response' ? 'closed' : 'reset');
  if (sv.kind === 'refused') return { call, end: { kind: 'failed', reason: `failed to call webhook: ${call.post}: dial tcp ${call.dialed}: connect: connection refused` } };
  if (sv.kind !== 'response') return { call, end: { kind: 'failed', reason: `failed to call webhook: ${call.post}: EOF` } };
  return { call, end: { kind: 'answer', status: sv.status, body: sv.body } };
}

/** The webhook's timeout passed with no answer. */
export function onReviewTimeout(ctx: Effects, s: ApiserverState, serial: number): { call: WebhookCall; end: CallEnd } | undefined {
  const call = s.webhookCalls?.get(serial);
  if (!call) return undefined;
  s.webhookCalls!.delete(serial);
  closeConnection(kernelOf(s), call.conn, ctx.now, 'unanswered');
  return { call, end: { kind: 'failed', reason: `failed to call webhook: ${call.post}: context deadline exceeded` } };
}
