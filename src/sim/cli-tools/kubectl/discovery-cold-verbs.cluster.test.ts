// cordon, uncordon, drain, cluster-info, run and delete -f map a type through the discovery cache before their
// work, as `get` does (discovery-cache-cold.cluster.test.ts), so on a cold cache they fetch GET /api
// and /apis first; when discovery fails each asks again as often as its own mapping calls it
// (discovery-retry.ts). Sources: kubectl/pkg/cmd/drain/drain.go (RunCordonOrUncordon and RunDrain:
// the builder's ResourceNames("nodes", ...)), kubectl/pkg/cmd/clusterinfo/clusterinfo.go (the
// builder's ResourceTypeOrNameArgs(false, "services")), kubectl/pkg/cmd/run/run.go
// (createGeneratedObject: mapper.RESTMapping, Create without a validation directive),
// kubectl/pkg/cmd/delete/delete.go (the builder over -f maps each object),
// kubectl/pkg/drain/drain.go (CheckEvictionSupport: GET /api/v1 before evicting), client-go
// discovery/cached/memory/memcache.go and restmapper/shortcut.go.
//
// REAL holds what kubectl v1.31.9 printed against `kubeplay serve` (default scenario), each command
// with a fresh cache: `kubectl.1.31 --cache-dir $(mktemp -d) -v=6 <command>` (request lines, host,
// klog header and duration left out), and with a kubeconfig user whose token is `bogus`, `-v=3`
// (the count of memcache.go:265 lines, and after which one shortcut.go:103 came).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { verboseLines } from './discovery-cache-testing';
import { MULTI, requests } from './commands/openapi-testing';

const DISCOVERY = ['GET /api?timeout=32s 200 OK', 'GET /apis?timeout=32s 200 OK'];

const REAL: { command: string; requests: string[]; attempts: number; shortcutAfter: number }[] = [
  { command: 'cordon worker-1', requests: [...DISCOVERY, 'GET /api/v1/nodes/worker-1 200 OK', 'PATCH /api/v1/nodes/worker-1 200 OK'], attempts: 4, shortcutAfter: 1 },
  { command: 'uncordon worker-1', requests: [...DISCOVERY, 'GET /api/v1/nodes/worker-1 200 OK', 'PATCH /api/v1/nodes/worker-1 200 OK'], attempts: 4, shortcutAfter: 1 },
  {
    command: 'cluster-info',
    requests: [...DISCOVERY, 'GET /api/v1/namespaces/kube-system/services?labelSelector=kubernetes.io%2Fcluster-service%3Dtrue 200 OK'],
    attempts: 5,
    shortcutAfter: 2,
  },
  { command: 'run nginx1 --image=nginx', requests: [...DISCOVERY, 'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-run 201 Created'], attempts: 1, shortcutAfter: 0 },
  {
    // nginx1 runs on worker-3 (the other workers were cordoned while it was scheduled).
    command: 'drain worker-3 --ignore-daemonsets --force',
    requests: [
      ...DISCOVERY,
      'GET /api/v1/nodes/worker-3 200 OK',
      'PATCH /api/v1/nodes/worker-3 200 OK',
      'GET /api/v1/pods?fieldSelector=spec.nodeName%3Dworker-3&limit=500 200 OK',
      'GET /apis/apps/v1/namespaces/kube-system/daemonsets/kube-proxy 200 OK',
      'GET /api/v1 200 OK',
      'POST /api/v1/namespaces/default/pods/nginx1/eviction 201 Created',
      'GET /api/v1/namespaces/default/pods/nginx1 200 OK',
      'GET /api/v1/namespaces/default/pods/nginx1 404 Not Found',
    ],
    attempts: 4,
    shortcutAfter: 1,
  },
];

type Cluster = ReturnType<typeof buildCluster>;

/** A fresh --cache-dir for the next command: kubectl's discovery cache forgotten. */
function coldCache(c: Cluster): void {
  const st = c.sim.process('kubectl')!.state as { discovery?: string[]; discoveryWrittenAt?: number };
  st.discovery = undefined;
  st.discoveryWrittenAt = undefined;
}

function cluster(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }, { name: 'worker-3' }], users: [{ name: 'jane' }] }, { seed: 3 });
  c.sim.runUntil(c.sim.now + 20_000);
  return c;
}

