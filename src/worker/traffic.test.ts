// Issue 13 in the app: "Send traffic" from the inspector becomes a recorded `traffic` step at its
// simulated time (Share and Export replay it); the frames carry the load's counts while it runs and
// its report when done, and every request on the wire carries its route (client pod, the Service's
// ClusterIP, the pod the client node's kernel DNATed it to), which the graph draws as dots.

import { describe, expect, it } from 'vitest';
import type { FrameBatch, MessageView, UiToWorker, WorkerToUi } from '../protocol/view';
import type { LoadView } from '../protocol/traffic';
import { decodeLink } from '../sim/scenario/link';
import { buildCluster } from '../sim/cluster';
import { ScenarioRunner } from '../sim/scenario/run';
import { SimSession } from './session';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: traffic-app
spec:
  seed: 13
  steps:
    - at: 1s
      apply: |
        apiVersion: v1
        kind: Pod
        metadata: {name: web-1, labels: {app: web}}
        spec: {containers: [{name: nginx, image: "nginx:1.27"}]}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: web-2, labels: {app: web}}
        spec: {containers: [{name: nginx, image: "nginx:1.27"}]}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: web}
        spec: {selector: {app: web}, ports: [{port: 80}]}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: client}
        spec: {containers: [{name: client, image: "busybox:1.36", command: [sleep, infinity]}]}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: empty}
        spec: {selector: {app: nothing}, ports: [{port: 80}]}
        ---
        apiVersion: v1
        kind: Namespace
        metadata: {name: shop}
    - at: 2s
      apply: |
        apiVersion: v1
        kind: Pod
        metadata: {name: buyer, namespace: shop}
        spec: {containers: [{name: buyer, image: "busybox:1.36", command: [sleep, infinity]}]}
