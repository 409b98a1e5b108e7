// For the discovery-cache tests: what kubectl -v=6 logs when a type the cache misses makes it fetch
// discovery again (client-go restmapper/discovery.go, discovery_client.go timeout=32s); and a warm
// cache for the tests that drive the kubectl component alone.

import { expect } from 'vitest';
import type { buildCluster } from '../../cluster';
import { RESOURCES, apiVersionOf } from '../../api/resources';
import { storeDiscovery } from './discovery-cache';
import type { KubectlState } from './job';

/** The -v=6 lines without their klog header and durations, the kubeconfig line left out. */
export function verboseLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => !l.includes('Config loaded from file'))
    .map((l) => l.replace(/^I\d{4} [\d:.]+ +\d+ /, '').replace(/ in \d+ milliseconds$/, ''));
}

/** A miss: the cache invalidated, GET /api and /apis again, then `error` (a line of its own). */
export function refetchThenError(error: string): unknown[] {
  return [
    'discovery.go:214] Invalidating discovery information',
    expect.stringMatching(/^round_trippers\.go:553\] GET https:\/\/[^/]+\/api\?timeout=32s 200 OK$/),
    expect.stringMatching(/^round_trippers\.go:553\] GET https:\/\/[^/]+\/apis\?timeout=32s 200 OK$/),
    error,
    '',
  ];
}

/** Stop kube-apiserver and start it again: autoregister re-creates the deleted Local APIServices. */
export function restartApiserver(c: ReturnType<typeof buildCluster>): void {
  c.kill('kube-apiserver');
  c.sim.runUntil(c.sim.now + 2_000);
  c.start('kube-apiserver');
  c.sim.runUntil(c.sim.now + 15_000);
}

/**
 * For tests that drive the kubectl component alone with answers of their own: a cache as the first
 * discovery fetch would have written it, every built-in group/version, so their first request is the
 * verb's own (a real kubectl whose ~/.kube/cache was written by an earlier command).
 */
export function warmDiscovery(st: KubectlState, now = 0): KubectlState {
  storeDiscovery(st, [...new Set(RESOURCES.map(apiVersionOf))], now);
  return st;
}
