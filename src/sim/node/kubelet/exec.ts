// The kubelet's /exec/{namespace}/{pod}/{container} endpoint, which kube-apiserver calls for
// `kubectl exec` (pkg/kubelet/server/server.go getExec). The kubelet finds the container among the
// running ones (kubelet_pods.go GetExec: `container not found ("nginx")` otherwise, written as a
// 500 with the error's text, streaming.WriteError), asks the runtime over CRI Exec, and relays what
// the process printed; when it ends, the status ServeExec writes on the error channel
// (remotecommand/exec.go): Success, NonZeroExitCode with the exit code, or an InternalError.

import type { HttpRequest, HttpResponse } from '../../api/http';
import { decodeCommand, EXEC_SUCCESS, execExitStatus, execInternalError, queryBool, type ExecStreamBody } from '../../api/exec-options';
import type { Effects, Message } from '../../kernel/component';
import { formatGrpcError, type CriResponse, type ExecResult } from '../runtime/cri';
import { criCall } from './cri-client';
import type { CriCallRecord, KubeletState } from './state';

function respond(ctx: Effects, to: { process: string; incarnation: number }, requestId: number, status: number, body: unknown, summary: string): void {
  const r: HttpResponse = { type: 'http.response', requestId, status, body };
  ctx.send(to, r, { summary, phase: 'execution' });
}

export function onContainerExec(s: KubeletState, ctx: Effects, msg: Message): boolean {
  const req = msg.body as HttpRequest;
  const m = /^\/exec\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(req.path);
  if (!m) return false;
  const [, ns, podName, container] = m as unknown as [string, string, string, string];
  const to = { process: msg.from, incarnation: msg.fromIncarnation };
  const fail = (status: number, text: string): void => respond(ctx, to, msg.id, status, text, `${status} ${text}`);
  const w = [...s.workers.values()].find((x) => x.namespace === ns && x.name === podName);
  if (!w) return fail(404, 'pod does not exist'), true;
  const cmd = decodeCommand(req.query);
  if (!cmd?.length) return fail(400, 'you must specify at least one command for the container'), true;
  const c = w.containers.find((x) => x.name === container);
  if (!c || c.state !== 'running' || !c.containerId) return fail(500, `container not found ("${container}")`), true;
  const rec: Omit<CriCallRecord, 'call' | 'sentAt'> = {
    purpose: 'exec',
    podUid: w.uid,
    container,
    reply: { ...to, requestId: msg.id, container, timestamps: false, pod: podName },
  };
  const call = { method: 'Exec' as const, containerId: c.containerId, cmd, tty: queryBool(req.query, 'tty'), stdin: queryBool(req.query, 'stdin') };
  criCall(s, ctx, call, rec, { kind: 'Pod', name: podName, namespace: ns }, `Exec ${podName}/${container}: ${cmd.join(' ')}`);
  return true;
}

/** containerd answered Exec: the stream's output and its closing status. */
export function onExecAnswer(ctx: Effects, rec: CriCallRecord, resp: CriResponse): void {
  const r = rec.reply;
  if (!r) return;
  if (resp.error) return respond(ctx, r, r.requestId, 500, formatGrpcError(resp.error), `500 exec failed`);
  const x = resp.result as ExecResult;
  const cmd = rec.call.method === 'Exec' ? rec.call.cmd : [];
  const status = x.startError ? execInternalError(x.startError) : x.exitCode === 0 ? EXEC_SUCCESS : execExitStatus(cmd, x.exitCode);
  const body: ExecStreamBody = { kind: 'ExecStream', stdout: x.stdout, stderr: x.stderr, status };
  if (x.prompt !== undefined) body.prompt = x.prompt;
  respond(ctx, r, r.requestId, 200, body, `200 exec ${r.pod}/${r.container}: ${x.startError ? 'failed to start' : `exit ${x.exitCode}`}`);
}
