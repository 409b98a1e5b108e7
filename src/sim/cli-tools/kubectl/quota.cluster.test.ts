// ResourceQuota on the whole simulated cluster, following the kubernetes.io tasks
// "Configure Memory and CPU Quotas for a Namespace" (quota-memory-cpu-namespace) and "Configure a
// Pod Quota for a Namespace" (quota-pod-namespace) with their manifests unchanged: the
// ResourceQuota admission plugin's texts (plugin/pkg/admission/resourcequota/controller.go), the
// resourcequota controller's status (pkg/controller/resourcequota), and the ReplicaSet's
// FailedCreate event (pkg/controller/controller_utils.go, RealPodControl.createPods); `kubectl create
// quota` (create_quota.go; its errors checked against kubectl v1.31 with --dry-run=client); LimitRange
// defaults (memory-default-namespace) and `describe quota|limitrange` (kubectl/pkg/describe).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const QUOTA_MEM_CPU = `apiVersion: v1
kind: ResourceQuota
metadata:
  name: mem-cpu-demo
spec:
  hard:
    requests.cpu: "1"
    requests.memory: 1Gi
    limits.cpu: "2"
    limits.memory: 2Gi
`;

const POD_1 = `apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo
spec:
  containers:
  - name: quota-mem-cpu-demo-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
        cpu: "800m"
      requests:
        memory: "600Mi"
        cpu: "400m"
`;

const POD_2 = `apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo-2
spec:
  containers:
  - name: quota-mem-cpu-demo-2-ctr
    image: redis
    resources:
      limits:
        memory: "1Gi"
        cpu: "800m"
      requests:
        memory: "700Mi"
        cpu: "400m"
`;

const QUOTA_POD = `apiVersion: v1
kind: ResourceQuota
metadata:
  name: pod-demo
spec:
  hard:
    pods: "2"
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: pod-quota-demo
spec:
  selector:
    matchLabels:
      purpose: quota-demo
  replicas: 3
  template:
    metadata:
      labels:
        purpose: quota-demo
    spec:
      containers:
      - name: pod-quota-demo
        image: nginx
