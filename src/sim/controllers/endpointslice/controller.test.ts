// The EndpointSlice controller (pkg/controller/endpointslice, v1.31; kubernetes.io/docs/concepts/
// services-networking/endpoint-slices): one slice per Service with a selector, labelled with the
// service name and managed-by, owned by the Service, listing the selected pods that have an IP.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import type { EndpointSlice, Service } from '../../api/service';
import type { Pod } from '../../api/types';
import { clientOnMessage } from '../../client/apiclient';
import { objectKey } from '../../client/informer';
import { testMessage } from '../../kernel/recording-effects';
import { runWorker } from '../framework/controller';
import { putPod, testEnv, testPod } from '../testing';
import { createEndpointSliceController, endpointSliceOnWriteResult, onPodDelta, onServiceDelta, syncService, MANAGED_BY } from './controller';
import { findPort } from './endpoints';

function service(spec: Partial<Service['spec']> = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default', uid: 'svc-uid', resourceVersion: '5' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80, protocol: 'TCP', targetPort: 'http' }], ...spec },
  };
}

function webPod(name: string, node: string, ip: string | undefined, opts: { ready?: boolean; deleting?: boolean; app?: string } = {}): Pod {
  const pod = testPod(name, node);
  pod.metadata.labels = { app: opts.app ?? 'web' };
  pod.spec.containers = [{ name: 'nginx', image: 'nginx:1.25', ports: [{ name: 'http', containerPort: 8080 }] } as Pod['spec']['containers'][number]];
  pod.status = { ...pod.status, podIP: ip, conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] };
  if (!ip) delete pod.status.podIP;
  if (opts.deleting) pod.metadata.deletionTimestamp = '2024-08-13T09:00:05Z';
  return pod;
}

function setup(svc: Service, pods: Pod[]) {
  const { env, ctx } = testEnv(0);
  const s = createEndpointSliceController();
  env.informers.byName.services.items.set(objectKey(svc), svc);
  for (const p of pods) putPod(env, p);
  onServiceDelta(s, env, { type: 'ADDED', object: svc });
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncService(s, env, sc));
  return { env, ctx, s, sync };
}

const requests = (sent: { body: unknown }[]): HttpRequest[] => sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');

describe('EndpointSlice controller', () => {
  it('creates one slice named after the Service with the selected pods that have an IP', () => {
    const { ctx, sync } = setup(service(), [
      webPod('web-1', 'worker-1', '10.244.1.2'),
      webPod('web-2', 'worker-2', '10.244.2.2', { ready: false }),
      webPod('web-3', 'worker-3', undefined),
      webPod('db-1', 'worker-1', '10.244.1.3', { app: 'db' }),
    ]);
    sync();
    const [post] = requests(ctx.sent);
    expect(post).toMatchObject({ method: 'POST', path: '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices' });
    const slice = post!.body as EndpointSlice;
    expect(slice.metadata).toMatchObject({
      generateName: 'web-',
      labels: { 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': MANAGED_BY },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'svc-uid', controller: true, blockOwnerDeletion: true }],
    });
    expect(slice.addressType).toBe('IPv4');
    expect(slice.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
    expect(slice.endpoints).toEqual([
      { addresses: ['10.244.1.2'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'worker-1', targetRef: { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'uid-web-1' } },
      { addresses: ['10.244.2.2'], conditions: { ready: false, serving: false, terminating: false }, nodeName: 'worker-2', targetRef: { kind: 'Pod', name: 'web-2', namespace: 'default', uid: 'uid-web-2' } },
    ]);
  });

  it('marks a terminating pod not ready but still serving while it is Ready', () => {
    const { ctx, sync } = setup(service(), [webPod('web-1', 'worker-1', '10.244.1.2', { deleting: true })]);
    sync();
    const slice = requests(ctx.sent)[0]!.body as EndpointSlice;
    expect(slice.endpoints[0]!.conditions).toEqual({ ready: false, serving: true, terminating: true });
  });

  it('writes nothing for a Service without a selector', () => {
    const { ctx, sync } = setup(service({ selector: undefined }), [webPod('web-1', 'worker-1', '10.244.1.2')]);
    sync();
    expect(requests(ctx.sent)).toEqual([]);
  });

  it('updates its own slice (remembered from the create answer) when a pod goes away, instead of creating another', () => {
    const pod = webPod('web-1', 'worker-1', '10.244.1.2');
    const { env, ctx, s, sync } = setup(service(), [pod, webPod('web-2', 'worker-2', '10.244.2.2')]);
    sync();
    const post = ctx.sent[0]!;
    const created = { ...(post.body as HttpRequest).body as EndpointSlice };
    created.metadata = { ...created.metadata, name: 'web-x7k2p', resourceVersion: '40' };
    const response = { type: 'http.response', requestId: post.id, status: 201, body: created } as HttpResponse;
    const ev = clientOnMessage(env.client, testMessage(response), ctx)!;
    endpointSliceOnWriteResult(s, ev);
    env.informers.byName.pods.items.delete('default/web-1');
    onPodDelta(s, env, { type: 'DELETED', object: pod });
    ctx.clear();
    // The informer has not seen the slice yet: the controller works from what it wrote.
    syncService(s, env, { ctx, client: env.client, credentials: env.credentials, rt: s.rt, key: 'default/web', writes: 0 });
    const [put] = requests(ctx.sent);
    expect(put).toMatchObject({ method: 'PUT', path: '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/web-x7k2p' });
    expect((put!.body as EndpointSlice).endpoints.map((e) => e.addresses[0])).toEqual(['10.244.2.2']);
  });

  it.each([
    [80, 80],
    ['http', 8080],
    ['metrics', undefined],
    [undefined, 443],
  ])('resolves targetPort %s to %s', (target, want) => {
    expect(findPort(webPod('web-1', 'worker-1', '10.244.1.2'), target, 443)).toBe(want);
  });
});
