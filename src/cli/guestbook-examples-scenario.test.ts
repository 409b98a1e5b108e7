import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { runScenario } from '../sim/scenario/run';
import { trafficReports } from './traffic-report';

// Issue 13's acceptance: "The kubernetes/examples guestbook applied unchanged, plus a client pod".
// The six manifests of github.com/kubernetes/examples, web/guestbook/ at commit
// 279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea (2025-10-24), are the scenario's apply steps byte for
// byte: each step's text hashes to the git blob id that commit's tree lists for the file
// (`git ls-tree 279e8e4f web/guestbook/`), so an edited character fails here.
const EXAMPLES_COMMIT = '279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea';
const BLOBS: [string, string][] = [
  ['web/guestbook/redis-master-deployment.yaml', '5a76f05d0dcc6a01d0a14099ff21f3b7c8499af9'],
  ['web/guestbook/redis-master-service.yaml', 'a484014f1fe3b953f23a799fc720bacc6651df06'],
  ['web/guestbook/redis-replica-deployment.yaml', 'c1e8ca31a3442e41ffbaa1cfd735b620da8f75b6'],
  ['web/guestbook/redis-replica-service.yaml', '90172bbf164a364447e5b62d146b9a2d0bbca9ea'],
  ['web/guestbook/frontend-deployment.yaml', '5b6750d9e0c7b84a3c341b5088ddb0806782438f'],
  ['web/guestbook/frontend-service.yaml', 'dca33530c15cee4cf1a89afb1c79037a79072f83'],
];

/** Git's object id of a file: sha1 over `blob <bytes>\0` and the bytes. */
function gitBlobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes])).digest('hex');
}

const yaml = readFileSync(join(__dirname, '../../public/scenarios/guestbook-examples.yaml'), 'utf8');
const parsed = parseScenario(yaml, 'guestbook-examples.yaml');

describe(`the kubernetes/examples guestbook (${EXAMPLES_COMMIT.slice(0, 8)})`, () => {
  if (!parsed.ok) throw new Error('guestbook-examples.yaml does not parse');
  // The manifest text the scenario's parser hands to `kubectl apply -f -`.
  const applies = parsed.scenario.steps.flatMap((s) => (s.kind === 'apply' ? [s.manifest] : []));

  it.each(BLOBS.map(([path, blob], i) => [path, blob, i] as const))('applies %s unchanged (git blob %s)', (_path, blob, i) => {
    expect(gitBlobId(applies[i]!)).toBe(blob);
  });

  const cluster = buildCluster(parsed.scenario.cluster, { seed: parsed.scenario.seed, timings: parsed.scenario.timings });
  const res = runScenario(parsed.scenario, cluster);

  it('serves the page, writes through redis-master and reads from redis-replica by name, and passes every expectation', () => {
    expect(res.errors).toEqual([]);
    expect(res.expectations.filter((e) => !e.ok)).toEqual([]);
    const summaries = cluster.sim.world.trace.map((t) => t.summary);
    expect(summaries.some((t) => t.includes('DNS A? redis-master.default.svc.cluster.local '))).toBe(true);
    expect(summaries.some((t) => t.includes('DNS A? redis-replica.default.svc.cluster.local '))).toBe(true);
    expect(summaries.some((t) => /redis SET guestbook ,hello redis:\/\/redis-master:6379 /.test(t))).toBe(true);
  });

  it("fails the dead node's frontend under load, then sends nothing there once its endpoint has left", () => {
    const [during, after] = trafficReports(res.transcript);
    // One frontend endpoint fails: the dead node's, by timeouts. When a CoreDNS replica ran on that
    // node too (it does with this seed), lookups sent to it time out as well until its endpoint
    // leaves kube-dns: busybox wget's `bad address`, with no endpoint reached.
    const failing = Object.entries(during!.perEndpoint).filter(([ep, v]) => v.failed > 0 && ep !== '(none)');
    expect(failing).toHaveLength(1);
    const dns = during!.perEndpoint['(none)']?.failed ?? 0;
    expect(during!.failures).toBe(dns ? `${failing[0]![1].failed} timed out, ${dns} bad address` : `${during!.failed} timed out`);
    expect(after!.failed).toBe(0);
    expect(Object.keys(after!.perEndpoint)).toHaveLength(2);
    expect(after!.perEndpoint[failing[0]![0]]).toBeUndefined();
  });
});
