// Every answer of kube-apiserver carries the stages its request went through (the seed, chapter 2:
// Authentication -> Authorization -> Admission -> Validation -> Storage; kube-apiserver's audit
// log records the same in its `stages`), and the reply says which request it answers. The
// sequence diagram (issue 11) draws its apiserver sub-lanes from these steps instead of guessing
// the stage from the status text.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';
import type { TraceRecord } from '../kernel/trace';
import { apiserverState } from '../chaos/observe';

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

  // etcd3 store.go GuaranteedUpdate (staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go): a Txn
  // whose mod_revision compare failed is retried inside the same request ("GuaranteedUpdate of %s
  // failed because of a conflict, going to retry"), tryUpdate (admission, validation) again on the
  // object the Txn read back, with no limit on the number of tries; the client sees one answer, the
  // audit log one event. Ten label PATCHes at once make some lose the race six times.
  it('ten PATCHes at once are all written, however many races each lost, each showing the attempt that was written', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl create configmap cm');
    const jobs = 'abcdefghij'.split('').map((k) => c.exec(`kubectl label configmap cm ${k}=1`));
    while (jobs.some((j) => !c.output(j))) c.sim.step();
    expect(jobs.map((j) => c.output(j)!.stdout)).toEqual(jobs.map(() => 'configmap/cm labeled\n'));
    const patched = answersToKubectl(c).filter((r) => r.summary.startsWith('200 OK configmap/cm') && r.steps!.some((s) => s.stage === 'Admission'));
    expect(patched).toHaveLength(10);
    for (const r of patched) expect(r.steps!.filter((s) => s.stage === 'Admission')).toHaveLength(1);
    const attempts = patched.map((r) => Number(/\(attempt (\d+)\)$/.exec(r.steps![2]!.text)?.[1] ?? 1));
    // More than the five tries the simulation used to stop at (with a 409 Conflict).
    expect(Math.max(...attempts)).toBeGreaterThan(5);
    const fifth = patched.find((r) => r.steps!.some((s) => s.text.endsWith('(attempt 5)')))!;
    expect(stagesOf(fifth)).toEqual(['Authentication passed', 'Authorization passed', 'Storage passed', 'Admission passed', 'Validation passed', 'Storage passed']);
    expect(fifth.steps![2]!.text).toBe('conflict: the object changed since it was read; retried on the stored one (attempt 5)');
    expect(c.run('kubectl get configmap cm -o jsonpath={.metadata.labels}').stdout).toBe('{"a":"1","b":"1","c":"1","d":"1","e":"1","f":"1","g":"1","h":"1","i":"1","j":"1"}');
  });

  // etcd3 store.go GuaranteedUpdate: an update that fails on the cached object is not believed until
  // etcd's copy is read ("It's possible we were working with stale data"); when etcd holds the same
  // revision, the error stands without another try ("it turns out our cached data was not stale,
  // return the error"); at a newer revision tryUpdate runs again on etcd's object.
  it('an update refused on a cached object that was current answers after reading etcd, without trying again', () => {
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
      'Storage: 409 on the cached object: read it from etcd, at the same revision, so not tried again',
      'Storage: 409',
    ]);
  });

  it('an update refused on a stale cached object is tried again on the object read from etcd, and written', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl create configmap cm');
    const configmaps = apiserverState(c.sim)!.cache.get('configmaps')!.objects;
    const before = configmaps.get('default/cm')!;
    c.run('kubectl label configmap cm a=1');
    const current = c.run('kubectl get configmap cm -o yaml').stdout;
    // A watch cache behind etcd: it still holds the configmap as created.
    configmaps.set('default/cm', before);
    const out = c.run('kubectl replace -f -', { stdin: current.replace('a: "1"', 'a: "2"') });
    expect(out).toMatchObject({ stdout: 'configmap/cm replaced\n', exitCode: 0 });
    const replaced = answersToKubectl(c).find((r) => r.summary.startsWith('200 OK') && r.steps?.some((s) => s.text.startsWith('409 on the cached object')))!;
    expect(replaced.steps!.map((st) => `${st.stage}: ${st.text}`)).toEqual([
      'Authentication: kubernetes-admin',
      'Authorization: allowed',
      'Storage: 409 on the cached object: read it from etcd and tried again',
      'Admission: admitted',
      'Validation: valid',
      'Storage: 200',
    ]);
  });

  it('a read that finds nothing is answered by storage', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl get pod nope');
    const missing = answersToKubectl(c).find((r) => r.summary.startsWith('404'))!;
    expect(stagesOf(missing)).toEqual(['Authentication passed', 'Authorization passed', 'Storage failed']);
  });
});
