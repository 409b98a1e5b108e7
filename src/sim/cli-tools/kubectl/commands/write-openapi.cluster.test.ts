// create -f and replace -f validate each object against its OpenAPI v3 document before writing it,
// as apply -f does (apply-openapi.cluster.test.ts), but their resource builder streams: each object
// is validated and mapped just before its own write. apply of an object that exists fetches the
// document for its patch when validation did not (--validate=false). Sources: kubectl/pkg/cmd/create/create.go
// and kubectl/pkg/cmd/replace/replace.go (the builder with Schema, Visit per object; forceReplace's
// delete pass has no Schema), kubectl/pkg/cmd/apply/patcher.go (OpenAPIV3Root for the strategic
// merge patch), kubectl/pkg/cmd/util/factory_client_access.go Validator, client-go openapi/cached.
//
// REAL holds what kubectl v1.31.9 printed against `kubeplay serve` (default scenario) with
// `kubectl.1.31 --cache-dir $(mktemp -d) -v=6 <command>`, one command after the other as listed
// (request lines; host, klog header, duration and the documents' hash left out).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { MULTI, POD, requests } from './openapi-testing';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm1}\ndata: {a: c}\n';

const ROOT = 'GET /openapi/v3?timeout=32s 200 OK';
const CORE_DOC = 'GET /openapi/v3/api/v1?hash=H&timeout=32s 200 OK';
const APPS_DOC = 'GET /openapi/v3/apis/apps/v1?hash=H&timeout=32s 200 OK';
const DISCOVERY = ['GET /api?timeout=32s 200 OK', 'GET /apis?timeout=32s 200 OK'];
const NS = '/namespaces/default';
const CREATE = 'fieldManager=kubectl-create&fieldValidation=Strict';
const REPLACE = 'fieldManager=kubectl-replace&fieldValidation=Strict';
const CSA_IGNORE = 'fieldManager=kubectl-client-side-apply&fieldValidation=Ignore';

const REAL: { command: string; requests: string[] }[] = [
  { command: 'create -f pod.yaml', requests: [ROOT, CORE_DOC, ...DISCOVERY, `POST /api/v1${NS}/pods?${CREATE} 201 Created`] },
  {
    command: 'create -f multi.yaml',
    requests: [
      ROOT, APPS_DOC, ...DISCOVERY, `POST /apis/apps/v1${NS}/deployments?${CREATE} 201 Created`,
      CORE_DOC, `POST /api/v1${NS}/services?${CREATE} 201 Created`, `POST /api/v1${NS}/configmaps?${CREATE} 201 Created`,
    ],
  },
  { command: 'create -f pod.yaml --validate=false', requests: [...DISCOVERY, `POST /api/v1${NS}/pods?fieldManager=kubectl-create&fieldValidation=Ignore 409 Conflict`] },
  { command: 'replace -f pod.yaml', requests: [ROOT, CORE_DOC, ...DISCOVERY, `GET /api/v1${NS}/pods/web 200 OK`, `PUT /api/v1${NS}/pods/web?${REPLACE} 422 Unprocessable Entity`] },
  {
    command: 'replace -f multi.yaml',
    requests: [
      ROOT, APPS_DOC, ...DISCOVERY, `GET /apis/apps/v1${NS}/deployments/d1 200 OK`, `PUT /apis/apps/v1${NS}/deployments/d1?${REPLACE} 422 Unprocessable Entity`,
      CORE_DOC, `GET /api/v1${NS}/services/s1 200 OK`, `PUT /api/v1${NS}/services/s1?${REPLACE} 422 Unprocessable Entity`,
      `GET /api/v1${NS}/configmaps/cm1 200 OK`, `PUT /api/v1${NS}/configmaps/cm1?${REPLACE} 200 OK`,
    ],
  },
  {
    command: 'replace --force -f cm.yaml',
    requests: [
      ...DISCOVERY, `DELETE /api/v1${NS}/configmaps/cm1 200 OK`, `GET /api/v1${NS}/configmaps/cm1 404 Not Found`,
      ROOT, CORE_DOC, `POST /api/v1${NS}/configmaps?${REPLACE} 201 Created`,
    ],
  },
  { command: 'replace -f cm.yaml --dry-run=client', requests: [ROOT, CORE_DOC, ...DISCOVERY] },
  {
    command: 'apply -f multi.yaml --validate=false',
    requests: [
      ...DISCOVERY, `GET /apis/apps/v1${NS}/deployments/d1 200 OK`, ROOT, APPS_DOC, `PATCH /apis/apps/v1${NS}/deployments/d1?${CSA_IGNORE} 200 OK`,
      `GET /api/v1${NS}/services/s1 200 OK`, CORE_DOC, `PATCH /api/v1${NS}/services/s1?${CSA_IGNORE} 200 OK`,
      `GET /api/v1${NS}/configmaps/cm1 200 OK`, `PATCH /api/v1${NS}/configmaps/cm1?${CSA_IGNORE} 200 OK`,
    ],
  },
  {
    command: 'apply -f multi.yaml',
    requests: [ROOT, APPS_DOC, ...DISCOVERY, CORE_DOC, `GET /apis/apps/v1${NS}/deployments/d1 200 OK`, `GET /api/v1${NS}/services/s1 200 OK`, `GET /api/v1${NS}/configmaps/cm1 200 OK`],
  },
  { command: 'apply -f pod.yaml', requests: [ROOT, CORE_DOC, ...DISCOVERY, `GET /api/v1${NS}/pods/web 200 OK`, `PATCH /api/v1${NS}/pods/web?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 200 OK`] },
  { command: 'apply -f pod.yaml --validate=false', requests: [...DISCOVERY, `GET /api/v1${NS}/pods/web 200 OK`, ROOT, CORE_DOC] },
];


