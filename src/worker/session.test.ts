import { describe, expect, it } from 'vitest';
import type { SimBatch, WorkerToUi } from '../protocol/messages';
import { FakeCluster } from '../sim/scenario/fake-cluster';
import { SimSession } from './session';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: demo}
spec:
  seed: 3
  steps:
    - {at: 0s, apply: "kind: Pod"}
    - {at: 2s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}}
`;

function session() {
  const posted: WorkerToUi[] = [];
  const clusters: FakeCluster[] = [];
  const s = new SimSession((_spec, opts) => {
    const c = new FakeCluster((line, _o, now) => {
      if (line === 'kubectl get pods') return { stdout: `web ${now < 1500 ? 'Pending' : 'Running'}\n` };
      if (line.includes('jsonpath')) return { stdout: 'Running' };
      return { stdout: 'pod/web created\n' };
    });
    expect(opts.seed).toBe(3);
    clusters.push(c);
    return c;
  }, (m) => posted.push(m));
  const batches = () => posted.filter((m): m is SimBatch => m.type === 'batch');
  return { s, posted, clusters, batches };
}

describe('SimSession', () => {
  it('loads a scenario and, while playing at 5x, samples kubectl get pods every simulated second', () => {
    const { s, posted, clusters, batches } = session();
    s.handle({ type: 'load', file: 'demo.yaml', text: SCENARIO });
    expect(posted[0]).toEqual({ type: 'loaded', name: 'demo', seed: 3 });
    s.handle({ type: 'play' });
    for (let i = 0; i < 10; i++) s.tick(100);
    const last = batches().at(-1)!;
    expect(last.time).toBe(5000);
    expect(clusters[0]!.log.filter((l) => l.endsWith('exec kubectl get pods'))).toEqual([
      '00000 exec kubectl get pods',
      '01000 exec kubectl get pods',
      '02000 exec kubectl get pods',
      '03000 exec kubectl get pods',
      '04000 exec kubectl get pods',
      '05000 exec kubectl get pods',
    ]);
    const views = batches().map((b) => b.getPods).filter((v) => v !== null);
    expect(views[0]).toBe('web Pending\n');
    expect(views.at(-1)).toBe('web Running\n');
    const outputs = batches().flatMap((b) => b.outputs.map((o) => o.line));
    expect(outputs).toEqual(['kubectl apply -f -', 'kubectl get pod web -o jsonpath={.status.phase}']);
    expect(batches().flatMap((b) => b.expectations).map((e) => e.ok)).toEqual([true]);
  });

  it('does not move time while paused, and answers commands from the UI with their request id', () => {
    const { s, batches } = session();
    s.handle({ type: 'load', file: 'demo.yaml', text: SCENARIO });
    s.tick(1000);
    expect(batches().at(-1)!.time).toBe(0);
    s.handle({ type: 'exec', requestId: 9, line: 'kubectl get nodes' });
    s.handle({ type: 'play' });
    s.tick(100);
    expect(batches().flatMap((b) => b.outputs).find((o) => o.requestId === 9)).toMatchObject({ line: 'kubectl get nodes', exitCode: 0 });
  });

  it('reports an invalid scenario with file, line and field', () => {
    const { s, posted } = session();
    s.handle({ type: 'load', file: 'x.yaml', text: SCENARIO.replace('at: 2s', 'at: 2x') });
    expect(posted).toEqual([{ type: 'error', message: 'invalid scenario x.yaml', errors: ['x.yaml:8:12: spec.steps[1].at: invalid duration "2x" (examples: 0s, 1.5s, 300ms, 2m, 1m30s)'] }]);
  });
});
