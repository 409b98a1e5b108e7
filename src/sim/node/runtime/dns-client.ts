// Where the answers to a node's containers' DNS lookups go: the resolver (resolver.ts) reports what
// happened to a lookup, and this hands it to whoever asked: an HTTP request waiting to connect
// (outgoing.ts), or an nslookup run (nslookup.ts) whose output goes to a `kubectl exec` or to the
// log of a container looping `until nslookup`.

import type { Effects, Message } from '../../kernel/component';
import type { ExecResult } from './cri';
import { onUntilResolvesDone } from './dns-lookup';
import { nslookupOnEvent } from './nslookup';
import { outgoingOnLookup } from './outgoing';
import { advance, writeLog } from './process';
import { answerNow } from './reply';
import { resolverOnMessage, resolverOnTimer, RESOLVER_TIMER, type LookupEvent } from './resolver';
import type { ContainerdState } from './state';

function route(s: ContainerdState, ctx: Effects, events: LookupEvent[]): void {
  for (const ev of events) {
    if (outgoingOnLookup(s, ctx, ev)) continue;
    const done = nslookupOnEvent(s, ctx, ev);
    if (!done?.result) continue;
    const { run, result } = done;
    if (run.sink.kind === 'exec') {
      answerNow(ctx, run.sink.waiter, result satisfies ExecResult, undefined, `Exec nslookup ${run.host}: exit ${result.exitCode}`);
      continue;
    }
    const c = s.containers.get(run.containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING') continue;
    onUntilResolvesDone(c, run.host, run.sink.body, result, (stream, text) => writeLog(s, c, stream, text, ctx.now));
    advance(s, c, ctx);
  }
}

/** A DNS reply for one of this node's containers; false for any other message. */
export function dnsClientOnMessage(s: ContainerdState, ctx: Effects, msg: Message): boolean {
  const events = resolverOnMessage(s, ctx, msg);
  if (!events) return false;
  route(s, ctx, events);
  return true;
}

/** A resolver's try timed out; false for any other timer. */
export function dnsClientOnTimer(s: ContainerdState, ctx: Effects, name: string, payload: unknown): boolean {
  if (name !== RESOLVER_TIMER) return false;
  route(s, ctx, resolverOnTimer(s, ctx, payload as number));
  return true;
}
