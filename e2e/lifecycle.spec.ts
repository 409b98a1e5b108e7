// Acceptance, issue 3, first point: pods applied from the terminal and the YAML tab appear in the
// worker regions and turn Running, and the dots show who talks to whom on the way: kubectl only to
// the apiserver, only the apiserver to etcd, then the scheduler (a binding) and a kubelet driving its
// containerd.

import {
  applyYaml,
  expect,
  gotoApp,
  pod,
  recordedDots,
  regionOf,
  setSpeed,
  shot,
  startDotRecorder,
  test,
  typeCommand,
  waitPodStatus,
} from './helpers';

const THREE_PODS = `apiVersion: v1
kind: Pod
metadata:
  name: api-1
spec:
  containers:
    - name: app
      image: nginx:1.25
---
apiVersion: v1
kind: Pod
metadata:
  name: api-2
spec:
  containers:
    - name: app
      image: nginx:1.25
---
apiVersion: v1
kind: Pod
metadata:
  name: api-3
spec:
  containers:
    - name: app
      image: nginx:1.25
`;

test('a pod run from the terminal lands in a worker region, turns Running, and its messages travel kubectl -> apiserver -> etcd, then scheduler and kubelet -> containerd', async ({ page }) => {
  await gotoApp(page);
  await shot(page, '01-idle-cluster');

  // 1x: the worker slows the clock while a message is on the wire, so each dot stays ~250 ms.
  await startDotRecorder(page);
  const out = await typeCommand(page, 'kubectl run web --image=nginx:1.25', { expectOutput: /pod\/web created/ });
  expect(out).toBe('pod/web created\n');
  await expect(pod(page, 'default', 'web')).toBeVisible();
  await shot(page, '02-web-created');

  await waitPodStatus(page, 'default', 'web', 'Running', 60_000);
  await expect(pod(page, 'default', 'web')).toHaveAttribute('data-ready', '1/1');
  expect(await regionOf(page, pod(page, 'default', 'web'))).toMatch(/^worker-\d$/);
  await shot(page, '03-web-running');

  const dots = await recordedDots(page);
  const routes = (from: RegExp, to: RegExp) => dots.filter((d) => from.test(d.from) && to.test(d.to));
  const firstAt = (from: RegExp, to: RegExp) => routes(from, to)[0]?.at ?? Infinity;
  // kubectl talks to the apiserver only; the apiserver is the only one that talks to etcd.
  expect(routes(/^kubectl$/, /^kube-apiserver$/).map((d) => d.summary)).toContainEqual(expect.stringMatching(/^POST \/api\/v1\/namespaces\/default\/pods/));
  expect(routes(/^kubectl$/, /./).every((d) => d.to === 'kube-apiserver')).toBe(true);
  expect(routes(/^kube-apiserver$/, /^etcd\//).map((d) => d.summary)).toContainEqual('Txn create /registry/pods/default/web');
  // ... and back: etcd answers the apiserver, the apiserver answers kubectl.
  expect(routes(/^etcd\//, /^kube-apiserver$/).length).toBeGreaterThan(0);
  expect(routes(/^kube-apiserver$/, /^kubectl$/).map((d) => d.summary)).toContainEqual('201 Created pod/web');
  // kubectl run asks for discovery first (GET /api, /apis), which kube-apiserver answers on its own;
  // the create's 201 comes after etcd has answered the apiserver's Txn.
  const txnAt = routes(/^kube-apiserver$/, /^etcd\//).find((d) => d.summary === 'Txn create /registry/pods/default/web')!.at;
  const createdAt = routes(/^kube-apiserver$/, /^kubectl$/).find((d) => d.summary === '201 Created pod/web')!.at;
  expect(routes(/^etcd\//, /^kube-apiserver$/).some((d) => d.at > txnAt && d.at < createdAt)).toBe(true);
  expect(dots.filter((d) => d.to.startsWith('etcd/') && d.from !== 'kube-apiserver' && !d.from.startsWith('etcd/'))).toEqual([]);
  // The scheduler writes a binding through the apiserver; a kubelet then has its containerd do the work.
  expect(routes(/^kube-scheduler$/, /^kube-apiserver$/).map((d) => d.summary)).toContainEqual(expect.stringMatching(/binding/));
  expect(routes(/^kubelet\//, /^containerd\//).map((d) => d.summary)).toContainEqual(expect.stringMatching(/RunPodSandbox/));
  // And in that order.
  const order = [
    firstAt(/^kubectl$/, /^kube-apiserver$/),
    firstAt(/^kube-apiserver$/, /^etcd\//),
    firstAt(/^kube-scheduler$/, /^kube-apiserver$/),
    firstAt(/^kubelet\//, /^containerd\//),
  ];
  expect(order).toEqual([...order].sort((a, b) => a - b));
  console.log(`dots seen: ${dots.length}; first kubectl->apiserver, apiserver->etcd, scheduler->apiserver, kubelet->containerd at ${order.map((t) => t.toFixed(3)).join(', ')} ms`);
});

test('three pods applied from the YAML tab spread over the workers and all turn Running', async ({ page }) => {
  await gotoApp(page);
  await setSpeed(page, 5);
  await applyYaml(page, THREE_PODS);
  for (const name of ['api-1', 'api-2', 'api-3']) await expect(pod(page, 'default', name)).toBeVisible();
  await shot(page, '04-three-pods-applied');
  for (const name of ['api-1', 'api-2', 'api-3']) await waitPodStatus(page, 'default', name, 'Running', 60_000);
  const regions = [];
  for (const name of ['api-1', 'api-2', 'api-3']) regions.push(await regionOf(page, pod(page, 'default', name)));
  for (const r of regions) expect(r).toMatch(/^worker-\d$/);
  console.log(`regions: ${regions.join(', ')}`);
  await shot(page, '05-three-pods-running');
  const text = await typeCommand(page, 'kubectl get pods', { expectOutput: /api-3/ });
  expect(text).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\n/);
  for (const name of ['api-1', 'api-2', 'api-3']) expect(text).toMatch(new RegExp(`^${name}\\s+1/1\\s+Running\\s+0\\s`, 'm'));
});
