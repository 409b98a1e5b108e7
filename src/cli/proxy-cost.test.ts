// `kubeplay proxy-cost` flags: bad input answers with an error, never a crash.
import { describe, expect, it } from 'vitest';
import { parseProxyCost, proxyCostMain } from './proxy-cost';

describe('kubeplay proxy-cost', () => {
  it.each([
    [['--services', '10,x'], '--services: expected a comma-separated list of counts from 1 to 50000, got "10,x"'],
    [['--modes', 'userspace'], '--modes: unknown proxy mode "userspace" (iptables, ipvs, nftables)'],
    [['--bogus'], 'unknown flag "--bogus"'],
  ])('rejects %j', (argv, error) => {
    expect(parseProxyCost(argv)).toEqual({ error });
  });

  it('prints one JSON line per mode and size, with mode and services', () => {
    let out = '';
    expect(proxyCostMain(['--services', '10,20', '--json'], { out: (s) => (out += s), err: () => {} })).toBe(0);
    const rows = out.trim().split('\n').map((l) => JSON.parse(l) as { mode: string; services: number });
    expect(rows.map((r) => `${r.mode}/${r.services}`)).toEqual(['iptables/10', 'iptables/20', 'ipvs/10', 'ipvs/20', 'nftables/10', 'nftables/20']);
  });
});
