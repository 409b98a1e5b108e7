// A dead worker's run rebuilt in a new one: the session answers every command that changes the
// simulation with a journal entry, every frame carries a checkpoint, and `restore` replays both to
// the same trace hash. Exceptions are `fatal`, not `error`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Checkpoint, FrameBatch, JournalEntry, ScenarioSource, UiToWorker, WorkerToUi } from '../protocol/view';
import { buildCluster } from '../sim/cluster';
import { SimSession } from './session';

const SCENARIOS = join(__dirname, '../../public/scenarios');
const source = (name: string): ScenarioSource => ({ file: `${name}.yaml`, text: readFileSync(join(SCENARIOS, `${name}.yaml`), 'utf8'), files: {} });
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: nginx\n      image: nginx:1.25\n';

/** A session that records, as the UI does, the journal and the last frame's checkpoint. */
function recorded(src: ScenarioSource) {
  const s = new SimSession();
  const journal: JournalEntry[] = [];
  let checkpoint: Checkpoint | undefined;
  const outputs: number[] = [];
  const take = (replies: WorkerToUi[]) => {
    for (const m of replies) if (m.type === 'journal') journal.push(m.entry);
  };
  const frame = (b: FrameBatch | undefined) => {
    if (!b) return;
    checkpoint = b.checkpoint;
    for (const o of b.outputs) if (o.requestId !== undefined && !o.partial) outputs.push(o.requestId);
  };
  take(s.handle({ type: 'load', ...src }));
  frame(s.tick(0));
  return {
    s,
    journal,
    outputs,
    get checkpoint() {
      return checkpoint;
    },
    send(cmd: UiToWorker) {
      take(s.handle(cmd));
      frame(s.tick(0));
    },
    play(ticks: number, realMs = 16) {
      s.handle({ type: 'play' });
      for (let i = 0; i < ticks; i++) frame(s.tick(realMs));
      s.handle({ type: 'pause' });
      frame(s.tick(0));
    },
  };
}

function restoreFrom(r: ReturnType<typeof recorded>, src: ScenarioSource, checkpoint = r.checkpoint) {
  const s = new SimSession();
  const replies = s.handle({ type: 'restore', source: src, journal: r.journal, checkpoint });
  return { s, replies, restored: replies.find((m) => m.type === 'restored') as Extract<WorkerToUi, { type: 'restored' }> };
}

describe('SimSession: journal and checkpoints', () => {
  it('answers each command that changes the simulation with where it was applied, and nothing else with one', () => {
    const r = recorded(source('default'));
    r.play(20);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl get nodes' });
    r.send({ type: 'step' });
    r.send({ type: 'kill', target: 'kube-scheduler' });
    r.send({ type: 'speed', speed: 5 });
    r.send({ type: 'partition', a: ['worker-1'], b: ['control-plane'] });
    r.send({ type: 'heal' });
    expect(r.journal.map((e) => e.command.type)).toEqual(['exec', 'kill', 'partition', 'heal']);
    expect(r.journal.map((e) => e.at.commands)).toEqual([0, 1, 2, 3]);
    const [exec, kill] = r.journal;
    expect(kill!.at.events).toBeGreaterThan(exec!.at.events);
    expect(r.checkpoint).toMatchObject({ commands: 4, time: r.s.cluster!.sim.now, traceHash: r.s.cluster!.sim.traceHash() });
  });

  it('answers a wrong target with an error and journals nothing', () => {
    const r = recorded(source('default'));
    r.send({ type: 'kill', target: 'node/worker-9' });
    r.send({ type: 'partition', a: ['nowhere'], b: ['control-plane'] });
    expect(r.journal).toEqual([]);
    expect(r.s.handle({ type: 'restart', target: 'kubelet/worker-9' })).toEqual([expect.objectContaining({ type: 'error', message: expect.stringMatching(/^unknown target "kubelet\/worker-9"; targets are: /) })]);
  });

  it('turns an exception in the cluster into a fatal answer with its stack', () => {
    const s = new SimSession((spec, opts) => {
      const c = buildCluster(spec, opts);
      c.kill = () => {
        throw new Error('kernel bug');
      };
      return c;
    });
    s.handle({ type: 'load', ...source('default') });
    const replies = s.handle({ type: 'kill', target: 'kube-scheduler' });
    expect(replies).toEqual([{ type: 'fatal', message: 'kernel bug', stack: expect.stringContaining('kernel bug') }]);
  });
});