`;

function session() {
  const s = new SimSession();
  expect(s.handle({ type: 'load', file: 'traffic-app.yaml', text: SCENARIO })[0]?.type).toBe('loaded');
  const frames: FrameBatch[] = [];
  const tick = (ms: number) => {
    const f = s.tick(ms);
    if (f) frames.push(f);
  };
  const play = (simMs: number, speed: number) => {
    s.handle({ type: 'speed', speed });
    s.handle({ type: 'play' });
    const until = s.cluster!.sim.now + simMs;
    while (s.cluster!.sim.now < until) tick(16);
    s.handle({ type: 'pause' });
    tick(0);
  };
  const send = (cmd: UiToWorker): WorkerToUi[] => {
    const out = s.handle(cmd);
    tick(0);
    return out;
  };
  return { s, frames, tick, play, send };
}

const lastLoads = (frames: FrameBatch[]): LoadView[] => [...frames].reverse().find((f) => f.loads)?.loads ?? [];

describe('traffic from the app', () => {
  it('runs as a recorded step beside what comes next, counts per endpoint live, reports when done, and replays from a link', () => {
    const r = session();
    r.play(40_000, 100);
    const answer = r.send({ type: 'traffic', from: 'pod/client', to: 'service/web', rps: 20, durationMs: 3_000 });
    expect(answer.map((m) => m.type)).toEqual(['journal']);
    // Not blocking: a command typed while the load runs answers at once.
    r.send({ type: 'exec', requestId: 1, line: 'kubectl get svc web -o name' });
    r.play(1_000, 1);
    const running = lastLoads(r.frames);
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ from: 'pod/client', to: 'service/web', rps: 20, durationMs: 3_000, done: false });
    expect(running[0]!.sent).toBeGreaterThan(10);
    const endpoints = Object.keys(running[0]!.perEndpoint);
    expect(endpoints.length).toBe(2);
    expect(r.frames.flatMap((f) => f.outputs).some((o) => o.requestId === 1 && o.stdout === 'service/web\n')).toBe(true);

    // Requests on the wire carry their route: client -> the Service's ClusterIP -> a web pod.
    const pods = r.frames.flatMap((f) => f.inFlight.added).filter((m) => m.type.startsWith('pod.http.'));
    expect(pods.filter((m) => !m.flow).map((m) => `${m.type} ${m.summary}`)).toEqual([]);
    const flows = r.frames.flatMap((f) => f.inFlight.added).filter((m): m is MessageView & { flow: NonNullable<MessageView['flow']> } => m.flow !== undefined);
    const requests = flows.filter((m) => !m.flow.reply);
    expect(requests.length).toBeGreaterThan(0);
    const svcIP = r.s.cluster!.sim.world.trace.find((t) => t.type === 'dns.answer')?.summary.split(' A ')[1];
    for (const m of requests) {
      expect(m.flow.client).toBe('pods/default/client');
      expect(m.flow.dst).toBe(svcIP);
      expect(endpoints).toContain(`${m.flow.backend}:80`);
    }
    expect(flows.some((m) => m.flow.reply)).toBe(true);

    r.play(3_000, 100);
    const done = lastLoads(r.frames)[0]!;
    expect(done.done).toBe(true);
    expect(done.report).toMatch(/^traffic default\/client -> http:\/\/web\/: 60 requests in 3\.0s, 60 ok, 0 failed\nENDPOINT/);
    const printed = r.frames.flatMap((f) => f.outputs).find((o) => o.line === 'traffic from pod/client to service/web: 20 rps for 3s');
    expect(printed?.stdout).toBe(done.report);

    // Share: the link is a scenario with the traffic step, and replaying it reaches the same trace.
    const run = r.s.handle({ type: 'share', purpose: 'link', view: {} })[0] as Extract<WorkerToUi, { type: 'run' }>;
    expect(run.yaml).toMatch(/traffic:\n\s+from: pod\/client\n\s+to: service\/web\n\s+rps: 20\n\s+for: 3s\n/);
    const d = decodeLink(`#${run.fragment}`);
    if ('error' in d || d.kind !== 'run') throw new Error('not a run link');
    const cluster = buildCluster(d.scenario.cluster, { seed: d.scenario.seed, timings: d.scenario.timings });
    new ScenarioRunner(d.scenario, cluster).advanceTo(d.link.at);
    expect(cluster.sim.traceHash()).toBe(run.traceHash);
  });

  it('reports the requests the network lost on the way to a dead node, with their route', () => {
    const r = session();
    r.play(40_000, 100);
    const sim = r.s.cluster!.sim;
    const web2 = [...sim.world.processes.values()].find((p) => p.kind === 'containerd' && [...((p.state as { sandboxes: Map<string, { metadata: { name: string }; ip?: string }> }).sandboxes.values())].some((sb) => sb.metadata.name === 'web-2'))!;
    const ip = [...(web2.state as { sandboxes: Map<string, { metadata: { name: string }; ip?: string }> }).sandboxes.values()].find((sb) => sb.metadata.name === 'web-2')!.ip!;
    r.send({ type: 'traffic', from: 'pod/client', to: 'service/web', rps: 20, durationMs: 3_000 });
    r.send({ type: 'kill', target: `node/${web2.host}` });
    r.play(1_000, 100);
    const lost = r.frames.flatMap((f) => f.failedFlows ?? []);
    expect(lost.length).toBeGreaterThan(0);
    for (const f of lost) expect(f).toMatchObject({ reason: 'host-down', flow: { client: 'pods/default/client', backend: ip } });
  });

  // kube-proxy's rules REJECT a packet to a Service without endpoints (pkg/proxy/iptables/proxier.go:
  // "has no endpoints" -j REJECT), and a request whose backend's node died is given up on by the
  // client's own timeout: each failure says where it ended, from the load generator's own record.
  it('says where a REJECTed request ended (the Service) and where a timed-out one was sent (the node)', () => {
    const r = session();
    r.play(40_000, 100);
    r.send({ type: 'traffic', from: 'pod/client', to: 'service/empty', rps: 10, durationMs: 1_000 });
    r.play(1_500, 100);
    const rejected = r.frames.flatMap((f) => f.failedFlows ?? []).filter((f) => f.reason === 'rejected');
    expect(rejected.length).toBe(10);
    const emptyIP = rejected[0]!.flow.dst;
    // kubeadm's service subnet 10.96.0.0/12: 10.96.0.0 to 10.111.255.255.
    expect(emptyIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\./);
    for (const f of rejected) expect(f).toMatchObject({ at: 'service', flow: { client: 'pods/default/client', dst: emptyIP, backend: '' } });
    expect(new Set(rejected.map((f) => f.id)).size).toBe(10);

    const sim = r.s.cluster!.sim;
    const web2 = [...sim.world.processes.values()].find((p) => p.kind === 'containerd' && [...((p.state as { sandboxes: Map<string, { metadata: { name: string }; ip?: string }> }).sandboxes.values())].some((sb) => sb.metadata.name === 'web-2'))!;
    const ip = [...(web2.state as { sandboxes: Map<string, { metadata: { name: string }; ip?: string }> }).sandboxes.values()].find((sb) => sb.metadata.name === 'web-2')!.ip!;
    r.send({ type: 'kill', target: `node/${web2.host}` });
    r.send({ type: 'traffic', from: 'pod/client', to: 'service/web', rps: 10, durationMs: 2_000 });
    r.play(5_000, 100);
    const timedOut = r.frames.flatMap((f) => f.failedFlows ?? []).filter((f) => f.reason === 'timed out');
    expect(timedOut.length).toBeGreaterThan(0);
    for (const f of timedOut) expect(f).toMatchObject({ at: 'node', node: web2.host, flow: { backend: ip } });
  });

  // A client in another namespace names the Service as <name>.<namespace>; its resolv.conf search list
  // (<ns>.svc.cluster.local svc.cluster.local cluster.local) completes it (kubernetes.io "DNS for
  // Services and Pods": "Queries for services ... in a different namespace ... <service>.<namespace>").
  it('sends from a pod in any namespace to a Service of another, and the recorded step carries the namespace', () => {
    const r = session();
    r.play(40_000, 100);
    expect(r.send({ type: 'traffic', from: 'pod/buyer', to: 'service/web.default', namespace: 'shop', rps: 10, durationMs: 2_000 })[0]?.type).not.toBe('error');
    r.play(6_000, 100);
    const done = lastLoads(r.frames).find((l) => l.done && l.namespace === 'shop')!;
    expect(done.report).toMatch(/^traffic shop\/buyer -> http:\/\/web\.default\/: 20 requests in 2\.0s, 20 ok, 0 failed\n/);
    const run = r.s.handle({ type: 'share', purpose: 'link', view: {} })[0] as Extract<WorkerToUi, { type: 'run' }>;
    expect(run.yaml).toMatch(/traffic:\n\s+from: pod\/buyer\n\s+to: service\/web\.default\n\s+namespace: shop\n/);
    // The share link replays it: the same trace.
    const d = decodeLink(`#${run.fragment}`);
    if ('error' in d || d.kind !== 'run') throw new Error('not a run link');
    const cluster = buildCluster(d.scenario.cluster, { seed: d.scenario.seed, timings: d.scenario.timings });
    new ScenarioRunner(d.scenario, cluster).advanceTo(d.link.at);
    expect(cluster.sim.traceHash()).toBe(run.traceHash);
    expect((r.send({ type: 'traffic', from: 'pod/buyer', to: 'service/web', rps: 5, durationMs: 1000 })[0] as { message?: string }).message).toBe('pod buyer has no running container to send from');
  });

  it('refuses a pod that runs nothing, and rates and durations the step does not take', () => {
    const r = session();
    r.play(40_000, 100);
    const wrong = (cmd: Extract<UiToWorker, { type: 'traffic' }>) => (r.send(cmd)[0] as { message?: string }).message;
    expect(wrong({ type: 'traffic', from: 'pod/nobody', to: 'service/web', rps: 5, durationMs: 1000 })).toBe('pod nobody has no running container to send from');
    expect(wrong({ type: 'traffic', from: 'pod/client', to: 'service/web', rps: 0, durationMs: 1000 })).toBe('traffic takes 1 to 1000 requests a second');
    expect(wrong({ type: 'traffic', from: 'pod/client', to: 'service/web', rps: 5, durationMs: 700_000 })).toBe('traffic runs for 1 ms to 10 minutes');
    expect(wrong({ type: 'traffic', from: 'client', to: 'web; rm', rps: 5, durationMs: 1000 })).toBe('expected a pod, such as pod/client (got "client")');
  });

  it('answers the kube-proxy cost figure from the simulation', () => {
    const r = session();
    const [a] = r.s.handle({ type: 'proxyCost', sizes: [10, 100] });
    if (a?.type !== 'proxyCost') throw new Error(String(a?.type));
    expect(a.points.map((p) => [p.mode, p.services, p.rulesEvaluatedMean > 0])).toEqual([['iptables', 10, true], ['iptables', 100, true], ['ipvs', 10, true], ['ipvs', 100, true], ['nftables', 10, true], ['nftables', 100, true]]);
  });
});
