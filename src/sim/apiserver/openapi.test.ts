// OpenAPI v3 as kube-apiserver v1.31 serves it (k8s.io/kube-openapi pkg/handler3) and as kubectl
// v1.31 reads it: explain finds a kind by x-kubernetes-group-version-kind in components.schemas,
// query_param_verifier_v3.go looks for `fieldValidation` on the kind's PATCH operation, and apply's
// patcher wants strategic merge among the PATCH content types and the Go types' patchMergeKey tags.
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../api/http';
import { apiRequest, syncedApiserver } from './apiserver-fixture';
import { kubeApiserver } from './apiserver';
import { openApiDocument, openApiFor, openApiRoot, serveDescriptions } from './openapi';
import { K8S_DESCRIBED_SCHEMA } from '../../api-schema/descriptions';

// What src/sim/cli-tools/programs.ts does for a whole cluster.
serveDescriptions(K8S_DESCRIBED_SCHEMA);

type Doc = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; 'x-kubernetes-group-version-kind'?: unknown }>>; components: { schemas: Record<string, Record<string, unknown>> } };

describe('/openapi/v3', () => {
  it('lists every served group-version with its URL and content hash', () => {
    const root = openApiRoot();
    expect(Object.keys(root.paths)).toEqual(expect.arrayContaining(['api/v1', 'apis/apps/v1', 'apis/batch/v1', 'apis/rbac.authorization.k8s.io/v1']));
    expect(root.paths['apis/apps/v1']!.serverRelativeURL).toMatch(/^\/openapi\/v3\/apis\/apps\/v1\?hash=[0-9A-F]{16}$/);
    expect(root).toEqual(openApiRoot());
  });

  it('finds a kind by its group-version-kind, with references under components.schemas and a described reference wrapped in allOf', () => {
    const doc = openApiDocument('api/v1') as unknown as Doc;
    const pod = doc.components.schemas['io.k8s.api.core.v1.Pod']!;
    expect(pod['x-kubernetes-group-version-kind']).toEqual([{ group: '', version: 'v1', kind: 'Pod' }]);
    expect((pod.properties as Record<string, unknown>).spec).toEqual({ allOf: [{ $ref: '#/components/schemas/io.k8s.api.core.v1.PodSpec' }], description: 'Specification of the desired behavior of the pod.' });
    // Kubernetes' schemas have no additionalProperties: false and no required apiVersion/kind.
    expect(pod.additionalProperties).toBeUndefined();
    expect(pod.required).toBeUndefined();
    expect(doc.components.schemas['io.k8s.api.core.v1.Container']!.required).toEqual(['name']);
    expect(JSON.stringify(doc)).not.toContain('#/definitions/');
  });

  it("gives every kind's PATCH the fieldValidation query parameter and the strategic merge content type", () => {
    const doc = openApiDocument('apis/apps/v1') as unknown as Doc;
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}']!.patch!;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', version: 'v1', kind: 'Deployment' });
    expect(patch.parameters).toContainEqual(expect.objectContaining({ name: 'fieldValidation', in: 'query' }));
    expect(Object.keys(patch.requestBody!.content)).toContain('application/strategic-merge-patch+json');
    // The apps document carries the core types a pod template uses.
    expect(doc.components.schemas['io.k8s.api.core.v1.PodSpec']).toBeDefined();
    expect(doc.paths['/api/v1/nodes']).toBeUndefined();
  });

  it('marks lists merged by key as the Go types tag them (containers by name, a Service\'s ports by port)', () => {
    const doc = openApiDocument('api/v1') as unknown as Doc;
    const props = (def: string) => doc.components.schemas[def]!.properties as Record<string, Record<string, unknown>>;
    expect(props('io.k8s.api.core.v1.PodSpec').containers).toMatchObject({ 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' });
    expect(props('io.k8s.api.core.v1.Container').ports).toMatchObject({ 'x-kubernetes-patch-merge-key': 'containerPort' });
    expect(props('io.k8s.api.core.v1.ServiceSpec').ports).toMatchObject({ 'x-kubernetes-patch-merge-key': 'port' });
    expect(props('io.k8s.api.core.v1.PodSpec').tolerations!['x-kubernetes-patch-merge-key']).toBeUndefined();
  });

  it('answers unknown group-versions and /openapi/v2 with nothing (404), so kubectl stays on v3', () => {
    expect(openApiFor('/openapi/v3/apis/example.com/v1')).toBeUndefined();
    expect(openApiFor('/openapi/v2')).toBeUndefined();
    expect(openApiFor('/openapi/v3/')).toEqual(openApiRoot());
  });

  it('is served by kube-apiserver to authenticated users (system:discovery), not to anonymous; /openapi/v2 is the NotFound Status', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, apiRequest({ path: '/openapi/v3/api/v1' }, 1), ctx);
    kubeApiserver.onMessage(s, apiRequest({ path: '/openapi/v2' }, 2), ctx);
    kubeApiserver.onMessage(s, apiRequest({ path: '/openapi/v3', credentials: {} }, 3), ctx);
    const [v3, v2, anon] = ctx.sent.map((m) => m.body as HttpResponse);
    expect(v3!.status).toBe(200);
    expect((v3!.body as { openapi: string }).openapi).toBe('3.0.0');
    expect(v2).toMatchObject({ status: 404, body: { reason: 'NotFound', message: 'the server could not find the requested resource' } });
    expect(anon).toMatchObject({ status: 403, body: { message: 'forbidden: User "system:anonymous" cannot get path "/openapi/v3"' } });
  });
});
