// printEndpoints and formatEndpoints (kubernetes pkg/printers/internalversion/printers.go): ready
// addresses as ip:port per port, the bare IP for a subset without ports, three then `+ N more...`,
// `<none>` without subsets.
import { describe, expect, it } from 'vitest';
import type { Endpoints } from '../../api/service';
import { formatEndpoints } from './endpoints-printer';

const ep = (subsets?: Endpoints['subsets']): Endpoints => ({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web' }, ...(subsets ? { subsets } : {}) });
const ips = (...xs: string[]) => xs.map((ip) => ({ ip }));

describe('formatEndpoints', () => {
  it.each([
    ['no subsets', ep(), '<none>'],
    ['one port, two addresses', ep([{ addresses: ips('10.244.1.2', '10.244.3.2'), ports: [{ port: 80 }] }]), '10.244.1.2:80,10.244.3.2:80'],
    ['five addresses', ep([{ addresses: ips('a', 'b', 'c', 'd', 'e'), ports: [{ port: 80 }] }]), 'a:80,b:80,c:80 + 2 more...'],
    ['two ports of one address', ep([{ addresses: ips('10.0.0.1'), ports: [{ name: 'x', port: 80 }, { name: 'y', port: 53 }] }]), '10.0.0.1:80,10.0.0.1:53'],
    ['headless without ports', ep([{ addresses: ips('10.0.0.1', '10.0.0.2') }]), '10.0.0.1,10.0.0.2'],
    ['only not-ready addresses', ep([{ notReadyAddresses: ips('10.0.0.1'), ports: [{ port: 80 }] }]), ''],
  ])('%s', (_n, e, want) => {
    expect(formatEndpoints(e)).toBe(want);
  });

  it('keeps only the named ports when describe service asks for one', () => {
    expect(formatEndpoints(ep([{ addresses: ips('10.0.0.1'), ports: [{ name: 'x', port: 80 }, { name: 'y', port: 53 }] }]), new Set(['y']))).toBe('10.0.0.1:53');
  });
});
