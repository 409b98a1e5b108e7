// A DNS query and its reply as they travel the pod network: one UDP datagram each way between a
// pod's resolver (runtime/resolver.ts) and a CoreDNS pod (coredns.ts). The query carries the
// address the sending node's kernel DNATed it to (a CoreDNS pod behind the kube-dns Service).

import type { MessageId } from '../../kernel/units';
import type { DnsReply, QType } from './kubernetes-plugin';

/** resolver -> CoreDNS pod: one question. */
export interface DnsQueryPacket {
  type: 'dns.query';
  qname: string;
  qtype: QType;
  /** The CoreDNS pod's address and port after DNAT. */
  ip: string;
  port: number;
  /** The sender's address and port (the reply's destination). */
  src: string;
  sport: number;
}

/** CoreDNS pod -> resolver: the reply to one query. */
export interface DnsAnswerPacket {
  type: 'dns.answer';
  requestId: MessageId;
  reply: DnsReply;
}

/** A reply's answer section as `dig` would sum it up, for the trace. */
export function replySummary(qname: string, qtype: QType, r: DnsReply): string {
  if (r.rcode !== 'NOERROR') return `DNS ${qname} ${qtype}: ${r.rcode}`;
  if (r.answers.length === 0) return `DNS ${qname} ${qtype}: NOERROR (no records)`;
  return `DNS ${r.answers.map((a) => `${a.name}. ${a.type} ${a.data}`).join(', ')}`;
}
