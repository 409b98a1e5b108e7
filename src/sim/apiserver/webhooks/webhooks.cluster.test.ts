// Issue 18, point 5. The seed, chapter 2: admission control includes mutating and validating
// webhooks. kube-apiserver POSTs an AdmissionReview (admission.k8s.io/v1) to the webhook's Service
// over the cluster network, applies a mutating webhook's JSONPatch, and lets a refusal or a
// failure (failurePolicy) decide. Texts: k8s.io/apiserver/pkg/admission/plugin/webhook
// (errors/statuserror.go ToStatusErr, mutating/dispatcher.go, request/admissionreview.go) and the
// kubernetes.io page "Dynamic Admission Control".
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

type Cluster = ReturnType<typeof buildCluster>;

const SERVER = (args: string[], name = 'policy') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: default
spec:
  replicas: 1
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: ${name}
        image: kubeplay/policy-webhook:1.0
        args: [${args.map((a) => JSON.stringify(a)).join(', ')}]
        ports:
        - containerPort: 8443
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: default
spec:
  selector: {app: ${name}}
  ports:
  - port: 443
    targetPort: 8443
`;

const CONFIG = (kind: 'Validating' | 'Mutating', opts: { path: string; failurePolicy?: string; timeoutSeconds?: number; objectSelector?: string; name?: string; service?: string; reinvocation?: string }) => `apiVersion: admissionregistration.k8s.io/v1
kind: ${kind}WebhookConfiguration
metadata:
  name: ${opts.name ?? 'policy'}
webhooks:
- name: ${opts.name ?? 'policy'}.kubeplay.dev
  admissionReviewVersions: ["v1"]
  sideEffects: None
