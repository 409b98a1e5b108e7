// kubectl apply -f: the OpenAPI v3 documents for client-side validation and discovery for mapping
// come before the first GET (apply-openapi.ts). kubectl v1.31.9 -v=6 against `kubeplay serve`,
// fresh --cache-dir, printed (klog headers and durations left out):
//   a Pod:  GET /openapi/v3?timeout=32s, GET /openapi/v3/api/v1?hash=...&timeout=32s, GET /api?timeout=32s,
//           GET /apis?timeout=32s, GET .../pods/web 404, POST .../pods?fieldManager=...
//   again:  GET /openapi/v3?timeout=32s, GET /openapi/v3/api/v1?hash=..., GET .../pods/web 200 (unchanged)
//   a Deployment, a Service and a ConfigMap in one file: /openapi/v3, /openapi/v3/apis/apps/v1?hash=...,
//           /api, /apis, /openapi/v3/api/v1?hash=..., then GET and POST of each object.
//   --validate=false (object exists): no OpenAPI before the GET. A wrong token: GET /openapi/v3 401,
//   GET /openapi/v2 401, `error: error validating "pod.yaml": error validating data: failed to
//   download openapi: the server has asked for the client to provide credentials; if you choose to
//   ignore these errors, turn validation off with --validate=false`.
// Sources: kubectl/pkg/cmd/apply/apply.go (builder with Schema), kubectl/pkg/cmd/util/factory_client_access.go
// Validator, client-go openapi/cached and discovery/cached/disk.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { MULTI, POD, requests } from './openapi-testing';

describe('kubectl apply -f fetches OpenAPI v3 and discovery before it writes', () => {
  it('the first apply of a Pod: the root, the api/v1 document, /api, /apis, then GET and POST; the second: the two documents again, then GET', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const first = c.run('kubectl apply -f - -v=6', { stdin: POD });
    expect(first.stdout).toBe('pod/web created\n');
    expect(requests(first.stderr)).toEqual([
      'GET /openapi/v3?timeout=32s 200 OK',
      'GET /openapi/v3/api/v1?hash=H&timeout=32s 200 OK',
      'GET /api?timeout=32s 200 OK',
      'GET /apis?timeout=32s 200 OK',
      'GET /api/v1/namespaces/default/pods/web 404 Not Found',
      'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 201 Created',
    ]);
    const again = c.run('kubectl apply -f - -v=6', { stdin: POD });
    expect(again.stdout).toBe('pod/web unchanged\n');
    expect(requests(again.stderr)).toEqual(['GET /openapi/v3?timeout=32s 200 OK', 'GET /openapi/v3/api/v1?hash=H&timeout=32s 200 OK', 'GET /api/v1/namespaces/default/pods/web 200 OK']);
  });

  it('several objects: each group-version document once, in the order the objects need them, discovery after the first', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const out = c.run('kubectl apply -f - -v=6', { stdin: MULTI });
    expect(out.stdout).toBe('deployment.apps/d1 created\nservice/s1 created\nconfigmap/cm1 created\n');
    expect(requests(out.stderr).slice(0, 6)).toEqual([
      'GET /openapi/v3?timeout=32s 200 OK',
      'GET /openapi/v3/apis/apps/v1?hash=H&timeout=32s 200 OK',
      'GET /api?timeout=32s 200 OK',
      'GET /apis?timeout=32s 200 OK',
      'GET /openapi/v3/api/v1?hash=H&timeout=32s 200 OK',
      'GET /apis/apps/v1/namespaces/default/deployments/d1 404 Not Found',
    ]);
  });

  it('the requests are messages from kubectl to kube-apiserver in the trace', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const from = c.sim.now;
    c.run('kubectl apply -f -', { stdin: POD });
    const sent = c.sim.world.trace.filter((r) => r.time >= from && r.from === 'kubectl' && r.type === 'http.request').map((r) => r.summary.replace(/hash=[0-9A-F]{16}/, 'hash=H'));
    expect(sent.slice(0, 4)).toEqual(['GET /openapi/v3?timeout=32s', 'GET /openapi/v3/api/v1?hash=H&timeout=32s', 'GET /api?timeout=32s', 'GET /apis?timeout=32s']);
  });

  it('--validate=false fetches no OpenAPI before the writes', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    c.run('kubectl get pods');
    const out = c.run('kubectl apply -f - --validate=false -v=6', { stdin: POD });
    expect(requests(out.stderr)).toEqual(['GET /api/v1/namespaces/default/pods/web 404 Not Found', 'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Ignore 201 Created']);
  });

  it('a wrong token: /openapi/v3 and /openapi/v2 are 401 and apply stops with the validation error', () => {
    const c = buildCluster({ nodes: [], users: [{ name: 'jane' }] }, { seed: 3 });
    const out = c.run('kubectl apply -f - --user=jane --token=bogus -v=6', { stdin: POD });
    expect(requests(out.stderr)).toEqual(['GET /openapi/v3?timeout=32s 401 Unauthorized', 'GET /openapi/v2?timeout=32s 401 Unauthorized']);
    expect(out.stderr.split('\n').slice(-2)).toEqual([
      'error: error validating "STDIN": error validating data: failed to download openapi: the server has asked for the client to provide credentials; if you choose to ignore these errors, turn validation off with --validate=false',
      '',
    ]);
  });
});

describe('kubectl explain asks for the same documents with the same timeout', () => {
  it('GET /openapi/v3?timeout=32s, then the document with ?hash=...&timeout=32s (kubectl v1.31.9 explain pods -v=6 against kubeplay serve)', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    c.run('kubectl get pods');
    const out = c.run('kubectl explain pods -v=6');
    expect(requests(out.stderr)).toEqual(['GET /openapi/v3?timeout=32s 200 OK', 'GET /openapi/v3/api/v1?hash=H&timeout=32s 200 OK']);
  });
});