describe('SimSession: restore', () => {
  it('replays the commands at their points and reaches the last checkpoint with the same trace hash', () => {
    const src = source('default');
    const r = recorded(src);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl apply -f -', stdin: POD });
    r.play(40);
    // Single steps leave other events of the same millisecond queued: the journal must say where.
    for (let i = 0; i < 7; i++) r.send({ type: 'step' });
    r.send({ type: 'kill', target: 'kube-scheduler' });
    r.send({ type: 'speed', speed: 25 });
    r.play(30);
    r.send({ type: 'exec', requestId: 2, line: 'kubectl get pods' });
    r.play(10);
    const want = r.checkpoint!;

    const { s, replies, restored } = restoreFrom(r, src);
    expect(replies[0]).toMatchObject({ type: 'loaded', name: 'default', source: src });
    expect(replies.filter((m) => m.type === 'journal').map((m) => (m as { entry: JournalEntry }).entry)).toEqual(r.journal);
    expect(restored).toEqual({ type: 'restored', time: want.time, replayed: 3, exact: true, running: [] });
    expect(s.cluster!.sim.traceHash()).toBe(want.traceHash);
    expect(s.cluster!.sim.process('kube-scheduler')!.alive).toBe(false);
    // Paused there, and the first frame carries the pod the person created, without re-printing
    // the outputs the terminal already showed.
    const first = s.tick(16)!;
    expect(first.clock).toMatchObject({ time: want.time, playing: false });
    expect(first.objects.added.map((o) => o.id)).toContain('pods/default/web');
    expect(first.outputs).toEqual([]);
    // From there both runs go on alike.
    for (const x of [r.s, s]) for (let i = 0; i < 50; i++) x.handle({ type: 'skip' });
    expect(s.cluster!.sim.traceHash()).toBe(r.s.cluster!.sim.traceHash());
  });

  it('replays a run that went back in time and forked (issue 10): seeks are journaled too', () => {
    const src = source('default');
    const r = recorded(src);
    r.send({ type: 'speed', speed: 100 });
    r.send({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=2' });
    r.play(40);
    const back = r.s.cluster!.sim.now / 2;
    r.send({ type: 'kill', target: 'node/worker-1' });
    r.play(40);
    r.send({ type: 'seek', time: back });
    r.send({ type: 'exec', requestId: 2, line: 'kubectl scale deployment web --replicas=3' });
    r.play(20);
    const want = r.checkpoint!;
    const { s, restored } = restoreFrom(r, src);
    expect(restored.detail).toBeUndefined();
    expect(restored).toMatchObject({ type: 'restored', time: want.time, exact: true });
    expect(s.cluster!.sim.traceHash()).toBe(want.traceHash);
    // The forked run has no node kill: it was in the future that the scale discarded.
    expect(r.s.cluster!.sim.host('worker-1')!.up).toBe(true);
    expect(s.cluster!.sim.host('worker-1')!.up).toBe(true);
  });

  it('replays a command sent after the last frame too, and a scenario whose steps run at the same millisecond', () => {
    const src = source('pod-lifecycle');
    const r = recorded(src);
    while (r.s.cluster!.sim.now < 0) r.send({ type: 'step' });
    for (let i = 0; i < 3; i++) r.send({ type: 'step' });
    r.send({ type: 'exec', requestId: 3, line: 'kubectl get pods' });
    r.play(60);
    const checkpoint = r.checkpoint;
    // Sent and journaled, but the worker died before its next frame.
    for (const cmd of [{ type: 'exec', requestId: 4, line: 'kubectl get nodes' }, { type: 'kill', target: 'kube-controller-manager' }] as const) {
      r.journal.push(...r.s.handle(cmd).flatMap((m) => (m.type === 'journal' ? [m.entry] : [])));
    }
    const { s, restored } = restoreFrom(r, src, checkpoint);
    expect(restored).toMatchObject({ exact: true, replayed: 3 });
    expect(s.cluster!.sim.process('kube-controller-manager')!.alive).toBe(false);
    expect(s.cluster!.sim.traceHash()).toBe(r.s.cluster!.sim.traceHash());
  });

  it('keeps a command that was still running, so its output still reaches the terminal', () => {
    const src = source('default');
    const r = recorded(src);
    r.send({ type: 'exec', requestId: 5, line: 'ssh worker-1 -- journalctl -u kubelet -f -n 3' });
    r.play(40);
    const { s, restored } = restoreFrom(r, src);
    expect(restored).toMatchObject({ exact: true, running: [5] });
    s.handle({ type: 'cancel', requestId: 5 });
    s.handle({ type: 'play' });
    let end;
    for (let i = 0; i < 200 && !end; i++) end = s.tick(16)?.outputs.find((o) => o.requestId === 5 && !o.partial);
    // Only what no chunk showed before the restart (nothing) and journalctl's exit on SIGINT.
    expect(end).toMatchObject({ exitCode: 130, stdout: '' });
  });

  it('says so when the replay does not reach the same state', () => {
    const src = source('default');
    const r = recorded(src);
    r.play(20);
    const { restored } = restoreFrom(r, src, { ...r.checkpoint!, traceHash: 'not-the-hash' });
    expect(restored.exact).toBe(false);
    expect(restored.detail).toMatch(/^trace hash [0-9a-f]+ instead of not-the-hash$/);
  });
});
