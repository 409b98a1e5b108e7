// `iptables -t nat -L CHAIN -n [--line-numbers]` laid out as iptables v1.8.9 prints it (iptables/
// xshared.c print_header and print_ipv4_addresses, libxt_comment, libxt_tcp, libxt_statistic,
// libxt_MARK, libipt_DNAT): the row for the kubernetes Service is the one every kube-proxy
// troubleshooting page shows, `KUBE-SVC-NPX46M4PTMTKRN6Y  tcp  --  0.0.0.0/0            10.96.0.1
// /* default/kubernetes:https cluster IP */ tcp dpt:443`.
import { describe, expect, it } from 'vitest';
import { listChains, parseTable } from './iptables-list';

const SAVE = `*nat
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-NODEPORTS - [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-SVC-NPX46M4PTMTKRN6Y - [0:0]
:KUBE-SEP-A - [0:0]
-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000
-A KUBE-SERVICES -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-SVC-NPX46M4PTMTKRN6Y
-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS
-A KUBE-SVC-NPX46M4PTMTKRN6Y ! -s 10.244.0.0/16 -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-MARK-MASQ
-A KUBE-SVC-NPX46M4PTMTKRN6Y -m comment --comment "default/kubernetes:https -> 10.0.0.10:6443" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-A
-A KUBE-SEP-A -p tcp -m comment --comment "default/kubernetes:https" -m tcp -j DNAT --to-destination 10.0.0.10:6443
COMMIT
`;

describe('iptables -L', () => {
  const t = parseTable(SAVE, 'nat')!;

  it('lists KUBE-SERVICES with its references, numerically', () => {
    expect(listChains(t, 'KUBE-SERVICES', { numeric: true, lineNumbers: false })).toBe(
      'Chain KUBE-SERVICES (2 references)\n' +
        'target     prot opt source               destination         \n' +
        'KUBE-SVC-NPX46M4PTMTKRN6Y  tcp  --  0.0.0.0/0            10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443\n' +
        'KUBE-NODEPORTS  all  --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service nodeports; NOTE: this must be the last rule in this chain */ ADDRTYPE match dst-type LOCAL\n',
    );
  });

  it('numbers the rules, shows a negated source, the statistic match, MARK and DNAT', () => {
    expect(listChains(t, 'KUBE-SVC-NPX46M4PTMTKRN6Y', { numeric: true, lineNumbers: true })).toBe(
      'Chain KUBE-SVC-NPX46M4PTMTKRN6Y (1 references)\n' +
        'num  target     prot opt source               destination         \n' +
        '1    KUBE-MARK-MASQ  tcp  -- !10.244.0.0/16        10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443\n' +
        '2    KUBE-SEP-A  all  --  0.0.0.0/0            0.0.0.0/0            /* default/kubernetes:https -> 10.0.0.10:6443 */ statistic mode random probability 0.50000000000\n',
    );
    expect(listChains(t, 'KUBE-MARK-MASQ', { numeric: true, lineNumbers: false })!.split('\n')[2]).toBe('MARK       all  --  0.0.0.0/0            0.0.0.0/0            MARK or 0x4000');
    expect(listChains(t, 'KUBE-SEP-A', { numeric: true, lineNumbers: false })!.split('\n')[2]).toBe('DNAT       tcp  --  0.0.0.0/0            0.0.0.0/0            /* default/kubernetes:https */ tcp to:10.0.0.10:6443');
  });

  it('prints built-in chains with their policy and, without -n, anywhere and service names', () => {
    const out = listChains(t, 'PREROUTING', { numeric: false, lineNumbers: false })!;
    expect(out).toBe('Chain PREROUTING (policy ACCEPT)\ntarget     prot opt source               destination         \nKUBE-SERVICES  all  --  anywhere             anywhere             /* kubernetes service portals */\n');
    expect(listChains(t, 'KUBE-SERVICES', { numeric: false, lineNumbers: false })).toContain('10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:https\n');
  });

  it('lists every chain, a blank line between them, and nothing for a chain that does not exist', () => {
    expect(listChains(t, undefined, { numeric: true, lineNumbers: false })!.split('\n\nChain ').length).toBe(t.chains.length);
    expect(listChains(t, 'NOPE', { numeric: true, lineNumbers: false })).toBeUndefined();
  });
});