${opts.failurePolicy ? `  failurePolicy: ${opts.failurePolicy}\n` : ''}${opts.reinvocation ? `  reinvocationPolicy: ${opts.reinvocation}\n` : ''}${opts.timeoutSeconds ? `  timeoutSeconds: ${opts.timeoutSeconds}\n` : ''}${opts.objectSelector ? `  objectSelector:\n    matchLabels: {${opts.objectSelector}}\n` : ''}  clientConfig:
    service:
      namespace: default
      name: ${opts.service ?? 'policy'}
      path: ${opts.path}
  rules:
  - operations: ["CREATE", "UPDATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
`;

function withServer(args: string[], seed = 3): Cluster {
  const c = buildCluster({}, { seed });
  c.run('kubectl apply -f -', { stdin: SERVER(args) });
  c.sim.runUntil(c.sim.now + 60_000);
  expect(c.run('kubectl get pods -l app=policy -o jsonpath={.items[0].status.phase}').stdout).toBe('Running');
  return c;
}

describe('validating admission webhooks (seed, chapter 2: admission includes webhooks)', () => {
  it('a webhook that denies :latest refuses the pod with the real text; a pinned tag passes', () => {
    const c = withServer(['--deny-latest']);
    expect(c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) }).stdout).toBe('validatingwebhookconfiguration.admissionregistration.k8s.io/policy created\n');
    const bad = c.run('kubectl run latest --image=nginx:latest');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toBe('Error from server (Forbidden): admission webhook "policy.kubeplay.dev" denied the request: container "latest" uses image "nginx:latest": the :latest tag is not allowed, pin a version\n');
    expect(c.run('kubectl get pod latest').stderr).toBe('Error from server (NotFound): pods "latest" not found\n');
    const ok = c.run('kubectl run pinned --image=nginx:1.25');
    expect(ok.stdout).toBe('pod/pinned created\n');
    // The webhook saw both reviews and logged its decisions.
    const logs = c.run('kubectl logs deploy/policy').stdout;
    expect(logs).toMatch(/CREATE pods default\/latest: denied: container "latest"/);
    expect(logs).toMatch(/CREATE pods default\/pinned: allowed/);
    expect(c.run('kubectl get validatingwebhookconfigurations').stdout).toMatch(/^NAME\s+WEBHOOKS\s+AGE\npolicy\s+1\s+\d+s\n$/);
  });

  it('the call travels through the control-plane node kernel to the webhook pod: the trace shows the POST and the Admission stage', () => {
    const c = withServer(['--deny-latest']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) });
    c.run('kubectl run pinned --image=nginx:1.25');
    const posts = c.sim.world.trace.filter((r) => r.kind === 'message' && r.summary.startsWith('POST https://policy.default.svc:443/validate?timeout=10s AdmissionReview CREATE pods pinned'));
    expect(posts.length).toBe(1);
    expect(posts[0]!.summary).toMatch(/DNAT 10\.244\.\d+\.\d+:8443 \(nat OUTPUT, iptables: \d+ rules evaluated\)/);
    expect(posts[0]!.to).toMatch(/^containerd\//);
  });

  it('objectSelector: only labelled objects are sent', () => {
    const c = withServer(['--deny-latest']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate', objectSelector: 'policy: enforced' }) });
    expect(c.run('kubectl run free --image=nginx:latest').stdout).toBe('pod/free created\n');
    expect(c.run('kubectl run strict --image=nginx:latest --labels=policy=enforced').exitCode).toBe(1);
  });
});

describe('mutating admission webhooks', () => {
  it('a JSONPatch from the webhook adds a label before the object is stored', () => {
    const c = withServer(['--add-label=team=platform']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Mutating', { path: '/mutate' }) });
    expect(c.run('kubectl run web --image=nginx:1.25').stdout).toBe('pod/web created\n');
    expect(c.run('kubectl get pod web -o jsonpath={.metadata.labels}').stdout).toBe('{"run":"web","team":"platform"}');
  });

  it('a patch that makes the object invalid is refused by validation with its real text', () => {
    const c = withServer(['--bad-patch']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Mutating', { path: '/mutate' }) });
    const out = c.run('kubectl run web --image=nginx:1.25');
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value\n');
  });
});

describe('failurePolicy decides what a broken webhook does', () => {
  it('Fail (the default) with no endpoint: connection refused through the Service, request refused', () => {
    const c = withServer(['--deny-latest']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) });
    c.run('kubectl scale deploy policy --replicas=0');
    c.sim.runUntil(c.sim.now + 30_000);
    const ip = c.run('kubectl get svc policy -o jsonpath={.spec.clusterIP}').stdout;
    const out = c.run('kubectl run web --image=nginx:1.25');
    expect(out.stderr).toBe(`Error from server (InternalError): Internal error occurred: failed calling webhook "policy.kubeplay.dev": failed to call webhook: Post "https://policy.default.svc:443/validate?timeout=10s": dial tcp ${ip}:443: connect: connection refused\n`);
    // The webhook configurations themselves are never sent to webhooks: the learner can fix it.
    expect(c.run('kubectl delete validatingwebhookconfiguration policy').stdout).toBe('validatingwebhookconfiguration.admissionregistration.k8s.io "policy" deleted\n');
    expect(c.run('kubectl run web --image=nginx:1.25').stdout).toBe('pod/web created\n');
  });

  it('Ignore with no endpoint: the request goes through', () => {
    const c = withServer(['--deny-latest']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate', failurePolicy: 'Ignore' }) });
    c.run('kubectl scale deploy policy --replicas=0');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl run web --image=nginx:latest').stdout).toBe('pod/web created\n');
  });

  it('a webhook that hangs past timeoutSeconds: context deadline exceeded after that long', () => {
    const c = withServer(['--hang']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate', timeoutSeconds: 3 }) });
    const t0 = c.sim.now;
    const out = c.run('kubectl run web --image=nginx:1.25');
    expect(out.stderr).toBe('Error from server (InternalError): Internal error occurred: failed calling webhook "policy.kubeplay.dev": failed to call webhook: Post "https://policy.default.svc:443/validate?timeout=3s": context deadline exceeded\n');
    expect(c.sim.now - t0).toBeGreaterThanOrEqual(3_000);
  });

  it('a webhook that answers garbage: the decode error, and the cluster keeps working', () => {
    const c = withServer(['--answer-garbage']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) });
    const out = c.run('kubectl run web --image=nginx:1.25');
    expect(out.stderr).toBe(`Error from server (InternalError): Internal error occurred: failed calling webhook "policy.kubeplay.dev": failed to call webhook: couldn't get version/kind; json parse error: invalid character '<' looking for beginning of value\n`);
    c.run('kubectl delete validatingwebhookconfiguration policy');
    expect(c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2').stdout).toBe('deployment.apps/web created\n');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(c.run('kubectl get deploy web -o jsonpath={.status.availableReplicas}').stdout).toBe('2');
  });

  it('a Service that does not exist', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) });
    expect(c.run('kubectl run web --image=nginx:1.25').stderr).toBe('Error from server (InternalError): Internal error occurred: failed calling webhook "policy.kubeplay.dev": failed to call webhook: Post "https://policy.default.svc:443/validate?timeout=10s": service "policy" not found\n');
  });
});

