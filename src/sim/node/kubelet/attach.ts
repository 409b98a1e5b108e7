// The kubelet's /attach/{namespace}/{pod}/{container} endpoint, which kube-apiserver proxies
// `kubectl attach` to (pkg/kubelet/server/server.go getAttach; kubelet_pods.go GetAttach: a
// container that is not running is `container not found ("x")`, written as a 500). The runtime's
// attach hands over the main process's output from now on; here the kubelet reads it from the
// container's CRI log (what the process writes to stdout and stderr) after the client's cursor
// (api/attach-stream.ts).

import type { AttachStreamBody } from '../../api/attach-stream';
import type { HttpRequest, HttpResponse } from '../../api/http';
import type { Effects, Message } from '../../kernel/component';
import { parseCriLogLine, type CriResponse, type ReadLogsResult } from '../runtime/cri';
import { criCall } from './cri-client';
import { findContainer } from './init-containers';
import type { CriCallRecord, KubeletState } from './state';

function respond(ctx: Effects, to: { process: string; incarnation: number }, requestId: number, status: number, body: unknown, summary: string): void {
  const r: HttpResponse = { type: 'http.response', requestId, status, body };
  ctx.send(to, r, { summary, phase: 'execution' });
}

export function onContainerAttach(s: KubeletState, ctx: Effects, msg: Message): boolean {
  const req = msg.body as HttpRequest;
  const m = /^\/attach\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(req.path);
  if (!m) return false;
  const [, ns, podName, container] = m as unknown as [string, string, string, string];
  const to = { process: msg.from, incarnation: msg.fromIncarnation };
  const w = [...s.workers.values()].find((x) => x.namespace === ns && x.name === podName);
  if (!w) return respond(ctx, to, msg.id, 404, 'pod does not exist', '404 pod does not exist'), true;
  const c = findContainer(w, container);
  if (!c || c.state !== 'running' || !c.containerId) return respond(ctx, to, msg.id, 500, `container not found ("${container}")`, '500 container not found'), true;
  const after = req.query?.after;
  const rec: Omit<CriCallRecord, 'call' | 'sentAt'> = {
    purpose: 'attach',
    podUid: w.uid,
    container,
    reply: { ...to, requestId: msg.id, container, timestamps: false, pod: podName, ...(after !== undefined && { after }) },
  };
  criCall(s, ctx, { method: 'ReadLogs', containerId: c.containerId }, rec, { kind: 'Pod', name: podName, namespace: ns }, `ReadLogs ${podName}/${container} (attach)`);
  return true;
}

/** The output after the cursor (none on the first request), and the new cursor. */
export function onAttachRead(ctx: Effects, rec: CriCallRecord, resp: CriResponse): void {
  const r = rec.reply;
  if (!r) return;
  if (resp.error) return respond(ctx, r, r.requestId, 500, `container not found ("${r.container}")`, '500 container not found');
  const lines = (resp.result as ReadLogsResult).lines.map(parseCriLogLine);
  const cursor = lines.at(-1)?.time ?? r.after ?? '';
  const fresh = r.after === undefined ? [] : lines.filter((l) => l.time > r.after!);
  const body: AttachStreamBody = {
    kind: 'AttachStream',
    stdout: fresh.filter((l) => l.stream === 'stdout').map((l) => `${l.text}\n`).join(''),
    stderr: fresh.filter((l) => l.stream === 'stderr').map((l) => `${l.text}\n`).join(''),
    cursor,
  };
  respond(ctx, r, r.requestId, 200, body, `200 attach ${r.pod}/${r.container}: ${fresh.length} lines`);
}
