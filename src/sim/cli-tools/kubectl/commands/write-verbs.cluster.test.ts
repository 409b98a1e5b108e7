// The writing verbs learners type, on one simulated cluster booted once for the file (each case
// works on its own objects, so the order of cases does not matter): kubectl patch
// (kubectl/pkg/cmd/patch/patch.go), --dry-run=client|server (cmdutil.GetDryRunStrategy,
// PrintFlagsWithDryRunStrategy; apiserver/pkg/registry/generic/registry/dryrun.go), label and
// annotate with key- and selectors (pkg/cmd/label/label.go, pkg/cmd/annotate/annotate.go), delete -l
// (pkg/cmd/delete/delete.go), wait (pkg/cmd/wait), replace (pkg/cmd/replace), diff (pkg/cmd/diff)
// and edit (pkg/cmd/edit). Expected texts are kubectl v1.31.9's, as
// /usr/lib/google-cloud-sdk/bin/kubectl.1.31 prints them (src/serve/kubectl-compare.test.ts
// compares a few byte for byte).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../../cluster';

let c: Cluster;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 11 });
  c.sim.runUntil(c.sim.now + 5_000);
});

const deploy = (name: string): void => {
  expect(c.run(`kubectl create deployment ${name} --image=nginx:1.25`).stdout).toBe(`deployment.apps/${name} created\n`);
};
const jsonpath = (what: string, path: string): string => c.run(`kubectl get ${what} -o jsonpath={${path}}`).stdout;

describe('kubectl patch (patch.go)', () => {
  it('merges a strategic patch into the containers list by name and says patched, then (no change)', () => {
    deploy('p1');
    const patch = `kubectl patch deployment p1 -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`;
    expect(c.run(patch)).toMatchObject({ stdout: 'deployment.apps/p1 patched\n', stderr: '', exitCode: 0 });
    expect(jsonpath('deploy p1', '.spec.template.spec.containers[*].name')).toBe('nginx');
    expect(jsonpath('deploy p1', '.spec.template.spec.containers[0].image')).toBe('nginx:1.26');
    expect(c.run(patch)).toMatchObject({ stdout: 'deployment.apps/p1 patched (no change)\n', exitCode: 0 });
  });

  it('takes YAML, a merge patch and a JSON patch', () => {
    deploy('p2');
    expect(c.run("kubectl patch deploy/p2 -p 'metadata: {labels: {tier: web}}'").stdout).toBe('deployment.apps/p2 patched\n');
    expect(c.run(`kubectl patch deploy p2 --type merge -p '{"spec":{"replicas":2}}'`).stdout).toBe('deployment.apps/p2 patched\n');
    expect(c.run(`kubectl patch deploy p2 --type=json -p '[{"op":"replace","path":"/spec/replicas","value":3}]'`).stdout).toBe('deployment.apps/p2 patched\n');
    expect(jsonpath('deploy p2', '.spec.replicas') + jsonpath('deploy p2', '.metadata.labels.tier')).toBe('3web');
  });

  it.each([
    ['no patch', 'kubectl patch deploy x', 'error: must specify --patch or --patch-file containing the contents of the patch\n'],
    ['an unknown --type', `kubectl patch deploy x --type foo -p '{}'`, 'error: --type must be one of [json merge strategic], not "foo"\n'],
    ['a missing object', `kubectl patch deploy nope -p '{"spec":{}}'`, 'Error from server (NotFound): deployments.apps "nope" not found\n'],
    [
      'a JSON patch whose operation does not apply',
      `kubectl patch pod nope-pod --type json -p '[{"op":"remove","path":"/spec/foo"}]'`,
      'Error from server (NotFound): pods "nope-pod" not found\n',
    ],
  ])('fails on %s as kubectl does', (_name, line, stderr) => {
    expect(c.run(line)).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });

  it('refuses a JSON patch that does not apply with the server\'s 422 (handlers/patch.go)', () => {
    deploy('p3');
    expect(c.run(`kubectl patch deploy p3 --type json -p '[{"op":"remove","path":"/spec/foo"}]'`)).toMatchObject({
      stdout: '',
      stderr: 'The request is invalid: the server rejected our request due to an error in our request\n',
      exitCode: 1,
    });
  });

  it('with --dry-run=client or server changes nothing (and, as kubectl v1.31, prints no dry-run suffix)', () => {
    deploy('p4');
    expect(c.run(`kubectl patch deploy p4 --type merge -p '{"spec":{"replicas":4}}' --dry-run=client`).stdout).toBe('deployment.apps/p4 patched\n');
    expect(c.run(`kubectl patch deploy p4 --type merge -p '{"spec":{"replicas":4}}' --dry-run=server`).stdout).toBe('deployment.apps/p4 patched\n');
    expect(jsonpath('deploy p4', '.spec.replicas')).toBe('1');
  });
});

