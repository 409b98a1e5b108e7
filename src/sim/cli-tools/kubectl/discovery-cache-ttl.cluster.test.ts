// kubectl's discovery cache expires 6 hours after it was written (kubectl v1.31: cli-runtime
// genericclioptions/config_flags.go ToDiscoveryClient passes time.Duration(6*time.Hour) to
// client-go discovery/cached/disk NewCachedDiscoveryClientForConfig; cached_discovery.go
// getCachedFile answers `cache expired` once time.Now() is after the file's ModTime + ttl). The next
// command that maps a type fetches GET /api and /apis again (aggregated discovery), with no
// `Invalidating discovery information` (that is the mapper's miss, not expiry), and writes the
// cache anew, so the one after it does not fetch. The in-page cache starts empty: the first command
// that maps a type writes it (discovery-cache-cold.cluster.test.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { DISCOVERY_TTL_MS } from './discovery-cache';
import { verboseLines } from './discovery-cache-testing';

const discoveryGets = (stderr: string): string[] => verboseLines(stderr).filter((l) => /GET https:\/\/[^/]+\/apis?\?timeout=32s/.test(l) || l.includes('Invalidating'));
const FETCH = [
  expect.stringMatching(/^round_trippers\.go:553\] GET https:\/\/[^/]+\/api\?timeout=32s 200 OK$/),
  expect.stringMatching(/^round_trippers\.go:553\] GET https:\/\/[^/]+\/apis\?timeout=32s 200 OK$/),
];

describe("kubectl's discovery cache expires after 6 hours", () => {
  // No worker: six simulated hours of the control plane alone.
  const c = buildCluster({ nodes: [] }, { seed: 3 });
  let writtenAt = 0;

  it('is written by the first command that maps a type, and read without a fetch until 6 hours after that', () => {
    writtenAt = c.sim.now;
    expect(discoveryGets(c.run('kubectl get pods -v=6').stderr)).toEqual(FETCH);
    c.sim.runUntil(writtenAt + DISCOVERY_TTL_MS - 60_000);
    expect(discoveryGets(c.run('kubectl get pods -v=6').stderr)).toEqual([]);
  }, 240_000);

  it('is fetched again (no invalidation) by the first command that maps a type after that, then read again', () => {
    c.sim.runUntil(writtenAt + DISCOVERY_TTL_MS + 1_000);
    // A command that maps no type does not read it.
    expect(discoveryGets(c.run('kubectl get --raw /healthz -v=6').stderr)).toEqual([]);
    const out = c.run('kubectl get pods -v=6');
    expect(out.stdout + out.stderr).toContain('No resources found in default namespace.\n');
    expect(discoveryGets(out.stderr)).toEqual(FETCH);
    expect(discoveryGets(c.run('kubectl get pods -v=6').stderr)).toEqual([]);
  });
});
