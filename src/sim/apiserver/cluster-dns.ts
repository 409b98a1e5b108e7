// A stand-in for the cluster DNS until Kubeplay runs CoreDNS (issue 13): a container's DNS query
// (dns-lookup.ts) is answered from the apiserver's Services, as CoreDNS's kubernetes plugin answers
// `<service>.<namespace>.svc.cluster.local` with the Service's ClusterIP. The name is tried with the
// pod's search domains first (resolv.conf `search <ns>.svc.cluster.local svc.cluster.local
// cluster.local`, `options ndots:5`), then as written.

import type { Effects, Message } from '../kernel/component';
import type { DnsAnswer, DnsQuery } from '../node/runtime/dns-lookup';
import type { ApiserverState } from './state';
import { cachedObject } from './watchcache';

const CLUSTER_DOMAIN = 'svc.cluster.local';

function candidates(host: string, namespace: string): string[] {
  const name = host.replace(/\.$/, '');
  if (host.endsWith('.')) return [name];
  const dots = name.split('.').length - 1;
  const searched = [`${name}.${namespace}.${CLUSTER_DOMAIN}`, `${name}.${CLUSTER_DOMAIN}`, `${name}.cluster.local`];
  return dots >= 5 ? [name, ...searched] : [...searched, name];
}

function clusterIP(s: ApiserverState, fqdn: string): string | undefined {
  const m = /^([a-z0-9-]+)\.([a-z0-9-]+)\.svc\.cluster\.local$/.exec(fqdn);
  if (!m) return undefined;
  const svc = cachedObject(s, 'services', `${m[2]}/${m[1]}`) as { spec?: { clusterIP?: string } } | undefined;
  const ip = svc?.spec?.clusterIP;
  return ip && ip !== 'None' ? ip : undefined;
}

/** Answer a `dns.query`; false for any other message. */
export function clusterDnsOnMessage(ctx: Effects, s: ApiserverState, msg: Message): boolean {
  if (msg.body.type !== 'dns.query') return false;
  const q = msg.body as unknown as DnsQuery;
  const answer: DnsAnswer = { type: 'dns.answer', requestId: msg.id };
  for (const name of candidates(q.host, q.namespace)) {
    const ip = clusterIP(s, name);
    if (ip) {
      answer.name = name;
      answer.address = ip;
      break;
    }
  }
  ctx.reply(msg, answer, { summary: answer.address ? `DNS ${answer.name} A ${answer.address}` : `DNS ${q.host} NXDOMAIN`, phase: 'networking' });
  return true;
}
