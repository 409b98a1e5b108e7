// The pod's resolver configuration (resolv.conf(5): `search`, `nameserver`, `options ndots:N
// timeout:N attempts:N`, defaults ndots 1, timeout 5, attempts 2) and the order in which the C
// library's res_search tries names: fewer dots than ndots, the search domains first and the name
// as written last; ndots or more, the name first; a trailing dot, only the name. kubernetes.io
// "DNS for Services and Pods" gives the pod's file: the namespace's, svc's and the cluster's
// domains with ndots:5.
import { describe, expect, it } from 'vitest';
import { parseResolvConf, searchNames } from './resolver';

const POD = 'search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n';

describe('resolv.conf and the search list', () => {
  it("reads a ClusterFirst pod's file", () => {
    expect(parseResolvConf(POD)).toEqual({ nameservers: ['10.96.0.10'], search: ['default.svc.cluster.local', 'svc.cluster.local', 'cluster.local'], ndots: 5, timeoutSec: 5, attempts: 2 });
  });

  it('keeps the defaults for an empty file and reads timeout and attempts', () => {
    expect(parseResolvConf('')).toEqual({ nameservers: [], search: [], ndots: 1, timeoutSec: 5, attempts: 2 });
    expect(parseResolvConf('options timeout:2 attempts:3').timeoutSec).toBe(2);
    expect(parseResolvConf('options timeout:2 attempts:3').attempts).toBe(3);
  });

  const conf = parseResolvConf(POD);
  it.each([
    ['a short name: every search domain, then the name', 'web', ['web.default.svc.cluster.local', 'web.svc.cluster.local', 'web.cluster.local', 'web']],
    ['a name with one dot is still under ndots:5', 'web.shop', ['web.shop.default.svc.cluster.local', 'web.shop.svc.cluster.local', 'web.shop.cluster.local', 'web.shop']],
    ['five dots or more: the name first', 'a.b.c.d.e.f', ['a.b.c.d.e.f', 'a.b.c.d.e.f.default.svc.cluster.local', 'a.b.c.d.e.f.svc.cluster.local', 'a.b.c.d.e.f.cluster.local']],
    ['a trailing dot: only the name', 'web.default.svc.cluster.local.', ['web.default.svc.cluster.local']],
  ])('%s', (_why, host, names) => {
    expect(searchNames(host, conf)).toEqual(names);
  });
});
