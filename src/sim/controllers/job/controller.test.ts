// The Job controller (pkg/controller/job/job_controller.go, v1.31, NonIndexed): parallelism bounded
// by the completions still missing, SuccessCriteriaMet then Complete (CompletionsReached, "Job
// completed") once enough pods succeeded, FailureTarget then Failed with BackoffLimitExceeded after
// more than backoffLimit failures (KEP-4368: the terminal condition waits for running pods), the 10 s doubling pod back-off
// (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff 6 min); and the apiserver's generated
// selector (pkg/registry/batch/job/strategy.go generateSelector).
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import { rfc3339 } from '../../api/time';
import type { Pod } from '../../api/types';
import { generateJobSelector } from '../../apiserver/registry/job';
import { objectKey } from '../../client/informer';
import { runWorker } from '../framework/controller';
import { putPod, testEnv, testPod } from '../testing';
import { createJobController, onJobDelta, syncJob } from './controller';
import { backoffRemainingMs, countPods, jobPodFor, wantActive, type Job } from './manage';

function job(spec: Partial<Job['spec']> = {}): Job {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'pi', namespace: 'default', uid: 'job-uid', generation: 1 },
    spec: { completions: 3, parallelism: 2, backoffLimit: 6, template: { metadata: { labels: { 'job-name': 'pi' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl:5.34' }] } }, ...spec },
    status: { startTime: rfc3339(0) },
  };
}

function jobPod(j: Job, name: string, phase: 'Running' | 'Succeeded' | 'Failed', finishedMs = 0): Pod {
  const p = testPod(name, 'worker-1');
  p.metadata.labels = { 'job-name': 'pi' };
  p.metadata.ownerReferences = jobPodFor(j).metadata.ownerReferences;
  p.status = { phase };
  if (phase !== 'Running') p.status.containerStatuses = [{ name: 'pi', ready: false, restartCount: 0, image: 'perl:5.34', imageID: '', state: { terminated: { exitCode: phase === 'Failed' ? 1 : 0, finishedAt: rfc3339(finishedMs) } } }] as never;
  return p;
}

function setup(j: Job, pods: Pod[], now = 0) {
  const { env, ctx } = testEnv(now);
  const s = createJobController();
  env.informers.byName.jobs.items.set(objectKey(j), j);
  for (const p of pods) putPod(env, p);
  onJobDelta(s, env, { type: 'ADDED', object: j });
  runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncJob(s, env, sc));
  const requests = ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
  const status = requests.find((r) => r.method === 'PUT')?.body as Job | undefined;
  return { requests, status, s };
}

describe('Job controller', () => {
  it.each([
    ['none succeeded: parallelism', 0, 2],
    ['two of three succeeded: only the one missing', 2, 1],
    ['all succeeded: none', 3, 0],
  ])('wants the right number of active pods when %s', (_name, succeeded, want) => {
    const j = job();
    const pods = Array.from({ length: succeeded }, (_, i) => jobPod(j, `pi-${i}`, 'Succeeded'));
    expect(wantActive(j, countPods(pods))).toBe(want);
  });

  it('creates parallelism pods with generateName <job>- and the controller reference', () => {
    const { requests, status } = setup(job(), []);
    const posts = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pods'));
    expect(posts).toHaveLength(2);
    const pod = posts[0]!.body as Pod;
    expect(pod.metadata.generateName).toBe('pi-');
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'Job', name: 'pi', uid: 'job-uid', controller: true, blockOwnerDeletion: true }]);
    expect(status?.status).toMatchObject({ ready: 0, startTime: rfc3339(0) });
  });

  it('marks the Job Complete once completions pods have succeeded', () => {
    const j = job();
    const { status, requests } = setup(j, ['a', 'b', 'c'].map((n) => jobPod(j, `pi-${n}`, 'Succeeded', 5000)), 12_000);
    expect(status?.status?.succeeded).toBe(3);
    expect(status?.status?.completionTime).toBe(rfc3339(12_000));
    expect(status?.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['SuccessCriteriaMet=True', 'Complete=True']);
    expect(status?.status?.conditions?.[1]).toMatchObject({ reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
    const events = requests.filter((r) => r.path.endsWith('/events')).map((r) => (r.body as { reason: string; message: string }).message);
    expect(events).toContain('Job completed');
  });

  it('fails the Job with BackoffLimitExceeded after more than backoffLimit failed pods', () => {
    const j = job({ completions: 1, parallelism: 1, backoffLimit: 2 });
    const { status } = setup(j, ['a', 'b', 'c'].map((n) => jobPod(j, `pi-${n}`, 'Failed')), 100_000);
    expect(status?.status?.conditions?.map((c) => c.type)).toEqual(['FailureTarget', 'Failed']);
    const failed = status?.status?.conditions?.[1];
    expect(failed).toMatchObject({ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' });
    expect(status?.status?.failed).toBe(3);
  });

  it('waits the pod back-off after a failure: 10 s after the first, 20 s after the second', () => {
    const j = job({ completions: 1, parallelism: 1 });
    const one = countPods([jobPod(j, 'pi-a', 'Failed', 1000)]);
    expect(backoffRemainingMs(one, 5000)).toBe(6000);
    const two = countPods([jobPod(j, 'pi-a', 'Failed', 0), jobPod(j, 'pi-b', 'Failed', 1000)]);
    expect(backoffRemainingMs(two, 1000)).toBe(20_000);
    const { requests } = setup(j, [jobPod(j, 'pi-a', 'Failed', 1000)], 5000);
    expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pods'))).toHaveLength(0);
  });
});

describe('Job selector generation', () => {
  it('labels the template with the controller uid and job name and selects on the uid', () => {
    const out = generateJobSelector({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', uid: 'u1' }, spec: { template: { spec: {} } } });
    const spec = out.spec as { selector: unknown; template: { metadata: { labels: Record<string, string> } } };
    expect(spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } });
    expect(spec.template.metadata.labels).toEqual({ 'batch.kubernetes.io/controller-uid': 'u1', 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': 'u1', 'job-name': 'pi' });
  });
});
