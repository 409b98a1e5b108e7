// PatchOptions as the patch handler validates them before it reads the object
// (k8s.io/apimachinery/pkg/apis/meta/v1/validation ValidatePatchOptions, called from
// k8s.io/apiserver/pkg/endpoints/handlers/patch.go): an apply patch must name its fieldManager,
// and only an apply patch may say `force`. Both are 422 on `PatchOptions.meta.k8s.io ""`.

import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../api/http';
import { apiRequest, syncedApiserver } from './apiserver-fixture';
import { kubeApiserver } from './apiserver';

const PATH = '/apis/apps/v1/namespaces/default/deployments/web';

function answer(req: Parameters<typeof apiRequest>[0]): HttpResponse {
  const { s, ctx } = syncedApiserver();
  kubeApiserver.onMessage(s, apiRequest({ method: 'PATCH', path: PATH, body: {}, ...req }), ctx);
  return ctx.sent.map((m) => m.body as HttpResponse).find((b) => b.type === 'http.response')!;
}

describe('PatchOptions', () => {
  it('refuses an apply patch without a fieldManager', () => {
    expect(answer({ contentType: 'application/apply-patch+yaml' })).toMatchObject({
      status: 422,
      body: {
        kind: 'Status',
        status: 'Failure',
        message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        reason: 'Invalid',
        details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] },
        code: 422,
      },
    });
  });

  it('refuses force on a patch that is not an apply', () => {
    expect(answer({ contentType: 'application/merge-patch+json', query: { force: 'true' } })).toMatchObject({
      status: 422,
      body: { message: 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch', code: 422 },
    });
  });

  it('lets an apply patch with a fieldManager through to storage', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, apiRequest({ method: 'PATCH', path: PATH, body: {}, contentType: 'application/apply-patch+yaml', query: { fieldManager: 'kubectl', force: 'false' } }), ctx);
    expect(ctx.sent.some((m) => (m.body as { type: string }).type === 'http.response')).toBe(false);
  });
});