describe('create -f, replace -f and apply -f ask for OpenAPI where real kubectl does', () => {
  it('each command, on a fresh discovery cache, sends the requests kubectl v1.31.9 sent, in its order', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    c.sim.runUntil(c.sim.now + 20_000);
    const files = { 'pod.yaml': POD, 'multi.yaml': MULTI, 'cm.yaml': CM };
    for (const { command, requests: real } of REAL) {
      const st = c.sim.process('kubectl')!.state as { discovery?: string[]; discoveryWrittenAt?: number };
      st.discovery = undefined;
      st.discoveryWrittenAt = undefined;
      const out = c.run(`kubectl ${command} -v=6`, { files });
      expect({ command, requests: requests(out.stderr) }).toEqual({ command, requests: real });
    }
  });

  it('the requests of create -f are messages from kubectl to kube-apiserver in the trace', () => {
    const c = buildCluster({ nodes: [] }, { seed: 3 });
    const from = c.sim.now;
    c.run('kubectl create -f pod.yaml', { files: { 'pod.yaml': POD } });
    const sent = c.sim.world.trace.filter((r) => r.time >= from && r.from === 'kubectl' && r.type === 'http.request').map((r) => r.summary.replace(/hash=[0-9A-F]{16}/, 'hash=H'));
    expect(sent).toEqual(['GET /openapi/v3?timeout=32s', 'GET /openapi/v3/api/v1?hash=H&timeout=32s', 'GET /api?timeout=32s', 'GET /apis?timeout=32s', `POST /api/v1${NS}/pods?${CREATE}`]);
  });

  // kubectl v1.31.9 -v=6 replace -f pod.yaml with a kubeconfig user whose token is `bogus` (create -f
  // printed the same; the simulated create takes --user as create rolebinding's flag, so it is not tried here).
  it.each(['replace'])('%s -f with a wrong token stops at the OpenAPI download, as apply does', (verb) => {
    const c = buildCluster({ nodes: [], users: [{ name: 'jane' }] }, { seed: 3 });
    const out = c.run(`kubectl ${verb} -f pod.yaml --user=jane --token=bogus -v=6`, { files: { 'pod.yaml': POD } });
    expect(requests(out.stderr)).toEqual(['GET /openapi/v3?timeout=32s 401 Unauthorized', 'GET /openapi/v2?timeout=32s 401 Unauthorized']);
    expect(out.stderr.split('\n').slice(-2)).toEqual([
      'error: error validating "pod.yaml": error validating data: failed to download openapi: the server has asked for the client to provide credentials; if you choose to ignore these errors, turn validation off with --validate=false',
      '',
    ]);
  });
});
