// Issue 10 in the worker: everything a person does is recorded as a scenario step at its simulated
// time; Share and Export hand the run on as a scenario with its moment (spec.pauseAt) and as a link;
// loading either replays to the moment and pauses there with the same trace hash; seeking goes back
// and forth in time; acting in the past forks the run.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameBatch, WorkerToUi } from '../protocol/view';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { SimSession } from './session';
import { heldObjects, openSession, runLink } from './test-session';

const DEFAULT = readFileSync(join(__dirname, '../../public/scenarios/default.yaml'), 'utf8');
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: nginx\n      image: nginx:1.25\n';

/** A wall clock that moves 50 ms at each reading: a replay then takes several ticks on any machine. */
function slowWallClock(): () => number {
  let t = 0;
  return () => (t += 50);
}

/** Replays what Share made as `kubeplay run <link>` does: parse, build, advanceTo(at). */
function cliReplay(fragment: string): { hash: string; now: number } {
  const d = runLink(`#${fragment}`);
  const cluster = buildCluster(d.scenario.cluster, { seed: d.scenario.seed, timings: d.scenario.timings });
  const runner = new ScenarioRunner(d.scenario, cluster);
  runner.advanceTo(d.link.at);
  return { hash: cluster.sim.traceHash(), now: cluster.sim.now };
}

/** A page opening the link: the session replays to its moment; the last frame there. */
function openedAt(fragment: string): FrameBatch {
  const d = runLink(fragment);
  const b = openSession(d.link.scenario, { file: 'link.yaml', at: d.link.at, view: d.link.view });
  b.untilArrived();
  b.tick(0);
  return b.frames.at(-1)!;
}

/** The pods etcd holds as the UI shows them: name, node, phase. */
function podsIn(frames: FrameBatch[]): string[] {
  return [...heldObjects(frames).entries()]
    .filter(([id]) => id.startsWith('pods/'))
    .map(([id, { object: o }]) => `${id} ${(o.spec as { nodeName?: string }).nodeName ?? '-'} ${(o.status as { phase?: string }).phase}`)
    .sort();
}

