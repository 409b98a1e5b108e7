import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { runScenario, type ScenarioResult } from '../sim/scenario/run';
import { trafficReports } from './traffic-report';

// The kubernetes.io tutorial "Example: Deploying PHP Guestbook application with Redis"
// (kubernetes.io/docs/tutorials/stateless-application/guestbook/), its manifests unchanged
// (public/scenarios/guestbook.yaml), and issue 13's acceptance: a client's wget answered by a
// frontend that reached redis by name; a frontend's node killed under load shows failures until
// the endpoint leaves the EndpointSlice (Services docs: "EndpointSlices ... ready" condition;
// kube-proxy only sends to ready endpoints).

function run(): { res: ScenarioResult; summaries: string[] } {
  const r = parseScenario(readFileSync(join(__dirname, '../../public/scenarios/guestbook.yaml'), 'utf8'), 'guestbook.yaml');
  if (!r.ok) throw new Error('guestbook.yaml does not parse');
  const cluster = buildCluster(r.scenario.cluster, { seed: r.scenario.seed, timings: r.scenario.timings });
  const res = runScenario(r.scenario, cluster);
  // Each record's summary after the object it concerns (a DNS query names the pod that asked).
  return { res, summaries: cluster.sim.world.trace.map((t) => `${t.object ? `${t.object.name}: ` : ''}${t.summary}`) };
}

const output = (res: ScenarioResult, text: string): string[] => res.transcript.filter((e) => e.text === text).map((e) => e.stdout + e.stderr);

/** A table with what varies between runs made uniform: generated pod suffixes, addresses, ages; columns by single spaces. */
function normalise(table: string): string {
  return table
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map((w) => w.replace(/^([a-z-]+?)-[a-z0-9]{8,10}-[a-z0-9]{5}$/, '$1-<pod>').replace(/^\d+\.\d+\.\d+\.\d+$/, '<ip>').replace(/^(\d+[smhd])+$/, '<age>')).join(' '))
    .join('\n');
}

// The outputs the tutorial page shows after each step, in its order (their names, IPs and ages vary).
const TUTORIAL: [string, string][] = [
  ['kubectl get pods', `NAME                           READY   STATUS    RESTARTS   AGE
redis-leader-fb76b4755-xjr2n   1/1     Running   0          13s`],
  ['kubectl get service', `NAME           TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)    AGE
kubernetes     ClusterIP   10.0.0.1     <none>        443/TCP    1m
redis-leader   ClusterIP   10.103.78.24 <none>        6379/TCP   16s`],
  ['kubectl get pods', `NAME                             READY   STATUS    RESTARTS   AGE
redis-follower-dddfbdcc9-82sfr   1/1     Running   0          37s
redis-follower-dddfbdcc9-qrt5k   1/1     Running   0          38s
redis-leader-fb76b4755-xjr2n     1/1     Running   0          11m`],
  ['kubectl get service', `NAME             TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
kubernetes       ClusterIP   10.96.0.1        <none>        443/TCP    3d19h
redis-follower   ClusterIP   10.110.162.42    <none>        6379/TCP   9s
redis-leader     ClusterIP   10.103.78.24     <none>        6379/TCP   6m10s`],
  ['kubectl get pods -l app=guestbook -l tier=frontend', `NAME                        READY   STATUS    RESTARTS   AGE
frontend-85595f5bf9-5tqhb   1/1     Running   0          47s
frontend-85595f5bf9-qbzwm   1/1     Running   0          47s
frontend-85595f5bf9-zchwc   1/1     Running   0          47s`],
  ['kubectl get services', `NAME             TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
frontend         ClusterIP   10.97.28.230     <none>        80/TCP     19s
kubernetes       ClusterIP   10.96.0.1        <none>        443/TCP    3d19h
redis-follower   ClusterIP   10.110.162.42    <none>        6379/TCP   5m48s
redis-leader     ClusterIP   10.103.78.24     <none>        6379/TCP   11m`],
];

