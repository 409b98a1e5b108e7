// The kubelet's /portForward/{namespace}/{pod} endpoint, which kube-apiserver proxies
// `kubectl port-forward` to (pkg/kubelet/server/server.go getPortForward): the pod must be one of
// this kubelet's (`pod does not exist`, 404), then the runtime is asked over CRI PortForward and the
// connection goes into the pod's network namespace. containerd's failure reaches the client on the
// error stream as the kubelet's streaming server words it (cri/streaming/portforward/httpstream.go:
// `error forwarding port 80 to pod <sandbox id>, uid : <containerd's error>`; the CRI streaming
// server knows the sandbox, not the pod's uid).

import type { HttpRequest, HttpResponse } from '../../api/http';
import type { PortForwardStreamBody } from '../../api/port-forward';
import type { Effects, Message } from '../../kernel/component';
import type { CriResponse, PortForwardResult } from '../runtime/cri';
import { criCall } from './cri-client';
import type { CriCallRecord, KubeletState } from './state';

function respond(ctx: Effects, to: { process: string; incarnation: number }, requestId: number, status: number, body: unknown, summary: string): void {
  const r: HttpResponse = { type: 'http.response', requestId, status, body };
  ctx.send(to, r, { summary, phase: 'networking' });
}

export function onPortForward(s: KubeletState, ctx: Effects, msg: Message): boolean {
  const req = msg.body as HttpRequest;
  const m = /^\/portForward\/([^/]+)\/([^/]+)$/.exec(req.path);
  if (!m) return false;
  const [, ns, podName] = m as unknown as [string, string, string];
  const to = { process: msg.from, incarnation: msg.fromIncarnation };
  const w = [...s.workers.values()].find((x) => x.namespace === ns && x.name === podName);
  if (!w) return respond(ctx, to, msg.id, 404, 'pod does not exist', '404 pod does not exist'), true;
  const q = req.query ?? {};
  // The upgrade: the pod is here, the streams may come.
  if (q.port === undefined) return respond(ctx, to, msg.id, 200, { kind: 'PortForwardStream', data: '' } satisfies PortForwardStreamBody, `101 port-forward ${podName}`), true;
  const port = Number(q.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return respond(ctx, to, msg.id, 200, { kind: 'PortForwardStream', data: '', error: `unable to parse port "${q.port}"` } satisfies PortForwardStreamBody, '200 bad port'), true;
  }
  if (!w.sandboxId) {
    const error = `error forwarding port ${port} to pod ${podName}, uid ${w.uid}: pod sandbox not found`;
    return respond(ctx, to, msg.id, 200, { kind: 'PortForwardStream', data: '', error } satisfies PortForwardStreamBody, '200 no sandbox'), true;
  }
  const rec: Omit<CriCallRecord, 'call' | 'sentAt'> = { purpose: 'portforward', podUid: w.uid, reply: { ...to, requestId: msg.id, container: '', timestamps: false, pod: podName } };
  criCall(s, ctx, { method: 'PortForward', podSandboxId: w.sandboxId, port, data: q.data ?? '' }, rec, { kind: 'Pod', name: podName, namespace: ns }, `PortForward ${podName}:${port}`);
  return true;
}

/** containerd answered PortForward: the bytes back, or its error on the error stream. */
export function onPortForwardAnswer(ctx: Effects, rec: CriCallRecord, resp: CriResponse): void {
  const r = rec.reply;
  if (!r || rec.call.method !== 'PortForward') return;
  const { port, podSandboxId } = rec.call;
  const body: PortForwardStreamBody = resp.error
    ? { kind: 'PortForwardStream', data: '', error: `error forwarding port ${port} to pod ${podSandboxId}, uid : ${resp.error.message}` }
    : { kind: 'PortForwardStream', data: (resp.result as PortForwardResult).data, ...((resp.result as PortForwardResult).close && { close: true }) };
  respond(ctx, r, r.requestId, 200, body, `200 port-forward ${r.pod}:${port}: ${body.error ? 'error' : `${body.data.length} bytes`}`);
}
