// The requests of the verbs that GET an object and then PATCH it (patch-object.ts), against those
// real kubectl sent. `scale` patches the scale subresource with a merge patch and no field manager
// (kubectl/pkg/scale/scale.go ScaleWithRetries: scaleClient.Patch with PatchOptions{DryRun} only);
// label, annotate, set image and rollout restart patch the object with their field manager.
// REAL: kubectl v1.31.9 against `kubeplay serve` (default scenario, a Deployment d1 created first),
// `kubectl.1.31 --cache-dir $(mktemp -d) -v=6 <command>`: request lines, host, klog header and
// duration left out.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { MULTI, requests } from './openapi-testing';

const DISCOVERY = ['GET /api?timeout=32s 200 OK', 'GET /apis?timeout=32s 200 OK'];
const D1 = '/apis/apps/v1/namespaces/default/deployments/d1';

const REAL: [string, string[]][] = [
  ['scale deployment d1 --replicas=2', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}/scale 200 OK`]],
  ['scale deployment d1 --replicas=3 --dry-run=server', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}/scale?dryRun=All 200 OK`]],
  ['label deployment d1 tier=front', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}?fieldManager=kubectl-label 200 OK`]],
  ['annotate deployment d1 note=x', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}?fieldManager=kubectl-annotate 200 OK`]],
  ['set image deployment/d1 c=nginx:1.27', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}?fieldManager=kubectl-set 200 OK`]],
  ['rollout restart deployment/d1', [...DISCOVERY, `GET ${D1} 200 OK`, `PATCH ${D1}?fieldManager=kubectl-rollout 200 OK`]],
];

describe('scale, label, annotate, set image and rollout restart send what real kubectl sends', () => {
  it('each, on a fresh discovery cache, in its order; scale changes the replicas through the scale subresource', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl create -f multi.yaml', { files: { 'multi.yaml': MULTI } }).exitCode).toBe(0);
    for (const [command, real] of REAL) {
      const st = c.sim.process('kubectl')!.state as { discovery?: string[]; discoveryWrittenAt?: number };
      st.discovery = undefined;
      st.discoveryWrittenAt = undefined;
      const out = c.run(`kubectl ${command} -v=6`);
      expect({ command, exitCode: out.exitCode, requests: requests(out.stderr) }).toEqual({ command, exitCode: 0, requests: real });
    }
    expect(c.run('kubectl get deployment d1 -o jsonpath={.spec.replicas}').stdout).toBe('2');
  });
});
