// Issue 17, point 4: "A `kubectl apply` typed in the user's own terminal appears in the graph, the
// trace and the request's sequence diagram exactly as one typed in the page". Checked here at the
// level of what a page receives: the frames' trace records, fed into the sequence diagram's request
// book (src/ui/sequence/requests.ts) and into the worker's follow (src/worker/observe): real
// kubectl v1.31's request is a request root, from outside, named with its User-Agent, and its chain
// reaches kube-apiserver's answer with the stages it went through.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FrameBatch, TraceRecord, WorkerToUi } from '../protocol/view';
import { parseScenario } from '../sim/scenario/parse';
import { emptyBook, feed, isCommandRoot } from '../ui/sequence/requests';
import { isCommandRoot as followsAsCommand } from '../worker/observe/followed';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor } from './kubectl-compare-setup';
import { serve, type ServeHandle } from './serve';
import type { PageClient } from './served-session';

const KUBECTL = kubectlFor('served-trace');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: served-trace}
spec:
  steps: []
`;

describeWithKubectl(KUBECTL, 'a real kubectl request in the trace a page receives', () => {
  let h: ServeHandle;
  let env: Record<string, string>;
  const trace: TraceRecord[] = [];
  const page: PageClient = {
    send: (m: WorkerToUi) => {
      if (m.type !== 'frame') return;
      trace.push(...(m as FrameBatch).trace);
      // Drawn at once, as a page that keeps up.
      queueMicrotask(() => h.served.command(page, { type: 'frameShown' } as never));
    },
  };

  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'served-trace.yaml');
    if (!p.ok) throw new Error('invalid scenario');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 5, epochMs: Date.now() });
    h.served.connect(page);
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-trace-'));
    writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig, { mode: 0o600 });
    env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('is a request root from outside, named by kubectl\'s User-Agent, whose chain holds kube-apiserver\'s answer with its stages', async () => {
    const out = await runKubectl(KUBECTL!, ['run', 'traced', '--image=nginx:1.25'], env);
    expect(out.stdout).toBe('pod/traced created\n');
    // A few frames more, so that the answer's records have reached the page.
    await new Promise((r) => setTimeout(r, 500));
    const roots = trace.filter(isCommandRoot);
    const create = roots.find((r) => r.summary.startsWith('POST /api/v1/namespaces/default/pods'));
    expect(create?.summary).toMatch(/^POST \/api\/v1\/namespaces\/default\/pods\?fieldManager=kubectl-run \(kubectl\.1\.31\/v1\.31\.9\)$/);
    expect(create).toMatchObject({ kind: 'message', type: 'gateway.request', from: 'user', to: 'api-gateway', phase: 'user' });
    // The worker follows it as it follows a command typed in the page (the toolbar's followed request).
    expect(followsAsCommand(create as unknown as Parameters<typeof followsAsCommand>[0])).toBe(true);
    // The sequence diagram's book follows it: its chain reaches kube-apiserver and the 201 it answered.
    const book = feed(emptyBook(), trace);
    const log = book.requests.find((q) => q.root.id === create!.id);
    expect(log).toBeDefined();
    const answer = log!.records.find((r) => r.from === 'kube-apiserver' && r.summary.startsWith('201 Created pod/traced'));
    expect(answer?.steps?.map((s) => s.stage)).toEqual(expect.arrayContaining(['Authentication', 'Authorization', 'Admission', 'Storage']));
    expect(log!.records.some((r) => r.from === 'api-gateway' && r.to === 'kube-apiserver' && r.type === 'http.request')).toBe(true);
  }, 60_000);
});