describe('the recorder', () => {
  it('records every action as the step the scenario format has, at its simulated time', () => {
    const r = openSession(DEFAULT);
    r.play(2_000);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl apply -f -', stdin: POD });
    r.play(1_500);
    r.send({ type: 'exec', requestId: 2, line: 'kubectl get pods -w' });
    r.play(500);
    r.send({ type: 'cancel', requestId: 2 });
    r.send({ type: 'kill', target: 'kube-scheduler' });
    r.send({ type: 'restart', target: 'kube-scheduler' });
    r.send({ type: 'kill', target: 'node/worker-3' });
    r.send({ type: 'start', target: 'node/worker-3' });
    r.send({ type: 'partition', a: ['worker-1'], b: ['control-plane'] });
    r.send({ type: 'heal' });
    const shared = r.share();
    const parsed = parseScenario(shared.yaml, 'run.yaml');
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const recorded = parsed.scenario.steps.filter((x) => x.recorded);
    expect(recorded.map(({ kind }) => kind)).toEqual(['run', 'run', 'interrupt', 'kill', 'restart', 'kill', 'start', 'partition', 'heal']);
    expect(recorded[0]).toMatchObject({ line: 'kubectl apply -f -', stdin: POD });
    expect(recorded[2]).toMatchObject({ line: 'kubectl get pods -w' });
    expect(recorded[7]).toMatchObject({ between: ['worker-1'], and: ['control-plane'] });
    // Each at the next whole millisecond after the moment it was done, in order.
    for (const x of recorded) expect(Number.isInteger(x.at)).toBe(true);
    expect(recorded[0]!.at).toBeGreaterThanOrEqual(2_000);
    expect(recorded[1]!.at).toBeGreaterThanOrEqual(recorded[0]!.at + 1_500);
    expect(parsed.scenario.pauseAt).toBe(shared.at);
    // The terminal got its answers under its request ids, and Ctrl-C ended the watch.
    const outs = r.frames.flatMap((f) => f.outputs);
    expect(outs.find((o) => o.requestId === 1 && !o.partial)).toMatchObject({ stdout: 'pod/web created\n', exitCode: 0 });
    r.play(200);
    expect(r.frames.flatMap((f) => f.outputs).find((o) => o.requestId === 2 && !o.partial)).toMatchObject({ exitCode: 130 });
  });

  it('records a slow or lossy link as a link step; frames name the degraded pairs until heal', () => {
    const r = openSession(DEFAULT);
    r.send({ type: 'link', a: ['worker-1'], b: ['control-plane'], latencyMs: 200, jitterMs: 50, loss: 0.05 });
    expect(r.frames.at(-1)!.degraded).toEqual([['control-plane', 'worker-1']]);
    expect(r.s.handle({ type: 'link', a: ['worker-9'], b: ['control-plane'], latencyMs: 1 })).toEqual([{ type: 'error', message: 'unknown target "worker-9"', errors: [] }]);
    expect(r.s.handle({ type: 'link', a: ['worker-1'], b: ['control-plane'], loss: 2 })[0]).toMatchObject({ type: 'error' });
    r.send({ type: 'heal' });
    expect(r.frames.at(-1)!.degraded).toEqual([]);
    const p = parseScenario(r.share().yaml, 'x.yaml');
    if (!p.ok) throw new Error('bad');
    expect(p.scenario.steps.filter((x) => x.recorded)).toMatchObject([{ kind: 'link', between: ['worker-1'], and: ['control-plane'], latencyMs: 200, jitterMs: 50, loss: 0.05 }, { kind: 'heal' }]);
  });

  it('records a node tool line typed through ssh as the run step it is', () => {
    const r = openSession(DEFAULT);
    r.play(1_000);
    r.send({ type: 'exec', requestId: 7, line: 'ssh worker-1 -- crictl ps' });
    r.play(1_000);
    expect(r.frames.flatMap((f) => f.outputs).find((o) => o.requestId === 7 && !o.partial)).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/^CONTAINER\s+IMAGE/) });
    const p = parseScenario(r.share().yaml, 'x.yaml');
    if (!p.ok) throw new Error('bad');
    expect(p.scenario.steps.filter((x) => x.recorded)).toMatchObject([{ kind: 'run', line: 'ssh worker-1 -- crictl ps' }]);
  });

  it('prints an action taken in the graph once, as its real command, and a replay of the run prints the same line', () => {
    // UX.md "Interaction habits": an action in the graph appears in the terminal as the command that
    // would do it in real life. The line is recorded with the step (Step.echo), so a page opening the
    // run's link (and going back in time) prints what the live run printed, not `# kill kube-scheduler`.
    const echo = 'ssh control-plane -- sudo mv /etc/kubernetes/manifests/kube-scheduler.yaml /etc/kubernetes/';
    const r = openSession(DEFAULT);
    r.play(5_000);
    const at = Math.ceil(r.s.cluster!.sim.now);
    r.send({ type: 'kill', target: 'kube-scheduler', echo });
    r.send({ type: 'kill', target: 'node/worker-2', echo: 'ssh worker-2 -- sudo poweroff' });
    r.send({ type: 'restart', target: 'kube-scheduler' });
    r.play(5_000);
    const shown = (frames: FrameBatch[]) =>
      frames.flatMap((f) => (f.reset ? [] : f.outputs)).filter((o) => o.action).map((o) => `${o.time} # ${o.line}${o.stdout}${o.stderr}`);
    const live = shown(r.frames);
    expect(live).toEqual([`${at} # ${echo}`, `${at} # ssh worker-2 -- sudo poweroff`, `${at} # restart kube-scheduler`]);
    const link = r.share().fragment;
    const d = runLink(link);
    const opened = openSession(d.link.scenario, { file: 'link.yaml', at: d.link.at });
    opened.untilArrived();
    expect(shown(opened.frames)).toEqual(live);
    // Going back to before the kills and forward again: the transcript the reset frame carries reads the same.
    r.send({ type: 'seek', time: 2_000 });
    r.send({ type: 'seek', time: at + 5_000 });
    expect(r.frames.at(-1)!.reset).toBe(true);
    expect(r.frames.at(-1)!.outputs.filter((o) => o.action).map((o) => `${o.time} # ${o.line}${o.stdout}${o.stderr}`)).toEqual(live);
  });
});