describe('on a cold discovery cache these verbs fetch /api and /apis before their work', () => {
  it('cordon, uncordon, cluster-info, run and drain send the requests real kubectl sent, in its order', () => {
    const c = cluster();
    for (const { command, requests: real } of REAL) {
      const isRun = command.startsWith('run');
      if (isRun) for (const w of ['worker-1', 'worker-2']) c.run(`kubectl cordon ${w}`);
      coldCache(c);
      const out = c.run(`kubectl ${command} -v=6`);
      expect({ command, exitCode: out.exitCode, requests: requests(out.stderr) }).toEqual({ command, exitCode: 0, requests: real });
      if (isRun) for (const w of ['worker-1', 'worker-2']) c.run(`kubectl uncordon ${w}`);
    }
  });

  // kubectl v1.31.9 -v=6 delete -f multi.yaml --wait=false (a Deployment, a Service and a ConfigMap
  // that exist), fresh --cache-dir: the builder maps the file's objects (delete.go), no OpenAPI.
  it('delete -f fetches discovery before its DELETEs', () => {
    const c = cluster();
    expect(c.run('kubectl create -f multi.yaml', { files: { 'multi.yaml': MULTI } }).exitCode).toBe(0);
    coldCache(c);
    const out = c.run('kubectl delete -f multi.yaml --wait=false -v=6', { files: { 'multi.yaml': MULTI } });
    expect(requests(out.stderr)).toEqual([
      ...DISCOVERY,
      'DELETE /apis/apps/v1/namespaces/default/deployments/d1 200 OK',
      'DELETE /api/v1/namespaces/default/services/s1 200 OK',
      'DELETE /api/v1/namespaces/default/configmaps/cm1 200 OK',
    ]);
  });

  it('a warm cache sends no discovery: cordon is its GET and PATCH only', () => {
    const c = cluster();
    c.run('kubectl get nodes');
    expect(requests(c.run('kubectl cordon worker-1 -v=6').stderr)).toEqual(['GET /api/v1/nodes/worker-1 200 OK', 'PATCH /api/v1/nodes/worker-1 200 OK']);
  });
});

describe('a failing discovery is asked for as often as each verb maps', () => {
  it.each(REAL.map((r) => [r.command, r.attempts, r.shortcutAfter] as const))('`kubectl %s` with a wrong token: %i attempts', (command, attempts, shortcutAfter) => {
    const c = cluster();
    const out = c.run(`kubectl ${command} --user=jane --token=bogus -v=3`);
    const lines = verboseLines(out.stderr).map((l) => l.replace(/^[EI]\d{4} [\d:.]+ +\d+ /, ''));
    expect(lines.filter((l) => l.startsWith('memcache.go:265]'))).toHaveLength(attempts);
    const shortcut = lines.findIndex((l) => l.startsWith('shortcut.go:103]'));
    expect(shortcut < 0 ? 0 : lines.slice(0, shortcut).filter((l) => l.startsWith('memcache.go:265]')).length).toBe(shortcutAfter);
    expect(out.exitCode).toBe(1);
    expect(lines.at(-2)).toBe('error: You must be logged in to the server (the server has asked for the client to provide credentials)');
  });

  it('cluster-info still prints its hint on stdout (Run writes it before returning the error)', () => {
    const c = cluster();
    expect(c.run('kubectl cluster-info --user=jane --token=bogus').stdout).toBe("\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
  });
});

// kubectl v1.31.9 with a kubeconfig user whose token is `bogus`, fresh --cache-dir, -v=3: each -f
// object is mapped on its own (the builder's mappingFor, ContinueOnError), so each asks discovery
// once and fails with `unable to recognize "FILE": ...`: delete -f, create -f --validate=false and
// replace -f --validate=false of multi.yaml printed three memcache.go:265 lines, then three such
// lines without `error: `; apply -f pod.yaml --validate=false one, then `error: unable to recognize ...`.
describe('-f objects that cannot be mapped because discovery fails', () => {
  const UNRECOGNIZED = (file: string) => `unable to recognize "${file}": the server has asked for the client to provide credentials`;
  it.each([
    ['delete -f multi.yaml --wait=false', 3, [UNRECOGNIZED('multi.yaml'), UNRECOGNIZED('multi.yaml'), UNRECOGNIZED('multi.yaml')]],
    ['replace -f multi.yaml --validate=false', 3, [UNRECOGNIZED('multi.yaml'), UNRECOGNIZED('multi.yaml'), UNRECOGNIZED('multi.yaml')]],
    ['apply -f pod.yaml --validate=false', 1, [`error: ${UNRECOGNIZED('pod.yaml')}`]],
  ] as const)('`kubectl %s`: %i attempts, then each object unrecognized', (command, attempts, tail) => {
    const c = cluster();
    const files = { 'multi.yaml': MULTI, 'pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c, image: nginx}]\n' };
    const out = c.run(`kubectl ${command} --user=jane --token=bogus -v=3`, { files });
    const lines = verboseLines(out.stderr).map((l) => l.replace(/^[EI]\d{4} [\d:.]+ +\d+ /, ''));
    expect(lines.filter((l) => l.startsWith('memcache.go:265]'))).toHaveLength(attempts);
    expect(lines.filter((l) => l.startsWith('shortcut.go'))).toEqual([]);
    expect(lines.slice(-tail.length - 1, -1)).toEqual(tail);
    expect(out.exitCode).toBe(1);
  });
});
