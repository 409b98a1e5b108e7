// The kubelet's event recorder: a core/v1 Event POSTed to the apiserver, named
// `<pod>.<UnixNano hex>`, with source.component kubelet and source.host the node
// (client-go tools/record), sent through the shared recorder (client/event-recorder.ts): a repeat
// (BackOff, Pulling, Failed of a crash loop) PATCHes the first event's count and lastTimestamp.

import type { Event, Pod } from '../../api/types';
import { rfc3339, unixNanoHex } from '../../api/time';
import { sendEvent } from '../../client/event-recorder';
import type { Effects } from '../../kernel/component';
import type { KubeletState } from './state';

/** The event's fieldPath: `spec.initContainers{name}` for an init container (ref.GetPartialReference). */
function fieldPath(pod: Pod, container: string): string {
  const init = pod.spec.initContainers?.some((c) => c.name === container);
  return `spec.${init ? 'initContainers' : 'containers'}{${container}}`;
}

export function recordEvent(
  s: KubeletState,
  ctx: Effects,
  pod: Pod,
  container: string | undefined,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
): void {
  const ns = pod.metadata.namespace ?? 'default';
  // Events in the same millisecond get distinct names, a nanosecond apart.
  const t = ctx.now + (s.eventSeq++ % 1000) * 1e-6;
  const ev: Event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${pod.metadata.name}.${unixNanoHex(t)}`, namespace: ns },
    involvedObject: {
      apiVersion: 'v1',
      kind: 'Pod',
      name: pod.metadata.name,
      namespace: ns,
      uid: pod.metadata.uid,
      resourceVersion: pod.metadata.resourceVersion,
      ...(container ? { fieldPath: fieldPath(pod, container) } : {}),
    },
    reason,
    message,
    source: { component: 'kubelet', host: s.config.nodeName },
    firstTimestamp: rfc3339(ctx.now),
    lastTimestamp: rfc3339(ctx.now),
    count: 1,
    type,
    eventTime: null,
    reportingComponent: 'kubelet',
    reportingInstance: s.config.nodeName,
  };
  sendEvent(ctx, s.client, (s.eventCache ??= {}), ev, {
    ttlMs: s.config.timings.eventTtlMs,
    meta: {
      phase: 'execution',
      summary: `POST event ${reason}: ${message.length > 60 ? message.slice(0, 57) + '...' : message}`,
      object: { kind: 'Pod', name: pod.metadata.name ?? '', namespace: ns },
    },
  });
}

/** An event about the Node itself (Starting, NodeReady, RegisteredNode). */
export function recordNodeEvent(s: KubeletState, ctx: Effects, reason: string, message: string): void {
  const node = s.config.nodeName;
  const t = ctx.now + (s.eventSeq++ % 1000) * 1e-6;
  const ev: Event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${node}.${unixNanoHex(t)}`, namespace: 'default' },
    involvedObject: { kind: 'Node', name: node, uid: node },
    reason,
    message,
    source: { component: 'kubelet', host: node },
    firstTimestamp: rfc3339(ctx.now),
    lastTimestamp: rfc3339(ctx.now),
    count: 1,
    type: 'Normal',
    eventTime: null,
    reportingComponent: 'kubelet',
    reportingInstance: node,
  };
  sendEvent(ctx, s.client, (s.eventCache ??= {}), ev, {
    ttlMs: s.config.timings.eventTtlMs,
    meta: { phase: 'heartbeat', summary: `POST event ${reason}: ${message}`, object: { kind: 'Node', name: node } },
  });
}
