// The kubelet driven alone with a recording Effects: plain messages in, requested sends out, the way
// etcd-io/raft's tests drive Step. Source of the texts: pkg/kubelet/images/image_manager.go and
// kuberuntime/kuberuntime_container.go (v1.31).

import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, WatchEventBody } from '../../api/http';
import type { Event, Pod } from '../../api/types';
import { DEFAULT_TIMINGS } from '../../config';
import { RecordingEffects, testMessage, type SentMessage } from '../../kernel/recording-effects';
import type { CriRequest, CriResponse } from '../runtime/cri';
import { kubelet } from './kubelet';
import type { KubeletState } from './state';

const config = {
  nodeName: 'worker-1', apiserver: 'kube-apiserver', containerd: 'containerd/worker-1', credentials: {}, nodeIP: '10.0.0.11', podCIDR: '10.244.1.0/24',
  capacity: { cpu: '2', memory: '4Gi', pods: '110', 'ephemeral-storage': '20Gi' }, labels: {}, taints: [], timings: DEFAULT_TIMINGS,
};

function answerCri(s: KubeletState, ctx: RecordingEffects, m: SentMessage, result: unknown, error?: CriResponse['error']): void {
  const req = m.body as CriRequest;
  const body: CriResponse = { type: 'cri.response', requestId: m.id, method: req.method, ...(error ? { error } : { result }) };
  kubelet.onMessage(s, testMessage(body, { from: 'containerd/worker-1' }), ctx);
}

const lastCri = (ctx: RecordingEffects): SentMessage => ctx.sent.filter((m) => m.body.type === 'cri.request').at(-1)!;
const eventsOf = (ctx: RecordingEffects): string[] =>
  ctx.sent.filter((m) => (m.body as HttpRequest).path?.endsWith('/events')).map((m) => `${((m.body as HttpRequest).body as Event).reason}: ${((m.body as HttpRequest).body as Event).message}`);

function bootWithPod(image: string, pullPolicy?: 'Always' | 'IfNotPresent'): { s: KubeletState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kubelet/worker-1' });
  const s = kubelet.start(ctx, { config, persisted: undefined, incarnation: 1 });
  answerCri(s, ctx, ctx.sent.find((m) => (m.body as CriRequest).method === 'ListPodSandbox')!, { items: [] });
  answerCri(s, ctx, ctx.sent.find((m) => (m.body as CriRequest).method === 'ListContainers')!, { containers: [] });
  const list = ctx.sent.find((m) => (m.body as HttpRequest).path === '/api/v1/pods')!;
  kubelet.onMessage(s, testMessage({ type: 'http.response', requestId: list.id, status: 200, body: { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '5' }, items: [] } } satisfies HttpResponse), ctx);
  const watch = ctx.sent.filter((m) => (m.body as HttpRequest).query?.watch === 'true').at(-1)!;
  const pod: Pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', uid: 'u1', resourceVersion: '6' },
    spec: { nodeName: 'worker-1', containers: [{ name: 'nginx', image, ...(pullPolicy ? { imagePullPolicy: pullPolicy } : {}) }] },
  };
  ctx.clear();
  kubelet.onMessage(s, testMessage({ type: 'watch.event', watchId: watch.id, event: { type: 'ADDED', object: pod } } satisfies WatchEventBody, { stream: watch.id, phase: 'watch' }), ctx);
  return { s, ctx };
}

describe('kubelet pod worker', () => {
  it('registers the node and opens a watch on its own pods', () => {
    const ctx = new RecordingEffects({ self: 'kubelet/worker-1' });
    kubelet.start(ctx, { config, persisted: undefined, incarnation: 1 });
    const reqs = ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
    expect(reqs[0]).toMatchObject({ method: 'POST', path: '/api/v1/nodes' });
    expect(reqs[1]).toMatchObject({ method: 'GET', path: '/api/v1/pods', query: { fieldSelector: 'spec.nodeName=worker-1' } });
    expect(ctx.sent.every((m) => m.to === 'kube-apiserver' || m.to === 'containerd/worker-1')).toBe(true);
  });

  it('runs RunPodSandbox, ImageStatus, PullImage, CreateContainer, StartContainer with Pulling, Pulled, Created, Started', () => {
    const { s, ctx } = bootWithPod('nginx:1.25');
    const calls: string[] = [];
    const step = (result: unknown): void => {
      const m = lastCri(ctx);
      calls.push((m.body as CriRequest).method);
      answerCri(s, ctx, m, result);
    };
    step({ podSandboxId: 'sb1', ip: '10.244.1.2' });
    step({});
    ctx.now = 1234 as never;
    step({ imageRef: 'sha256:1', size: 67_120_000, image: { id: 'sha256:1', repoTags: ['docker.io/library/nginx:1.25'], repoDigests: ['docker.io/library/nginx@sha256:2'], size: 67_120_000 } });
    step({ containerId: 'c1' });
    step({});
    expect(calls).toEqual(['RunPodSandbox', 'ImageStatus', 'PullImage', 'CreateContainer', 'StartContainer']);
    expect(eventsOf(ctx)).toEqual([
      'Pulling: Pulling image "nginx:1.25"',
      'Pulled: Successfully pulled image "nginx:1.25" in 1.234s (1.234s including waiting). Image size: 67120000 bytes.',
      'Created: Created container nginx',
      'Started: Started container nginx',
    ]);
    // The status manager sends one status PATCH of a pod at a time: answer each, and the next goes.
    const patches = (): typeof ctx.sent => ctx.sent.filter((m) => (m.body as HttpRequest).path?.endsWith('/status'));
    for (let answered = 0; answered < patches().length; answered++) {
      kubelet.onMessage(s, testMessage({ type: 'http.response', requestId: patches()[answered]!.id, status: 200, body: {} }, { from: 'kube-apiserver' }), ctx);
    }
    const status = patches().at(-1)!.body as HttpRequest;
    expect((status.body as { status: Pod['status'] }).status).toMatchObject({ phase: 'Running', podIP: '10.244.1.2', hostIP: '10.0.0.11' });
  });

  it('does not pull with IfNotPresent when the image is on the node', () => {
    const { s, ctx } = bootWithPod('nginx:1.25', 'IfNotPresent');
    answerCri(s, ctx, lastCri(ctx), { podSandboxId: 'sb1', ip: '10.244.1.2' });
    answerCri(s, ctx, lastCri(ctx), { image: { id: 'sha256:1', repoTags: ['docker.io/library/nginx:1.25'], repoDigests: [], size: 1 } });
    expect((lastCri(ctx).body as CriRequest).method).toBe('CreateContainer');
    expect(eventsOf(ctx)).toEqual(['Pulled: Container image "nginx:1.25" already present on machine']);
  });

  it('reports FailedCreatePodSandBox and retries when the runtime is not running', () => {
    const { s, ctx } = bootWithPod('nginx:1.25');
    kubelet.onMessage(s, testMessage({ type: 'conn.refused', inReplyTo: lastCri(ctx).id }), ctx);
    expect(eventsOf(ctx)).toEqual([
      'FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"',
    ]);
    expect(ctx.timers.at(-1)).toMatchObject({ name: 'pod.retry', afterMs: 10_000 });
  });
});