describe('the PHP Guestbook tutorial', () => {
  const { res, summaries } = run();

  it("prints the tutorial's tables after each of its steps, up to names, addresses and ages", () => {
    const got: string[] = [];
    let i = 0;
    for (const e of res.transcript) {
      if (i >= TUTORIAL.length || e.text !== TUTORIAL[i]![0]) continue;
      got.push(normalise(e.stdout));
      i++;
    }
    expect(got).toEqual(TUTORIAL.map(([, t]) => normalise(t)));
  });

  it('passes every expectation of the scenario', () => {
    expect(res.expectations.filter((e) => !e.ok)).toEqual([]);
    expect(res.errors).toEqual([]);
  });

  it("serves the frontend's page, and its guestbook.php writes to redis-leader and reads the follower's replica", () => {
    expect(output(res, 'kubectl exec client -- wget -qO- http://frontend')[0]).toContain('<title>Guestbook</title>');
    expect(output(res, 'kubectl exec client -- wget -qO- "http://frontend/guestbook.php?cmd=set&key=messages&value=,hello"')).toEqual(['{"message": "Updated"}']);
    const gets = output(res, 'kubectl exec client -- wget -qO- "http://frontend/guestbook.php?cmd=get&key=messages"');
    expect(gets[0]).toBe('{"data": ",hello"}');
    // With no follower the Service refuses; PHP prints Predis's exception (display_errors is on).
    expect(gets.some((g) => g.includes('ConnectionException: Connection refused [tcp://redis-follower:6379]'))).toBe(true);
  });

  it('looks up redis-leader and redis-follower from the frontend pods, through DNS and the Service rules', () => {
    // The frontend's PHP asks the cluster DNS for the Service's name, then connects to its ClusterIP
    // and is DNATed to a redis pod by its node's rules; the followers do the same for redis-leader.
    // The query goes to kube-dns (10.96.0.10) and is DNATed to a CoreDNS pod; the name is the first of
    // the pod's search list (ndots:5).
    const asked = (pod: string, name: string) => summaries.some((t) => t.startsWith(`${pod}`) && t.includes(`DNS A? ${name}.default.svc.cluster.local `) && t.includes('-> 10.96.0.10:53/udp DNAT'));
    expect(asked('frontend-', 'redis-leader')).toBe(true);
    expect(asked('frontend-', 'redis-follower')).toBe(true);
    expect(asked('redis-follower-', 'redis-leader')).toBe(true);
    expect(summaries.some((t) => /(?:^|: )redis SET guestbook ,hello redis:\/\/redis-leader:6379 \S+ -> \S+:6379 DNAT \S+:6379/.test(t))).toBe(true);
    expect(summaries.some((t) => /(?:^|: )redis replication -> /.test(t))).toBe(true);
  });

  it('loses the requests sent to the dead node until its endpoint leaves the EndpointSlice, then loses none', () => {
    const [before, during, after] = trafficReports(res.transcript);
    expect(before!.failed).toBe(0);
    expect(Object.keys(before!.perEndpoint)).toHaveLength(3);
    // During: exactly one endpoint (the frontend on the killed node) fails, by timeouts; the others answer all
    // theirs. When a CoreDNS pod ran there too: the lookups its node's rules DNAT to it go unanswered,
    // and those requests fail before they have an endpoint ("(none)", bad address) until it leaves kube-dns.
    const failing = Object.entries(during!.perEndpoint).filter(([ep, v]) => ep !== '(none)' && v.failed > 0);
    expect(failing).toHaveLength(1);
    expect(during!.failures).toMatch(new RegExp(`^${failing[0]![1].failed} timed out(, \\d+ bad address)?$`));
    expect(failing[0]![1].failed).toBeGreaterThan(50);
    expect(Object.values(during!.perEndpoint).filter((v) => v.failed === 0).every((v) => v.ok > 100)).toBe(true);
    // After: the dead endpoint gets nothing at all.
    expect(after!.failed).toBe(0);
    expect(Object.keys(after!.perEndpoint)).toHaveLength(2);
    expect(after!.perEndpoint[failing[0]![0]]).toBeUndefined();
  });
});
