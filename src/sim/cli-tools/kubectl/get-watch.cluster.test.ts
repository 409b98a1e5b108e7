// `kubectl get -w` against the whole cluster (kubectl/pkg/cmd/get/get.go watch()): the current table
// first, then one row per watch event as its own chunk, until Ctrl-C (cli.cancel) ends it with 130.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';
import { KUBECTL } from '../../names';
import { parseScenario } from '../../scenario/parse';
import { runScenario } from '../../scenario/run';
import { alignRemembering } from './commands/get-watch';

function cluster(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}

/** The STATUS of each `web` row, in the order printed. */
const webStatuses = (text: string): string[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('web '))
    .map((l) => l.split(/\s+/)[2]!);

describe('kubectl get pods -w', () => {
  it('prints web Pending, ContainerCreating and Running rows as they happen; Ctrl-C ends it with 130', () => {
    const c = cluster();
    expect(c.run('kubectl run db --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const job = c.exec('kubectl get pods -w');
    c.sim.runUntil(c.sim.now + 100);
    const first = c.takeChunks(job);
    expect(first).toMatch(/^NAME {3}READY {3}STATUS {4}RESTARTS {3}AGE\ndb {5}1\/1 {5}Running {3}0 {10}\d+s\n$/);
    expect(c.output(job)).toBeUndefined();
    expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const later = c.takeChunks(job);
    // Rows only, no second header.
    expect(later).not.toContain('NAME');
    const statuses = webStatuses(later).filter((s, i, a) => s !== a[i - 1]);
    expect(statuses).toEqual(['Pending', 'ContainerCreating', 'Running']);
    // RememberWidths: ContainerCreating widens the STATUS column for the rows after it.
    expect(later).toMatch(/^web {4}1\/1 {5}Running {13}0 {10}\d+s$/m);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 10);
    const out = c.output(job)!;
    expect(out).toMatchObject({ exitCode: 130, stderr: '' });
    expect(out.stdout).toBe(first + later);
    // The watch is closed: nothing more arrives, and kubectl's job table is empty.
    c.run('kubectl delete pod web --wait=false');
    expect(c.takeChunks(job)).toBe('');
    expect((c.sim.process(KUBECTL)?.state as { jobs: Map<number, unknown> } | undefined)?.jobs.size).toBe(0);
  });

  // Issue 18 point 6. kubectl v1.31.9 `get pods -w --request-timeout=5s` against kubeplay serve:
  // the table, then nothing, the command over 5 s later with exit code 0 and an empty stderr
  // (client-go's StreamWatcher takes a read timeout as the stream's normal end).
  it('--request-timeout=5s ends the watch 5 s of simulated time later with exit 0, events until then printed', () => {
    const c = cluster();
    expect(c.run('kubectl run db --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const job = c.exec('kubectl get pods -w --request-timeout=5s');
    c.sim.runUntil(c.sim.now + 1_000);
    expect(c.output(job)).toBeUndefined();
    c.run('kubectl label pod db x=y');
    c.sim.runUntil(c.sim.now + 3_500);
    expect(c.output(job)).toBeUndefined();
    c.sim.runUntil(c.sim.now + 1_000);
    const out = c.output(job)!;
    expect(out).toMatchObject({ exitCode: 0, stderr: '' });
    expect(out.stdout.split('\n').filter((l) => l.startsWith('db '))).toHaveLength(2);
    expect((c.sim.process(KUBECTL)?.state as { jobs: Map<number, unknown> } | undefined)?.jobs.size).toBe(0);
  });

  it('--watch-only prints the header with the first event, and a deletion prints the row too', () => {
    const c = cluster();
    expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const job = c.exec('kubectl get pods --watch-only');
    c.sim.runUntil(c.sim.now + 100);
    expect(c.takeChunks(job)).toBe('');
    c.run('kubectl delete pod web --wait=false');
    c.sim.runUntil(c.sim.now + 60_000);
    const text = c.takeChunks(job);
    expect(text.split('\n')[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(webStatuses(text)).toContain('Terminating');
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 10);
    expect(c.output(job)?.exitCode).toBe(130);
  });

  it('watches one named node, and -A adds the NAMESPACE column', () => {
    const c = cluster();
    const node = c.exec('kubectl get node worker-1 -w');
    const all = c.exec('kubectl get pods -A -w -l run=web');
    c.sim.runUntil(c.sim.now + 100);
    expect(c.takeChunks(node)).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\nworker-1\s+Ready\s+/);
    c.run('kubectl run web --image=nginx:1.25');
    c.sim.runUntil(c.sim.now + 10_000);
    const rows = c.takeChunks(all);
    expect(rows.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(rows).toMatch(/^default\s+web\s+/m);
    c.cancel(node);
    c.cancel(all);
    c.sim.runUntil(c.sim.now + 10);
    expect(c.output(node)?.exitCode).toBe(130);
    expect(c.output(all)?.exitCode).toBe(130);
  });

  // Real kubectl v1.31.9 against kubeplay serve printed `EVENT      NAME ...` / `ADDED      a ...`: the
  // event types are padded to eight characters before the tabwriter (tableprinter.go formatEventType).
  it('--output-watch-events puts an EVENT column first (cli-runtime tableprinter.go)', () => {
    const c = cluster();
    expect(c.run('kubectl run db --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const job = c.exec('kubectl get pods -w --output-watch-events');
    c.sim.runUntil(c.sim.now + 100);
    expect(c.takeChunks(job)).toMatch(/^EVENT {6}NAME {3}READY {3}STATUS {4}RESTARTS {3}AGE\nADDED {6}db {5}1\/1 {5}Running {3}0 {10}\d+s\n$/);
    c.run('kubectl delete pod db --wait=false');
    c.sim.runUntil(c.sim.now + 60_000);
    const rows = c.takeChunks(job);
    expect(rows).toMatch(/^MODIFIED {3}db\s+\S+\s+Terminating\s+/m);
    expect(rows).toMatch(/^DELETED {4}db\s+/m);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 10);
    expect(c.output(job)?.exitCode).toBe(130);
  });

  it('refuses to watch several resource types at once', () => {
    const c = cluster();
    expect(c.run('kubectl get pods,nodes -w')).toMatchObject({
      exitCode: 1,
      stderr: 'error: watch is only supported on individual resources and resource collections, but 2 resources were found\n',
    });
  });
});

describe('alignRemembering', () => {
  it('keeps the widest width a column has had across flushes, as liggitt/tabwriter RememberWidths does', () => {
    const widths: number[] = [];
    expect(alignRemembering('NAME\tSTATUS\tAGE\nweb\tPending\t0s\n', widths)).toBe('NAME   STATUS    AGE\nweb    Pending   0s\n');
    expect(alignRemembering('web\tContainerCreating\t1s\n', widths)).toBe('web    ContainerCreating   1s\n');
    expect(alignRemembering('web\tRunning\t2s\n', widths)).toBe('web    Running             2s\n');
  });
});

describe('a scenario step that runs kubectl get -w', () => {
  it('is interrupted at the command limit with 130 and records the rows it printed', () => {
    const text = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: watch}
spec:
  cluster: {nodes: [{name: worker-1}]}
  steps:
    - {at: 1s, run: kubectl get nodes -w}
    - {at: 2s, run: kubectl get pods}
`;
    const parsed = parseScenario(text, 'watch.yaml');
    if (!parsed.ok) throw new Error('bad scenario');
    const s = parsed.scenario;
    const r = runScenario(s, buildCluster(s.cluster, { seed: s.seed, timings: s.timings }), { commandTimeoutMs: 10_000 });
    const watch = r.transcript[0]!;
    expect(watch).toMatchObject({ exitCode: 130, stderr: '' });
    expect(watch.stdout).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\n/);
    expect(watch.stdout).toMatch(/^worker-1\s+Ready\s+/m);
    expect(r.transcript[1]!.time).toBe(11_000);
  });
});

// kubectl/pkg/cmd/events/events.go runWatch (v1.31): a WATCH with no resourceVersion, so the events
// that exist come first, then each new one; the header once; Ctrl-C ends it.
describe('kubectl events -w', () => {
  it('prints the existing events, then each new event of the chosen type as it happens', () => {
    const c = cluster();
    const job = c.exec('kubectl events -w --for deploy/ev');
    c.sim.runUntil(c.sim.now + 100);
    expect(c.takeChunks(job)).toBe('');
    expect(c.run('kubectl create deployment ev --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.takeChunks(job)).toMatch(/^LAST SEEN {3}TYPE {5}REASON {14}OBJECT {10}MESSAGE\n\S+ +Normal {3}ScalingReplicaSet {3}Deployment\/ev {3}Scaled up replica set ev-\w+ to 1\n$/);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 100);
    expect(c.output(job)).toMatchObject({ exitCode: 130 });
  });
});