`;

// One cluster for the file (the CI budget): each case works in its own namespace.
const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
c.sim.runUntil(c.sim.now + 5_000);
const settle = (ms = 3_000) => c.sim.runUntil(c.sim.now + ms);

describe('ResourceQuota on a cluster (kubernetes.io quota tasks)', () => {
  it('counts requests and limits, and refuses the pod that would pass requests.memory (quota-memory-cpu-namespace)', () => {
    c.run('kubectl create namespace quota-mem-cpu-example');
    expect(c.run('kubectl apply -f - --namespace=quota-mem-cpu-example', { stdin: QUOTA_MEM_CPU }).stdout).toBe('resourcequota/mem-cpu-demo created\n');
    settle();
    expect(c.run('kubectl apply -f - --namespace=quota-mem-cpu-example', { stdin: POD_1 }).stdout).toBe('pod/quota-mem-cpu-demo created\n');
    settle();
    const out = c.run('kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml').stdout;
    expect(out.slice(out.indexOf('status:'))).toBe(
      'status:\n  hard:\n    limits.cpu: "2"\n    limits.memory: 2Gi\n    requests.cpu: "1"\n    requests.memory: 1Gi\n' +
        '  used:\n    limits.cpu: 800m\n    limits.memory: 800Mi\n    requests.cpu: 400m\n    requests.memory: 600Mi\n',
    );
    const refused = c.run('kubectl apply -f - --namespace=quota-mem-cpu-example', { stdin: POD_2 });
    expect(refused.stderr).toBe(
      'Error from server (Forbidden): error when creating "STDIN": pods "quota-mem-cpu-demo-2" is forbidden: exceeded quota: mem-cpu-demo, ' +
        'requested: requests.memory=700Mi, used: requests.memory=600Mi, limited: requests.memory=1Gi\n',
    );
  });

  it('asks every container to state what the quota limits (podEvaluator.Constraints)', () => {
    const bare = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: bare\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n';
    expect(c.run('kubectl apply -f - -n quota-mem-cpu-example', { stdin: bare }).stderr).toBe(
      'Error from server (Forbidden): error when creating "STDIN": pods "bare" is forbidden: failed quota: mem-cpu-demo: ' +
        'must specify limits.cpu for: nginx; limits.memory for: nginx; requests.cpu for: nginx; requests.memory for: nginx\n',
    );
  });

  it('lets two of a Deployment\'s three pods in, and tells FailedCreate on the ReplicaSet (quota-pod-namespace)', () => {
    c.run('kubectl create namespace quota-pod-example');
    c.run('kubectl apply -f - --namespace=quota-pod-example', { stdin: QUOTA_POD });
    settle();
    c.run('kubectl apply -f - --namespace=quota-pod-example', { stdin: DEPLOYMENT });
    settle(10_000);
    const pods = c.run('kubectl get pods -n quota-pod-example --no-headers').stdout.trim().split('\n');
    expect(pods).toHaveLength(2);
    expect(c.run('kubectl get quota -n quota-pod-example').stdout).toMatch(/^NAME {7}AGE {3}REQUEST {5}LIMIT\npod-demo {3}\d+s {3}pods: 2\/2 {3}\n$/);
    const events = c.run('kubectl get events -n quota-pod-example --field-selector reason=FailedCreate -o jsonpath={.items[0].message}').stdout;
    expect(events).toMatch(/^Error creating: pods "pod-quota-demo-[a-z0-9]+-" is forbidden: exceeded quota: pod-demo, requested: pods=1, used: pods=2, limited: pods=2$/);
  });

  it('gives the room back when the pods go (replenishment on delete)', () => {
    c.run('kubectl delete deployment pod-quota-demo -n quota-pod-example');
    settle(60_000);
    expect(c.run('kubectl get pods -n quota-pod-example').stderr).toBe('No resources found in quota-pod-example namespace.\n');
    expect(c.run('kubectl get quota pod-demo -n quota-pod-example -o jsonpath={.status.used.pods}').stdout).toBe('0');
  });

  it('describes a quota as describeQuota does: sorted names, Used then Hard, no events', () => {
    expect(c.run('kubectl describe quota mem-cpu-demo -n quota-mem-cpu-example').stdout).toBe(
      [
        'Name:            mem-cpu-demo',
        'Namespace:       quota-mem-cpu-example',
        'Resource         Used   Hard',
        '--------         ----   ----',
        'limits.cpu       800m   2',
        'limits.memory    800Mi  2Gi',
        'requests.cpu     400m   1',
        'requests.memory  600Mi  1Gi',
        '',
      ].join('\n'),
    );
  });

  it('creates a quota from flags (create_quota.go) and refuses bad --hard syntax', () => {
    expect(c.run('kubectl create quota best-effort --hard=pods=10,requests.memory=1024Mi').stdout).toBe('resourcequota/best-effort created\n');
    expect(c.run('kubectl get quota best-effort -o jsonpath={.spec}').stdout).toBe('{"hard":{"pods":"10","requests.memory":"1Gi"}}');
    expect(c.run('kubectl create quota q --hard=pods').stderr).toBe('error: Invalid argument syntax pods, expected <resource>=<value>\n');
    expect(c.run('kubectl create quota q --hard=pods=1x').stderr).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n");
    expect(c.run('kubectl create quota').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create quota -h' for help and examples\n");
    expect(c.run('kubectl create quota my-quota --hard=cpu=1,pods=2').stdout).toBe('resourcequota/my-quota created\n');
    settle();
    expect(c.run('kubectl get quota my-quota -o jsonpath={.status}').stdout).toBe('{"hard":{"cpu":"1","pods":"2"},"used":{"cpu":"0","pods":"0"}}');
  });

  it('fills in default memory from a LimitRange and describes it (memory-default-namespace)', () => {
    const lr = 'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: mem-limit-range\nspec:\n  limits:\n  - default:\n      memory: 512Mi\n    defaultRequest:\n      memory: 256Mi\n    type: Container\n';
    const p = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: default-mem-demo\nspec:\n  containers:\n  - name: default-mem-demo-ctr\n    image: nginx\n';
    c.run('kubectl create namespace default-mem-example');
    c.run('kubectl apply -f - --namespace=default-mem-example', { stdin: lr });
    settle(1_000);
    c.run('kubectl apply -f - --namespace=default-mem-example', { stdin: p });
    expect(c.run('kubectl get pod default-mem-demo -n default-mem-example -o jsonpath={.spec.containers[0].resources}').stdout).toBe(
      '{"limits":{"memory":"512Mi"},"requests":{"memory":"256Mi"}}',
    );
    expect(c.run('kubectl describe limitrange mem-limit-range -n default-mem-example').stdout).toBe(
      [
        'Name:       mem-limit-range',
        'Namespace:  default-mem-example',
        'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---  ---  ---------------  -------------  -----------------------',
        'Container   memory    -    -    256Mi            512Mi          -',
        '',
      ].join('\n'),
    );
  });

  it('stores a LimitRange with its defaults filled in (SetDefaults_LimitRangeItem)', () => {
    const lr = 'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: cpu-min-max\nspec:\n  limits:\n  - max:\n      cpu: "800m"\n    min:\n      cpu: "200m"\n    type: Container\n';
    c.run('kubectl apply -f - -n default-mem-example', { stdin: lr });
    expect(c.run('kubectl get limits cpu-min-max -n default-mem-example -o jsonpath={.spec.limits[0]}').stdout).toBe(
      '{"default":{"cpu":"800m"},"defaultRequest":{"cpu":"800m"},"max":{"cpu":"800m"},"min":{"cpu":"200m"},"type":"Container"}',
    );
  });
});
