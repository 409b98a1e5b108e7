// `ipvsadm -Ln` on a node in IPVS mode: one virtual server per ClusterIP and port (and per node
// port), scheduler rr, each with the ready endpoints as real servers in masquerade (NAT) mode. The
// kernel finds a virtual server by hash, so the cost does not grow with the number of Services
// (seed, chapter 3).

import type { ProxyRules } from './rules';

function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length);
}

export function renderIpvsadm(rules: ProxyRules, nodeIP: string): string {
  const out = ['IP Virtual Server version 1.2.1 (size=4096)', 'Prot LocalAddress:Port Scheduler Flags', '  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn'];
  for (const s of rules.services) {
    const addrs = [`${s.clusterIP}:${s.port}`, ...(s.nodePort ? [`${nodeIP}:${s.nodePort}`] : [])];
    for (const a of addrs) {
      out.push(`${pad(s.protocol.toUpperCase(), 4)} ${a} rr`);
      for (const e of s.endpoints) out.push(`  -> ${pad(`${e.ip}:${e.port}`, 28)} Masq    1      0          0`);
    }
  }
  return out.join('\n') + '\n';
}