describe('Share and links', () => {
  it('gives a link that the CLI replays to the same moment and trace hash (seed, steps, actions)', () => {
    const r = openSession(DEFAULT);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=2' });
    r.play(20_000);
    r.send({ type: 'kill', target: 'node/worker-1' });
    r.play(7_300);
    // Single steps leave events of this millisecond queued: Share runs them, so the moment is one a replay reaches.
    for (let i = 0; i < 5; i++) r.send({ type: 'step' });
    const shared = r.share({ follow: 'pods/default/web', panel: 'terminal' });
    expect(shared.fragment).toMatch(/^run=[A-Za-z0-9_-]+$/);
    expect(shared.traceHash).toBe(r.s.cluster!.sim.traceHash());
    expect(cliReplay(shared.fragment)).toEqual({ hash: shared.traceHash, now: shared.at });
  });

  it('pauses nothing: a run that plays when Share is pressed plays on, and the link is of the moment it was pressed', () => {
    const r = openSession(DEFAULT);
    r.s.handle({ type: 'speed', speed: 100 });
    r.s.handle({ type: 'play' });
    for (let i = 0; i < 10; i++) r.tick(16);
    const shared = r.share();
    expect(shared.at).toBe(r.s.cluster!.sim.now);
    r.tick(16);
    expect(r.s.cluster!.sim.now).toBeGreaterThan(shared.at);
    expect(r.frames.at(-1)!.clock.playing).toBe(true);
    expect(cliReplay(shared.fragment)).toEqual({ hash: shared.traceHash, now: shared.at });
  });

  it('opens a link: replays at full speed with progress in the frames, pauses at the moment and gives the view back', () => {
    const a = openSession(DEFAULT);
    a.send({ type: 'exec', requestId: 1, line: 'kubectl apply -f -', stdin: POD });
    a.play(30_000);
    const shared = a.share({ selected: 'worker-2', panel: 'events' });
    const d = runLink(shared.fragment);
    const b = openSession(d.link.scenario, { file: 'link.yaml', at: d.link.at, view: d.link.view }, slowWallClock());
    b.untilArrived(1000);
    expect(b.frames.some((f) => f.replay?.target === shared.at)).toBe(true);
    expect(b.messages.find((m) => m.type === 'arrived')).toEqual({ type: 'arrived', time: shared.at, traceHash: shared.traceHash, view: { selected: 'worker-2', panel: 'events' } });
    expect(podsIn(b.frames)).toEqual(podsIn(a.frames));
    // The person's own command shows in the transcript of the replayed run.
    expect(b.frames.flatMap((f) => f.outputs).some((o) => o.line === 'kubectl apply -f -' && o.stdout === 'pod/web created\n')).toBe(true);
    // Paused there: ticks move nothing.
    b.tick(500);
    expect(b.s.cluster!.sim.now).toBe(shared.at);
  });

  it('opens a link the page hands over as it is: a run loads at its moment, a name is answered for the page to fetch, garbage is refused', () => {
    const a = openSession(DEFAULT);
    a.play(30_000);
    const shared = a.share({ panel: 'events' });
    const b = new SimSession();
    const loaded = b.handle({ type: 'openLink', fragment: `#${shared.fragment}` });
    expect(loaded[0]).toMatchObject({ type: 'loaded', pauseAt: shared.at });
    expect(new SimSession().handle({ type: 'openLink', fragment: '#scenario=etcd-cluster&at=42s' })).toEqual([{ type: 'linkBuiltin', name: 'etcd-cluster', at: 42_000 }]);
    const refused = new SimSession().handle({ type: 'openLink', fragment: '#run=%%%' });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ type: 'linkRefused', reason: expect.stringMatching(/damaged/) });
    // A plain scenario says nothing about a moment: the page plays it.
    expect(new SimSession().handle({ type: 'load', file: 'default.yaml', text: DEFAULT })[0]).not.toHaveProperty('pauseAt');
  });

  it('refuses actions while a link replays, then takes them', () => {
    const a = openSession(DEFAULT);
    a.play(60_000);
    const shared = a.share();
    const b = { s: new SimSession(), messages: [] as WorkerToUi[], tick(ms: number) { this.s.tick(ms); this.messages.push(...this.s.takeMessages()); } };
    b.s.handle({ type: 'load', file: 'run.yaml', text: shared.yaml });
    expect(b.s.handle({ type: 'kill', target: 'kube-scheduler' })).toEqual([{ type: 'error', message: 'wait a moment: the run is still being replayed to its moment', errors: [] }]);
    for (let i = 0; i < 1000 && !b.messages.some((m) => m.type === 'arrived'); i++) b.tick(16);
    expect(b.s.handle({ type: 'kill', target: 'kube-scheduler' })[0]?.type).toBe('journal');
  });

  it('exports a scenario that, loaded again, pauses at the same moment with the same hash (spec.pauseAt)', () => {
    const a = openSession(DEFAULT);
    a.send({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=3' });
    a.play(25_000);
    a.send({ type: 'partition', a: ['worker-2'], b: ['control-plane'] });
    a.play(5_000);
    const exported = a.share({}, 'export');
    expect(exported.yaml).toMatch(/^# Recorded in Kubeplay/);
    expect(exported.yaml).toContain(`pauseAt: `);
    const b = openSession(exported.yaml);
    b.untilArrived(1000);
    expect(b.messages.find((m) => m.type === 'arrived')).toMatchObject({ time: exported.at, traceHash: exported.traceHash });
  });
});

describe('time travel', () => {
  it('goes back 5 minutes and forward again; each moment matches a fresh replay to it', () => {
    const r = openSession(DEFAULT);
    r.play(100_000);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=3' });
    r.play(60_000);
    r.send({ type: 'exec', requestId: 2, line: 'kubectl scale deployment web --replicas=5' });
    r.play(40_000);
    r.send({ type: 'kill', target: 'node/worker-2' });
    r.play(210_000);
    const end = r.s.cluster!.sim.now;
    const atEnd = { hash: r.share().traceHash, pods: podsIn(r.frames) };
    const back = end - 300_000;
    const seeked = r.send({ type: 'seek', time: back }).find((m) => m.type === 'seeked') as Extract<WorkerToUi, { type: 'seeked' }>;
    expect(seeked).toMatchObject({ time: back });
    expect(seeked.replayedMs).toBeLessThanOrEqual(30_000);
    console.log(`seek back 5 min in a ${(end / 60_000).toFixed(1)}-min run: ${seeked.wallMs.toFixed(0)} ms wall, ${seeked.replayedMs} ms replayed`);
    const reset = r.frames.at(-1)!;
    expect(reset.reset).toBe(true);
    expect(reset.timeline!.end).toBe(end);
    // The moment as a fresh replay of the same run to it shows it.
    const link = r.share().fragment;
    const fresh = cliReplay(link);
    expect(r.s.cluster!.sim.traceHash()).toBe(fresh.hash);
    // The toolbar follows the request a page opening the link follows there: the create, finished.
    expect(reset.followed).toMatchObject({ summary: '$ kubectl create deployment web --image=nginx:1.25 --replicas=3', state: 'done' });
    expect(reset.followed).toEqual(openedAt(link).followed);
    const then = podsIn(r.frames);
    expect(then).not.toEqual(atEnd.pods);
    // The terminal's transcript is the one of that moment: the create (at 100 s) is there, the scale (at 160 s) not yet.
    expect(reset.outputs.map((o) => o.line)).toContain('kubectl create deployment web --image=nginx:1.25 --replicas=3');
    expect(reset.outputs.map((o) => o.line)).not.toContain('kubectl scale deployment web --replicas=5');
    // Forward again: the recorded future (the node kill) replays, to the same end.
    r.send({ type: 'seek', time: end });
    expect(r.s.cluster!.sim.traceHash()).toBe(atEnd.hash);
    expect(podsIn(r.frames)).toEqual(atEnd.pods);
    // The scale, four minutes back, is still the request followed (older than the trace window a snapshot keeps).
    expect(r.frames.at(-1)!.followed).toMatchObject({ summary: '$ kubectl scale deployment web --replicas=5' });
  });

  it('keeps a snapshot every 30 s of simulated time at any speed, and the known future\'s after going back and playing on', () => {
    const r = openSession(DEFAULT);
    const snapshots = () => r.frames.filter((f) => f.timeline).at(-1)!.timeline!.snapshots;
    // 1000x in 250 ms ticks: four minutes of simulated time a tick.
    r.s.handle({ type: 'speed', speed: 1000 });
    r.s.handle({ type: 'play' });
    while (r.s.cluster!.sim.now < 600_000) r.tick(250);
    r.s.handle({ type: 'pause' });
    r.tick(0);
    const taken = snapshots();
    expect(taken.length).toBeGreaterThanOrEqual(21);
    for (let i = 1; i < taken.length; i++) expect(taken[i]! - taken[i - 1]!).toBeLessThanOrEqual(30_000);
    // Back to 40 s and on for a minute without acting: the snapshots of the rest of the run stay,
    // so going to its end replays 30 s at most.
    r.send({ type: 'seek', time: 40_000 });
    r.play(60_000);
    expect(snapshots().filter((t) => t > 100_000)).toEqual(taken.filter((t) => t > 100_000));
    const seeked = r.send({ type: 'seek', time: taken.at(-1)! - 1 }).find((m) => m.type === 'seeked') as Extract<WorkerToUi, { type: 'seeked' }>;
    expect(seeked.replayedMs).toBeLessThanOrEqual(30_000);
  });

  it('forks when a person acts in the past: the old future and its actions are gone, and the UI is told', () => {
    const r = openSession(DEFAULT);
    r.play(40_000);
    r.send({ type: 'kill', target: 'kube-scheduler' });
    r.play(40_000);
    const end = r.s.cluster!.sim.now;
    r.send({ type: 'seek', time: 20_000 });
    const out = r.send({ type: 'exec', requestId: 3, line: 'kubectl get nodes' });
    expect(out[0]).toEqual({ type: 'forked', from: 20_000, end, dropped: 1 });
    const steps = parseScenario(r.share().yaml, 'x.yaml');
    if (!steps.ok) throw new Error('bad');
    expect(steps.scenario.steps.filter((x) => x.recorded).map((x) => x.kind)).toEqual(['run']);
    expect(r.frames.at(-1)!.timeline!.end).toBeLessThan(end);
  });
});
