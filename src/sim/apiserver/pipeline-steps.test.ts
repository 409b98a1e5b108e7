// Every answer of kube-apiserver carries the stages its request went through (the seed, chapter 2:
// Authentication -> Authorization -> Admission -> Validation -> Storage; kube-apiserver's audit
// log records the same in its `stages`), and the reply says which request it answers. The
// sequence diagram (issue 11) draws its apiserver sub-lanes from these steps instead of guessing
// the stage from the status text.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';
import type { TraceRecord } from '../kernel/trace';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.25
`;

function answersToKubectl(c: Cluster): TraceRecord[] {
  return c.sim.world.trace.filter((r) => r.type === 'http.response' && r.from === 'kube-apiserver' && r.to === 'kubectl');
}

function stagesOf(r: TraceRecord): string[] {
  return (r.steps ?? []).map((s) => `${s.stage} ${s.result}`);
}

describe('the stages of a request, on its answer', () => {
  it('a created pod passed every stage, and admission says which plugin changed which field', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    const created = answersToKubectl(c).find((r) => r.summary.startsWith('201'))!;
    expect(stagesOf(created)).toEqual(['Authentication passed', 'Authorization passed', 'Admission changed', 'Validation passed', 'Storage passed']);
    const admission = created.steps!.find((s) => s.stage === 'Admission')!;
    expect(admission.text).toContain('DefaultTolerationSeconds (spec.tolerations)');
    expect(admission.text).toContain('ServiceAccount (');
    // The reply names the request it answers, and that request is kubectl's POST.
    const request = c.sim.world.trace.find((r) => r.id === created.inReplyTo)!;
    expect(request.type).toBe('http.request');
    expect(request.from).toBe('kubectl');
    expect(request.summary).toMatch(/^POST /);
  });

  it('a user without rights is answered by authorization', () => {
    const c = buildCluster({}, { seed: 3 });
    const out = c.run('kubectl get pods --as=jane');
    expect(out.stderr).toContain('User "jane" cannot list resource "pods"');
    const denied = answersToKubectl(c).find((r) => r.summary.startsWith('403'))!;
    expect(stagesOf(denied)).toEqual(['Authentication passed', 'Impersonation passed', 'Authorization failed']);
  });

  it('an invalid object is answered by validation, after admission passed', () => {
    const c = buildCluster({}, { seed: 3 });
    const out = c.run('kubectl apply -f -', { stdin: WEB.replace('    image: nginx:1.25\n', '') });
    expect(out.stderr).toContain('Required value');
    const invalid = answersToKubectl(c).find((r) => r.summary.startsWith('422'))!;
    expect(stagesOf(invalid)).toEqual(['Authentication passed', 'Authorization passed', 'Admission changed', 'Validation failed']);
  });

  // etcd3 store.go GuaranteedUpdate: a Txn whose mod_revision compare failed is retried inside the
  // same request ("GuaranteedUpdate of %s failed because of a conflict, going to retry"), tryUpdate
  // (admission, validation) again on the object read back; the client sees one answer, the audit log
  // one event. Ten label PATCHes at once make some lose the race up to four times.
  it('a PATCH that lost the race shows the attempt that was written, after one step that says so', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl create configmap cm');
    const jobs = 'abcdefghij'.split('').map((k) => c.exec(`kubectl label configmap cm ${k}=1`));
    while (jobs.some((j) => !c.output(j))) c.sim.step();
    // Each PATCH's answer (two gave up after the simulation's five attempts: 409 Conflict).
    const patched = answersToKubectl(c).filter((r) => /^(200 OK configmap\/cm|409 Conflict)/.test(r.summary) && r.steps!.some((s) => s.stage === 'Admission'));
    expect(patched).toHaveLength(10);
    for (const r of patched) expect(r.steps!.filter((s) => s.stage === 'Admission')).toHaveLength(1);
    const fifth = patched.find((r) => r.steps!.some((s) => s.text.endsWith('(attempt 5)')))!;
    expect(stagesOf(fifth)).toEqual(['Authentication passed', 'Authorization passed', 'Storage passed', 'Admission passed', 'Validation passed', 'Storage passed']);
    expect(fifth.steps![2]!.text).toBe('conflict: the object changed since it was read; retried on the stored one (attempt 5)');
  });

  // etcd3 store.go GuaranteedUpdate: an update that fails on the cached object is not believed until
  // it fails on the object read from etcd ("It's possible we were working with stale data").
  it('an update refused on the cached object says it read etcd and tried again, once', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl create configmap cm');
    const stale = c.run('kubectl get configmap cm -o yaml').stdout;
    c.run('kubectl label configmap cm a=1');
    const out = c.run('kubectl replace -f -', { stdin: stale });
    expect(out.stderr).toContain('the object has been modified');
    const refused = answersToKubectl(c).find((r) => r.summary.startsWith('409'))!;
    expect(refused.steps!.map((st) => `${st.stage}: ${st.text}`)).toEqual([
      'Authentication: kubernetes-admin',
      'Authorization: allowed',
      'Storage: 409 on the cached object: read it from etcd and tried again',
      'Storage: 409',
    ]);
  });

  it('a read that finds nothing is answered by storage', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl get pod nope');
    const missing = answersToKubectl(c).find((r) => r.summary.startsWith('404'))!;
    expect(stagesOf(missing)).toEqual(['Authentication passed', 'Authorization passed', 'Storage failed']);
  });
});
