// kubectl delete's grace-period flags, as kubectl's own TestGracePeriodScenarios table has them
// (staging/src/k8s.io/kubectl/pkg/cmd/delete/delete_test.go; delete.go Complete and Validate).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../../api/http';
import { notFound } from '../../../api/errors';
import type { KubeObject } from '../../../api/types';
import { rfc3339 } from '../../../api/time';
import { RecordingEffects, testMessage } from '../../../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../../../names';
import type { CliExec, CliOutput } from '../../protocol';
import { kubectl } from '../kubectl';
import { FORCE_WARNING } from './delete';
import { warmDiscovery } from '../discovery-cache-testing';

function run(line: string): { ctx: RecordingEffects; del?: HttpRequest; out: CliOutput } {
  const ctx = new RecordingEffects({ self: 'kubectl', now: 0 });
  const st = warmDiscovery(kubectl.start(ctx, { config: { apiserver: 'kube-apiserver', credentials: ADMIN_CREDENTIALS, server: '10.0.0.10:6443' }, persisted: undefined, incarnation: 1 }));
  const body: CliExec = { type: 'cli.exec', jobId: 7, line, argv: line.split(' ').slice(1) };
  kubectl.onMessage(st, testMessage(body as unknown as { type: string }, { from: 'user' }), ctx);
  const answer = (id: number, status: number, b: unknown): void => {
    const resp: HttpResponse = { type: 'http.response', requestId: id, status, body: b };
    kubectl.onMessage(st, testMessage(resp, { from: 'kube-apiserver' }), ctx);
  };
  const first = ctx.sent[0];
  const del = first ? (first.body as HttpRequest) : undefined;
  if (first) {
    const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', uid: 'u1', resourceVersion: '5', creationTimestamp: rfc3339(0) } };
    answer(first.id, 200, pod);
    // The wait: the pod is already gone.
    const get = ctx.sent[ctx.sent.length - 1]!;
    answer(get.id, 404, notFound({ group: '', resource: 'pods' }, 'web'));
  }
  return { ctx, del, out: ctx.emitted[0] as unknown as CliOutput };
}

const grace = (r: { del?: HttpRequest }): unknown => (r.del?.body as { gracePeriodSeconds?: number } | undefined)?.gracePeriodSeconds;

describe('kubectl delete --grace-period, --now and --force (delete_test.go TestGracePeriodScenarios)', () => {
  it.each([
    ['no flag leaves the grace period to the server (the pod\'s terminationGracePeriodSeconds)', '', undefined, 'pod "web" deleted\n', ''],
    ['--force alone uses grace period 0 and warns', '--force', 0, 'pod "web" force deleted\n', `${FORCE_WARNING}\n`],
    ['--force --grace-period=0 uses grace period 0 and warns', '--force --grace-period=0', 0, 'pod "web" force deleted\n', `${FORCE_WARNING}\n`],
    ['--grace-period=0 without --force becomes 1', '--grace-period=0', 1, 'pod "web" deleted\n', ''],
    ['--grace-period=5 sends 5', '--grace-period=5', 5, 'pod "web" deleted\n', ''],
    ['--now sends 1', '--now', 1, 'pod "web" deleted\n', ''],
  ])('%s', (_name, flags, want, stdout, stderr) => {
    const r = run(`kubectl delete pod web ${flags}`.trim());
    expect(r.del?.method).toBe('DELETE');
    expect(grace(r)).toBe(want);
    expect(r.out).toMatchObject({ stdout, stderr, exitCode: 0 });
  });

  it.each([
    ['--now with --grace-period is refused', '--now --grace-period=10', 'error: --now and --grace-period cannot be specified together\n'],
    ['--force with a positive --grace-period is refused', '--force --grace-period=10', 'error: --force and --grace-period greater than 0 cannot be specified together\n'],
  ])('%s', (_name, flags, stderr) => {
    const r = run(`kubectl delete pod web ${flags}`);
    expect(r.del).toBeUndefined();
    expect(r.out).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });

  it('prints the force warning word for word (kubectl v1.31)', () => {
    expect(FORCE_WARNING).toBe(
      'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.',
    );
  });
});
