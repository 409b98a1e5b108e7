// The kubelet's CRI client: every call is a `cri.request` to containerd, remembered until its
// `cri.response` comes back. A runtime that is not running answers nothing; the host's RST arrives
// as conn.refused and becomes the gRPC error cri-client reports for a dead socket.

import type { Effects, ObjectRef } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import type { CriCall, CriRequest, CriResponse } from '../runtime/cri';
import type { CriCallRecord, KubeletState } from './state';

function detail(call: CriCall): string {
  switch (call.method) {
    case 'RunPodSandbox':
      return ` ${call.metadata.name}`;
    case 'PullImage':
    case 'ImageStatus':
      return ` ${call.image}`;
    case 'CreateContainer':
      return ` ${call.config.name}`;
    case 'ExecSync':
    case 'Exec':
      return ` ${call.cmd.join(' ')}`;
    case 'StartContainer':
    case 'StopContainer':
    case 'RemoveContainer':
    case 'ContainerStatus':
    case 'ReadLogs':
      return ` ${call.containerId.slice(0, 13)}`;
    case 'PortForward':
      return ` ${call.podSandboxId.slice(0, 13)} :${call.port}`;
    case 'StopPodSandbox':
    case 'RemovePodSandbox':
      return ` ${call.podSandboxId.slice(0, 13)}`;
    default:
      return '';
  }
}

export function criCall(
  s: KubeletState,
  ctx: Effects,
  call: CriCall,
  rec: Omit<CriCallRecord, 'call' | 'sentAt'>,
  object?: ObjectRef,
  summary?: string,
): MessageId {
  const body = { type: 'cri.request', ...call } as CriRequest;
  const id = ctx.send(s.config.containerd, body, {
    summary: summary ?? `${call.method}${detail(call)}`,
    phase: 'execution',
    object,
    stream: call.method === 'GetContainerEvents' ? 'open' : undefined,
  });
  s.cri.set(id, { ...rec, call, sentAt: ctx.now });
  return id;
}

/** The answer to a call to a runtime that is not listening. */
export function refusedResponse(requestId: MessageId, rec: CriCallRecord): CriResponse {
  return {
    type: 'cri.response',
    requestId,
    method: rec.call.method,
    error: {
      code: 'Unavailable',
      message: 'connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"',
    },
  };
}

/** The answer to a call in flight when the runtime's connection closed (containerd exited). */
export function transportClosedResponse(requestId: MessageId, rec: CriCallRecord): CriResponse {
  return { type: 'cri.response', requestId, method: rec.call.method, error: { code: 'Unavailable', message: 'error reading from server: EOF' } };
}
