// kubectl starts with no discovery cache, as kubectl v1.31 with an empty --cache-dir does (client-go
// discovery/cached/disk: no cached files, so the first command that maps a type fetches GET /api and
// GET /apis, aggregated discovery, and writes ~/.kube/cache/discovery/<host>/; later ones read it).
// Real kubectl v1.31.9 -v=6 against `kubeplay serve` with a fresh --cache-dir printed, klog headers
// and durations left out:
//   loader.go:395] Config loaded from file:  ...
//   round_trippers.go:553] GET https://127.0.0.1:16443/api?timeout=32s 200 OK
//   round_trippers.go:553] GET https://127.0.0.1:16443/apis?timeout=32s 200 OK
//   round_trippers.go:553] GET https://127.0.0.1:16443/api/v1/namespaces/default/pods?limit=500 200 OK
// and the same command again only the pods GET. `kubectl version` and `get --raw` map no type and
// fetch no discovery (the same run: only GET /version?timeout=32s, GET /healthz); `kubectl
// api-resources` and `api-versions` fetch GET /api?timeout=32s and /apis?timeout=32s every time.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { verboseLines } from './discovery-cache-testing';

const GET = (path: string) => expect.stringMatching(new RegExp(`^round_trippers\\.go:553\\] GET https://[^/]+${path.replace(/[?.]/g, '\\$&')} 200 OK$`));

describe("kubectl's discovery cache starts empty", () => {
  it('the first get pods fetches /api and /apis before listing; the second reads the cache', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const first = c.run('kubectl get pods -v=6');
    expect(verboseLines(first.stderr)).toEqual([GET('/api?timeout=32s'), GET('/apis?timeout=32s'), GET('/api/v1/namespaces/default/pods?limit=500'), 'No resources found in default namespace.', '']);
    expect(verboseLines(c.run('kubectl get pods -v=6').stderr)).toEqual([GET('/api/v1/namespaces/default/pods?limit=500'), 'No resources found in default namespace.', '']);
  });

  it('the discovery requests are messages from kubectl to kube-apiserver in the trace, before the list', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const from = c.sim.now;
    c.run('kubectl get pods');
    const requests = c.sim.world.trace.filter((r) => r.time >= from && r.from === 'kubectl' && r.type === 'http.request').map((r) => r.summary);
    expect(requests).toEqual(['GET /api?timeout=32s', 'GET /apis?timeout=32s', 'GET /api/v1/namespaces/default/pods?limit=500']);
  });

  it('a command that maps no type fetches no discovery; api-resources fetches each time', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    expect(verboseLines(c.run('kubectl get --raw /healthz -v=6').stderr)).toEqual([GET('/healthz'), '']);
    const discoveryGets = (line: string) => verboseLines(c.run(line).stderr).filter((l) => /GET https:\/\/[^/]+\/apis?\?timeout=32s/.test(l));
    for (const line of ['kubectl api-resources -v=6', 'kubectl api-resources -v=6', 'kubectl api-versions -v=6']) {
      expect(discoveryGets(line)).toEqual([GET('/api?timeout=32s'), GET('/apis?timeout=32s')]);
    }
  });
});