describe('--dry-run=client|server (helpers.go GetDryRunStrategy; registry/generic/registry/dryrun.go)', () => {
  it.each([
    ['create -f', 'kubectl create -f cm.yaml', 'configmap/d1 created'],
    ['apply -f', 'kubectl apply -f cm.yaml', 'configmap/d1 created'],
    ['create configmap', 'kubectl create configmap d1 --from-literal=a=b', 'configmap/d1 created'],
    ['create deployment', 'kubectl create deployment d1 --image=nginx:1.25', 'deployment.apps/d1 created'],
    ['run', 'kubectl run d1 --image=nginx:1.25', 'pod/d1 created'],
  ])('%s says (dry run) or (server dry run) and stores nothing', (_name, line, said) => {
    const files = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d1\ndata:\n  a: b\n' };
    expect(c.run(`${line} --dry-run=client`, { files })).toMatchObject({ stdout: `${said} (dry run)\n`, exitCode: 0 });
    expect(c.run(`${line} --dry-run=server`, { files })).toMatchObject({ stdout: `${said} (server dry run)\n`, exitCode: 0 });
    expect(c.run('kubectl get cm,deploy,pods d1').stderr).toMatch(/NotFound/);
  });

  it('runs admission and validation on a server dry run: an invalid object is refused as by a real create', () => {
    expect(c.run('kubectl run Bad_Name --image=nginx --dry-run=server')).toMatchObject({ stdout: '', exitCode: 1 });
    expect(c.run('kubectl run Bad_Name --image=nginx --dry-run=client')).toMatchObject({ stdout: 'pod/Bad_Name created (dry run)\n', exitCode: 0 });
  });

  it('apply --dry-run=client says configured (dry run) for an existing object, changed or not (apply.go applyOneObject)', () => {
    const files = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d3\n' };
    c.run('kubectl apply -f cm.yaml', { files });
    expect(c.run('kubectl apply -f cm.yaml --dry-run=client', { files })).toMatchObject({ stdout: 'configmap/d3 configured (dry run)\n', stderr: '' });
    expect(c.run('kubectl apply -f cm.yaml --dry-run=server', { files }).stdout).toBe('configmap/d3 unchanged (server dry run)\n');
  });

  it('refuses a value that is none of none, client, server', () => {
    expect(c.run('kubectl delete pod x --dry-run=maybe')).toMatchObject({
      stderr: 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n',
      exitCode: 1,
    });
  });

  it('deletes, labels and scales nothing on a dry run', () => {
    deploy('d2');
    expect(c.run('kubectl delete deploy d2 --dry-run=client').stdout).toBe('deployment.apps "d2" deleted (dry run)\n');
    expect(c.run('kubectl delete deploy d2 --dry-run=server').stdout).toBe('deployment.apps "d2" deleted (server dry run)\n');
    expect(c.run('kubectl label deploy d2 tier=web --dry-run=server').stdout).toBe('deployment.apps/d2 labeled (server dry run)\n');
    expect(c.run('kubectl annotate deploy d2 note=x --dry-run=client').stdout).toBe('deployment.apps/d2 annotated (dry run)\n');
    expect(c.run('kubectl scale deploy d2 --replicas=3 --dry-run=server').stdout).toBe('deployment.apps/d2 scaled (server dry run)\n');
    expect(jsonpath('deploy d2', '.spec.replicas') + jsonpath('deploy d2', '.metadata.labels.tier')).toBe('1');
  });
});

