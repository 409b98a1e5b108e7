// The event recorder of a controller (client-go tools/record, EventRecorder.Eventf): a core/v1
// Event named `<object name>.<UnixNano hex>` in the object's namespace (`default` for cluster-scoped
// objects such as Nodes), source.component the controller's name and no host, sent with the
// controller's own credentials through the shared recorder (client/event-recorder.ts), which turns a
// repeat into a PATCH of the first event's count.

import type { Credentials } from '../../api/http';
import { rfc3339, unixNanoHex } from '../../api/time';
import type { Event, KubeObject, ObjectReference } from '../../api/types';
import type { ClientState } from '../../client/apiclient';
import { sendEvent, type EventCache } from '../../client/event-recorder';
import { DEFAULT_TIMINGS } from '../../config';
import type { Effects, Phase } from '../../kernel/component';

export interface EventRecorder {
  /** source.component: `node-controller`, `taint-eviction-controller`. */
  component: string;
  credentials: Credentials;
  phase: Phase;
}

/** The reference Eventf takes for an object (ref.GetReference). */
export function objectReference(o: KubeObject): ObjectReference {
  const ref: ObjectReference = { kind: o.kind, name: o.metadata.name, uid: o.metadata.uid, apiVersion: o.apiVersion };
  if (o.metadata.namespace) ref.namespace = o.metadata.namespace;
  if (o.metadata.resourceVersion) ref.resourceVersion = o.metadata.resourceVersion;
  return ref;
}

export function makeEvent(
  rec: EventRecorder,
  ref: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  now: number,
  seq: number,
): Event {
  const namespace = ref.namespace || 'default';
  // Events of the same instant get names a nanosecond apart, as a real clock would give them.
  const t = now + (seq % 1000) * 1e-6;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${ref.name}.${unixNanoHex(t)}`, namespace },
    involvedObject: ref,
    reason,
    message,
    source: { component: rec.component },
    firstTimestamp: rfc3339(now),
    lastTimestamp: rfc3339(now),
    count: 1,
    type,
    eventTime: null,
    reportingComponent: rec.component,
    reportingInstance: '',
  };
}

/**
 * What a component keeps for its recorder: the counter that keeps events of one instant apart, the
 * correlator's cache, and the apiserver's event TTL (after which a repeat is a new event).
 */
export interface EventSequence extends EventCache {
  seq: number;
  ttlMs?: number;
}

/** Send an event (a create, or a PATCH of a repeat); its answer is not waited for (the broadcaster drops failures after retries). */
export function recordEvent(
  ctx: Effects,
  client: ClientState,
  rec: EventRecorder,
  events: EventSequence,
  ref: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
): void {
  const ev = makeEvent(rec, ref, type, reason, message, ctx.now, events.seq++);
  const short = message.length > 60 ? message.slice(0, 57) + '...' : message;
  sendEvent(ctx, client, events, ev, {
    ttlMs: events.ttlMs ?? DEFAULT_TIMINGS.eventTtlMs,
    credentials: rec.credentials,
    meta: {
      phase: rec.phase,
      summary: `POST event ${reason}: ${short}`,
      object: { kind: ref.kind ?? '', name: ref.name ?? '', ...(ref.namespace ? { namespace: ref.namespace } : {}) },
    },
  });
}