describe('webhook configuration validation (admissionregistration/validation)', () => {
  it('refuses a configuration without sideEffects or admissionReviewVersions, and a short name', () => {
    const c = buildCluster({}, { seed: 3 });
    const bad = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: bad
webhooks:
- name: bad
  clientConfig:
    service: {namespace: default, name: x}
`;
    const out = c.run('kubectl apply -f -', { stdin: bad });
    expect(out.stderr).toBe('The ValidatingWebhookConfiguration "bad" is invalid: \n* webhooks[0].name: Invalid value: "bad": should be a domain with at least three segments separated by dots\n* webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun\n* webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1\n');
  });
});

describe('updates and dry runs go through webhooks too', () => {
  it('an UPDATE is reviewed: a label change on a labelled pod is refused when it drops the required label', () => {
    const c = withServer(['--require-label=team']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }) });
    expect(c.run('kubectl run web --image=nginx:1.25 --labels=team=a').stdout).toBe('pod/web created\n');
    const out = c.run('kubectl label pod web team-');
    expect(out.stderr).toBe('Error from server (Forbidden): admission webhook "policy.kubeplay.dev" denied the request: missing required label "team"\n');
    expect(c.run('kubectl get pod web -o jsonpath={.metadata.labels.team}').stdout).toBe('a');
  });

  it('sideEffects NoneOnDryRun: a server dry run is reviewed and nothing is stored', () => {
    const c = withServer(['--deny-latest']);
    c.run('kubectl apply -f -', { stdin: CONFIG('Validating', { path: '/validate' }).replace('sideEffects: None', 'sideEffects: NoneOnDryRun') });
    expect(c.run('kubectl run web --image=nginx:1.25 --dry-run=server').stdout).toBe('pod/web created (server dry run)\n');
    expect(c.run('kubectl get pod web').exitCode).toBe(1);
  });
});

describe('reinvocation (reinvocationPolicy IfNeeded)', () => {
  // admission/plugin/webhook/mutating/dispatcher.go: a change by a later webhook makes an IfNeeded
  // webhook called before it due once more; Never (the default) is called once.
  function twoWebhooks(policy: string): Cluster {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: SERVER(['--add-label=a=1'], 'first') });
    c.run('kubectl apply -f -', { stdin: SERVER(['--add-label=b=2'], 'second') });
    c.sim.runUntil(c.sim.now + 60_000);
    c.run('kubectl apply -f -', { stdin: CONFIG('Mutating', { path: '/mutate', name: 'a-first', service: 'first', reinvocation: policy }) });
    c.run('kubectl apply -f -', { stdin: CONFIG('Mutating', { path: '/mutate', name: 'b-second', service: 'second' }) });
    expect(c.run('kubectl run web --image=nginx:1.25').stdout).toBe('pod/web created\n');
    expect(c.run('kubectl get pod web -o jsonpath={.metadata.labels}').stdout).toBe('{"a":"1","b":"2","run":"web"}');
    return c;
  }
  const reviews = (c: Cluster): number => (c.run('kubectl logs deploy/first').stdout.match(/CREATE pods default\/web/g) ?? []).length;

  it('IfNeeded: the first webhook sees the second one\'s label in a second review', () => {
    const c = twoWebhooks('IfNeeded');
    expect(reviews(c)).toBe(2);
    expect(c.run('kubectl logs deploy/first').stdout).toMatch(/CREATE pods default\/web: allowed/);
  });

  it('Never: called once', () => {
    expect(reviews(twoWebhooks('Never'))).toBe(1);
  });
});

describe('namespaceSelector', () => {
  it('only pods in namespaces whose labels match are sent', () => {
    const c = withServer(['--deny-latest']);
    const cfg = CONFIG('Validating', { path: '/validate' }).replace('  clientConfig:', '  namespaceSelector:\n    matchLabels: {policy: enforced}\n  clientConfig:');
    c.run('kubectl apply -f -', { stdin: cfg });
    expect(c.run('kubectl run free --image=nginx:latest').stdout).toBe('pod/free created\n');
    c.run('kubectl create namespace strict');
    c.run('kubectl label namespace strict policy=enforced');
    expect(c.run('kubectl run web -n strict --image=nginx:latest').stderr).toMatch(/^Error from server \(Forbidden\): admission webhook "policy.kubeplay.dev" denied the request/);
  });
});