describe('label and annotate key-, --all and -l (label.go, annotate.go); delete -l and --all (delete.go)', () => {
  it('removes a label (unlabeled), says when it is not there, and with --overwrite says labeled', () => {
    c.run('kubectl run l1 --image=nginx:1.25 --labels=app=l1,tier=web');
    expect(c.run('kubectl label pod l1 tier-').stdout).toBe('pod/l1 unlabeled\n');
    expect(c.run('kubectl label pod l1 tier-').stdout).toBe('label "tier" not found.\npod/l1 not labeled\n');
    expect(c.run('kubectl label pod l1 app- --overwrite').stdout).toBe('pod/l1 labeled\n');
  });

  it('removes an annotation (annotated)', () => {
    c.run('kubectl run l2 --image=nginx:1.25 --labels=app=l2');
    c.run('kubectl annotate pod l2 note=x');
    expect(c.run('kubectl annotate pod l2 note-').stdout).toBe('pod/l2 annotated\n');
    expect(jsonpath('pod l2', '.metadata.annotations.note')).toBe('');
  });

  it('labels the pods a selector picks, and all of them with --all', () => {
    c.run('kubectl run s1 --image=nginx:1.25 --labels=group=s');
    c.run('kubectl run s2 --image=nginx:1.25 --labels=group=s');
    expect(c.run('kubectl label pods -l group=s color=blue').stdout).toBe('pod/s1 labeled\npod/s2 labeled\n');
    expect(c.run('kubectl annotate pods -l group=s,color=blue note=y').stdout).toBe('pod/s1 annotated\npod/s2 annotated\n');
    expect(c.run('kubectl label pods --all seen=yes --dry-run=client').stdout).toMatch(/^pod\/\S+ labeled \(dry run\)\n(pod\/\S+ labeled \(dry run\)\n)+$/);
    expect(c.run('kubectl delete pods -l group=s --wait=false').stdout).toBe('pod "s1" deleted\npod "s2" deleted\n');
    expect(c.run('kubectl delete pods -l group=nobody').stdout).toBe('No resources found\n');
  });

  it.each([
    ['--all with -l', 'kubectl label pods --all -l a=b x=y', 'error: cannot set --all and --selector at the same time\n'],
    ['no resource', 'kubectl label x=y', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'],
    ['no change', 'kubectl label pod l1', 'error: at least one label update is required\n'],
    ['a resource after a change', 'kubectl label pod x=y l1', 'error: all resources must be specified before label changes: l1\n'],
    ['a type without a name or selector', 'kubectl label pods x=y', 'error: resource(s) were provided, but no name was specified\n'],
  ])('refuses %s', (_name, line, stderr) => {
    expect(c.run(line)).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });
});

describe('kubectl wait (pkg/cmd/wait: condition.go, delete.go, json.go)', () => {
  it('waits for a condition, a JSONPath value and a deletion, and says condition met', () => {
    c.run('kubectl run w1 --image=nginx:1.25');
    expect(c.run('kubectl wait --for=condition=Ready pod/w1 --timeout=60s')).toMatchObject({ stdout: 'pod/w1 condition met\n', exitCode: 0 });
    expect(c.run("kubectl wait --for=jsonpath='{.status.phase}'=Running pod w1")).toMatchObject({ stdout: 'pod/w1 condition met\n', exitCode: 0 });
    expect(c.run('kubectl wait --for=jsonpath={.spec.containers[0].image} pod/w1').stdout).toBe('pod/w1 condition met\n');
    c.run('kubectl delete pod w1 --wait=false');
    expect(c.run('kubectl wait --for=delete pod/w1 --timeout=60s')).toMatchObject({ stdout: 'pod/w1 condition met\n', exitCode: 0 });
    expect(c.run('kubectl wait --for=delete pod/w1')).toMatchObject({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('gives up at the timeout with wait.ErrWaitTimeout on the object', () => {
    deploy('w2');
    const started = c.sim.now;
    expect(c.run('kubectl wait --for=condition=Nope deploy/w2 --timeout=3s')).toMatchObject({
      stdout: '',
      stderr: 'error: timed out waiting for the condition on deployments/w2\n',
      exitCode: 1,
    });
    expect(c.sim.now - started).toBeGreaterThanOrEqual(3_000);
    expect(c.run('kubectl wait --for=condition=Nope deploy/w2 --timeout=0')).toMatchObject({ stderr: 'error: condition not met for deployments/w2\n', exitCode: 1 });
  });

  it('waits for every pod a selector picks', () => {
    c.run('kubectl run w3 --image=nginx:1.25 --labels=wait=me');
    c.run('kubectl run w4 --image=nginx:1.25 --labels=wait=me');
    expect(c.run('kubectl wait --for=condition=Ready pods -l wait=me').stdout).toBe('pod/w3 condition met\npod/w4 condition met\n');
  });

  it.each([
    ['an unknown condition', 'kubectl wait --for=ready pod/x', 'error: unrecognized condition: "ready"\n'],
    ['a JSONPath wait with an empty value', "kubectl wait --for=jsonpath='{.a}'= pod/x", "error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3\n"],
    ['a missing object', 'kubectl wait --for=condition=Ready pod/none', 'Error from server (NotFound): pods "none" not found\n'],
    ['a selector that matches nothing', 'kubectl wait --for=condition=Ready pods -l wait=nobody', 'error: no matching resources found\n'],
  ])('refuses %s', (_name, line, stderr) => {
    expect(c.run(line)).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });
});

describe('kubectl replace (replace.go)', () => {
  const cm = (value: string): Record<string, string> => ({ 'cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: r1\ndata:\n  a: "${value}"\n` });

  it('replaces an object with the file, and with --force deletes and creates it again', () => {
    c.run('kubectl create -f cm.yaml', { files: cm('1') });
    const uid = jsonpath('cm r1', '.metadata.uid');
    expect(c.run('kubectl replace -f cm.yaml', { files: cm('2') })).toMatchObject({ stdout: 'configmap/r1 replaced\n', exitCode: 0 });
    expect(jsonpath('cm r1', '.data.a') + jsonpath('cm r1', '.metadata.uid')).toBe(`2${uid}`);
    expect(c.run('kubectl replace -f cm.yaml --dry-run=server', { files: cm('3') }).stdout).toBe('configmap/r1 replaced (server dry run)\n');
    expect(jsonpath('cm r1', '.data.a')).toBe('2');
    expect(c.run('kubectl replace -f cm.yaml --force', { files: cm('4') })).toMatchObject({ stdout: 'configmap "r1" deleted\nconfigmap/r1 replaced\n', exitCode: 0 });
    expect(jsonpath('cm r1', '.data.a')).toBe('4');
    expect(jsonpath('cm r1', '.metadata.uid')).not.toBe(uid);
  });

  it.each([
    ['a missing object', 'kubectl replace -f gone.yaml', 'Error from server (NotFound): error when replacing "gone.yaml": configmaps "gone" not found\n'],
    ['no file', 'kubectl replace', 'error: must specify --filename to replace\n'],
    ['--force with --dry-run', 'kubectl replace -f gone.yaml --force --dry-run=server', 'error: --dry-run can not be used when --force is set\n'],
  ])('refuses %s', (_name, line, stderr) => {
    const files = { 'gone.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gone\n' };
    expect(c.run(line, { files })).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });
});

describe('kubectl edit without an editor (editor.go Launch; editoptions.go)', () => {
  it('reads the object, then cannot launch vi, as on a machine without one', () => {
    deploy('e1');
    expect(c.run('kubectl edit deploy e1')).toMatchObject({ stdout: '', stderr: 'error: unable to launch the editor "vi"\n', exitCode: 1 });
    expect(c.run('kubectl edit deploy none')).toMatchObject({ stderr: 'Error from server (NotFound): deployments.apps "none" not found\n', exitCode: 1 });
  });
});

describe('kubectl diff (diff.go: server-side dry run, then diff -u -N LIVE MERGED)', () => {
  const cm = (value: string): Record<string, string> => ({ 'cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: df1\ndata:\n  a: "${value}"\n` });

  it('shows a new object whole, a change as one hunk, and exits 0 when applying would change nothing', () => {
    const created = c.run('kubectl diff -f cm.yaml', { files: cm('1') });
    expect(created.exitCode).toBe(1);
    expect(created.stdout).toMatch(/^diff -u -N \/tmp\/LIVE-\d{1,10}\/v1\.ConfigMap\.default\.df1 \/tmp\/MERGED-\d{1,10}\/v1\.ConfigMap\.default\.df1\n/);
    // diff.go creates the live file before printing nothing into it: it carries the time of the command too.
    expect(created.stdout).toMatch(/\n--- \/tmp\/LIVE-\d{1,10}\/v1\.ConfigMap\.default\.df1\t2024-08-13 09:00:\d\d\.\d{9} \+0000\n/);
    // The manifest is sent as it is, without a last-applied annotation (GetModifiedConfiguration with annotate=false).
    expect(created.stdout).not.toContain('last-applied');
    expect(created.stdout).toMatch(/\n@@ -0,0 \+1,\d+ @@\n\+apiVersion: v1\n\+data:\n\+ {2}a: "1"\n/);
    expect(c.run('kubectl get cm df1').exitCode).toBe(1);
    c.run('kubectl apply -f cm.yaml', { files: cm('1') });
    expect(c.run('kubectl diff -f cm.yaml', { files: cm('1') })).toMatchObject({ stdout: '', stderr: '', exitCode: 0 });
    const changed = c.run('kubectl diff -f cm.yaml', { files: cm('2') });
    expect(changed.exitCode).toBe(1);
    expect(changed.stdout).toContain('\n-  a: "1"\n+  a: "2"\n');
    expect(jsonpath('cm df1', '.data.a')).toBe('1');
  });

  it('with --server-side sends the manifest as an apply patch as manager kubectl, and a conflict is an error that exits 2', () => {
    const files = { 'd.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: df2\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: df2\n  template:\n    metadata:\n      labels:\n        app: df2\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.25\n' };
    deploy('df2');
    const conflict = c.run('kubectl diff --server-side -f d.yaml', { files });
    expect(conflict).toMatchObject({ stdout: '', exitCode: 2 });
    // Four attempts (diff.go maxRetries), klog's warning before the last.
    expect(conflict.stderr).toMatch(
      /^W\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ diff\.go:723\] Object \(apps\/v1, Kind=Deployment: df2\) keeps changing, diffing without lock\nError from server \(Conflict\): Apply failed with 1 conflict: conflict with "kubectl-create" using apps\/v1: \.spec\.replicas\n$/,
    );
    const forced = c.run('kubectl diff --server-side --force-conflicts -f d.yaml', { files });
    expect(forced.exitCode).toBe(1);
    expect(forced.stdout).toContain('\n-  generation: 1\n+  generation: 2\n');
    expect(forced.stdout).toContain('\n-  replicas: 1\n+  replicas: 3\n');
    expect(jsonpath('deploy df2', '.spec.replicas')).toBe('1');
    const ssa = c.run('kubectl apply --server-side -f cm.yaml', { files: cm('1') });
    expect(ssa.exitCode).toBe(0);
    expect(c.run('kubectl diff --server-side -f cm.yaml', { files: cm('1') })).toMatchObject({ stdout: '', exitCode: 0 });
  });

  it('refuses --force-conflicts without --server-side, and a missing -f, with exit code 2 (CheckDiffErr)', () => {
    expect(c.run('kubectl diff --force-conflicts -f cm.yaml', { files: cm('1') })).toMatchObject({ stderr: 'error: --force-conflicts only works with --server-side\n', exitCode: 2 });
    expect(c.run('kubectl diff')).toMatchObject({ stderr: 'error: must specify one of -f and -k\n', exitCode: 2 });
  });

  it("masks a Secret's data: *** for every key, *** (before) and *** (after) for a changed one (diff.go Masker)", () => {
    c.run('kubectl create secret generic dfs --from-literal=a=1 --from-literal=b=2');
    const files = { 's.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: dfs\ndata:\n  a: MQ==\n  b: Mw==\n  c: NA==\n' };
    const out = c.run('kubectl diff -f s.yaml', { files });
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toMatch(/\n@@ -1,7 \+1,8 @@\n apiVersion: v1\n data:\n {3}a: '\*\*\*'\n- {2}b: '\*\*\* \(before\)'\n\+ {2}b: '\*\*\* \(after\)'\n\+ {2}c: '\*\*\*'\n kind: Secret\n/);
    expect(out.stdout).not.toContain('Mw==');
    // A new Secret: the masker hands the printer a nil live object, which YAML writes as null.
    const created = c.run('kubectl diff -f s.yaml', { files: { 's.yaml': files['s.yaml'].replace('dfs', 'dfs2') } });
    expect(created.stdout).toMatch(/\n@@ -1 \+1,12 @@\n-null\n\+apiVersion: v1\n\+data:\n\+ {2}a: '\*\*\*'\n/);
  });
});
