import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeCluster, type Responder } from '../sim/scenario/fake-cluster';
import { parseArgs } from './args';
import { runCli } from './run-command';

const respond: Responder = (line) => {
  if (line.includes('jsonpath')) return { stdout: 'Running' };
  if (line.startsWith('kubectl apply')) return { stdout: 'pod/web created\n' };
  return { stdout: 'NAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          30s\n' };
};

function scenarioFile(steps: string, extra: Record<string, string> = {}): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kubeplay-cli-'));
  const file = join(dir, 's.yaml');
  writeFileSync(file, `apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  seed: 7\n  steps:\n${steps}`);
  for (const [p, text] of Object.entries(extra)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return { dir, file };
}

function cli(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const clusters: FakeCluster[] = [];
  const seeds: number[] = [];
  const traceLimits: (number | undefined)[] = [];
  const code = runCli(argv, { out: (s) => (out += s), err: (s) => (err += s), cwd }, (_spec, opts) => {
    seeds.push(opts.seed);
    traceLimits.push(opts.traceLimit);
    const c = new FakeCluster(respond);
    clusters.push(c);
    return c;
  });
  return { code, out, err, clusters, seeds, traceLimits };
}

describe('kubeplay run', () => {
  it('prints the transcript and the trace hash and exits 0 when every expect passes', () => {
    const { dir, file } = scenarioFile(`    - {at: 30s, run: kubectl get pods -o wide}\n    - {at: 31s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}}\n`);
    const r = cli(['run', file], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('[00:30.000] $ kubectl get pods -o wide\nNAME   READY');
    expect(r.out).toContain('expectations: 1 passed, 0 failed');
    expect(r.out).toMatch(/\ntrace hash: [0-9a-f]{8}\n$/);
  });

  it('keeps a window of 100,000 trace records in memory, and every record with --trace (which prints them)', () => {
    const { dir, file } = scenarioFile(`    - {at: 1s, run: kubectl get pods}\n`);
    expect(cli(['run', file], dir).traceLimits).toEqual([100_000]);
    expect(cli(['run', file, '--trace'], dir).traceLimits).toEqual([undefined]);
  });

  it('exits 1 and shows expected and actual when an expect fails', () => {
    const { dir, file } = scenarioFile(`    - {at: 1s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Pending}}\n`);
    const r = cli(['run', file], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL s.yaml:7:7: spec.steps[0] [00:01.000] $ kubectl get pod web -o jsonpath={.status.phase}\n  expected: stdout equals "Pending"\n  actual:   stdout "Running"\n');
  });

  it('exits 2 with file, line and field for an invalid scenario', () => {
    const { dir, file } = scenarioFile(`    - {at: 3x, run: a}\n`);
    const r = cli(['run', file], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe('kubeplay: s.yaml:7:12: spec.steps[0].at: invalid duration "3x" (examples: 0s, 1.5s, 300ms, 2m, 1m30s)\n');
  });

  it('exits 2 for a missing scenario file and for a missing applyFile', () => {
    const { dir, file } = scenarioFile(`    - {at: 0s, applyFile: nope.yaml}\n`);
    expect(cli(['run', join(dir, 'absent.yaml')], dir)).toMatchObject({ code: 2, err: 'kubeplay: cannot read scenario absent.yaml: ENOENT\n' });
    const r = cli(['run', file], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe('kubeplay: s.yaml:7:27: spec.steps[0].applyFile: no such file or directory "nope.yaml" (paths are relative to the scenario file)\n');
  });

  it('reads applyFile paths relative to the scenario, a folder giving every manifest in it', () => {
    const { file } = scenarioFile(`    - {at: 0s, applyFile: web.yaml}\n    - {at: 1s, applyFile: manifests}\n`, {
      'web.yaml': 'kind: Pod',
      'manifests/b.yaml': 'b',
      'manifests/a.json': 'a',
      'manifests/notes.txt': 'skip',
    });
    const r = cli(['run', file], '/');
    expect(r.code).toBe(0);
    expect(r.clusters[0]!.log).toEqual(['00000 exec kubectl apply -f web.yaml files=web.yaml', '01000 exec kubectl apply -f manifests files=manifests/a.json,manifests/b.yaml']);
  });

  it('prints one JSON report with --json and uses --seed over the scenario seed', () => {
    const { dir, file } = scenarioFile(`    - {at: 1s, run: kubectl get pods}\n`);
    const r = cli(['run', file, '--json', '--seed', '42', '--until=2m'], dir);
    expect(r.code).toBe(0);
    expect(r.seeds).toEqual([42]);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ scenario: 't', seed: 42, ok: true, endTime: 120_000 });
    expect(report.transcript).toHaveLength(1);
  });
});

describe('parseArgs', () => {
  it.each([
    [[], { kind: 'help' }],
    [['help'], { kind: 'help' }],
    [['run', 'a.yaml'], { kind: 'run', file: 'a.yaml', json: false, trace: false }],
    [['run', 'a.yaml', '--until', '1m30s', '--trace'], { kind: 'run', file: 'a.yaml', json: false, trace: true, untilMs: 90_000 }],
    [['run', '--seed=3', 'a.yaml'], { kind: 'run', file: 'a.yaml', json: false, trace: false, seed: 3 }],
    [['run'], { kind: 'error', message: expect.stringContaining('needs a scenario file') }],
    [['run', 'a.yaml', '--until', '5x'], { kind: 'error', message: expect.stringContaining('--until: invalid duration "5x"') }],
    [['run', 'a.yaml', '--seed', '-1'], { kind: 'error', message: expect.stringContaining('--seed') }],
    [['run', 'a.yaml', '--fast'], { kind: 'error', message: 'unknown flag "--fast"' }],
    [['bogus'], { kind: 'error', message: 'unknown command "bogus"' }],
  ])('reads %j', (argv, want) => {
    expect(parseArgs(argv)).toEqual(want);
  });
});
