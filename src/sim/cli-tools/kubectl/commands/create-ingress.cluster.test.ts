// `kubectl create ingress` (kubectl/pkg/cmd/create/create_ingress.go, v1.31) compared whole with
// what /usr/lib/google-cloud-sdk/bin/kubectl.1.31 printed for the same lines with --dry-run=client
// (which needs no server): Exact and Prefix paths, rules sharing a host, TLS entries sharing a
// secret, named and numbered ports, and Validate()'s errors.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

describe('kubectl create ingress --dry-run=client prints what kubectl v1.31 prints', () => {
  const cases: { line: string; stdout?: string; stderr?: string }[] = [
      {
        line: "create ingress simple --rule=foo.com/bar=svc1:8080,tls=my-cert --dry-run=client -o yaml",
        stdout: "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  creationTimestamp: null\n  name: simple\nspec:\n  rules:\n  - host: foo.com\n    http:\n      paths:\n      - backend:\n          service:\n            name: svc1\n            port:\n              number: 8080\n        path: /bar\n        pathType: Exact\n  tls:\n  - hosts:\n    - foo.com\n    secretName: my-cert\nstatus:\n  loadBalancer: {}\n",
      },
      {
        line: "create ingress multi --class=default --rule=foo.com/=svc:port --rule=foo.com/admin/*=svcadmin:8080,tls --rule=/x=a:1 --default-backend=d:http --annotation=a=b -n dev --dry-run=client -o json",
        stdout: "{\n    \"kind\": \"Ingress\",\n    \"apiVersion\": \"networking.k8s.io/v1\",\n    \"metadata\": {\n        \"name\": \"multi\",\n        \"namespace\": \"dev\",\n        \"creationTimestamp\": null,\n        \"annotations\": {\n            \"a\": \"b\"\n        }\n    },\n    \"spec\": {\n        \"ingressClassName\": \"default\",\n        \"defaultBackend\": {\n            \"service\": {\n                \"name\": \"d\",\n                \"port\": {\n                    \"name\": \"http\"\n                }\n            }\n        },\n        \"tls\": [\n            {\n                \"hosts\": [\n                    \"foo.com\"\n                ]\n            }\n        ],\n        \"rules\": [\n            {\n                \"host\": \"foo.com\",\n                \"http\": {\n                    \"paths\": [\n                        {\n                            \"path\": \"/\",\n                            \"pathType\": \"Exact\",\n                            \"backend\": {\n                                \"service\": {\n                                    \"name\": \"svc\",\n                                    \"port\": {\n                                        \"name\": \"port\"\n                                    }\n                                }\n                            }\n                        },\n                        {\n                            \"path\": \"/admin/\",\n                            \"pathType\": \"Prefix\",\n                            \"backend\": {\n                                \"service\": {\n                                    \"name\": \"svcadmin\",\n                                    \"port\": {\n                                        \"number\": 8080\n                                    }\n                                }\n                            }\n                        }\n                    ]\n                }\n            },\n            {\n                \"http\": {\n                    \"paths\": [\n                        {\n                            \"path\": \"/x\",\n                            \"pathType\": \"Exact\",\n                            \"backend\": {\n                                \"service\": {\n                                    \"name\": \"a\",\n                                    \"port\": {\n                                        \"number\": 1\n                                    }\n                                }\n                            }\n                        }\n                    ]\n                }\n            }\n        ]\n    },\n    \"status\": {\n        \"loadBalancer\": {}\n    }\n}\n",
      },
      {
        line: "create ingress tls2 --rule=a.com/*=s:80,tls=sec --rule=b.com/x=s:80,tls=sec --rule=a.com/y=t:81,tls=other --rule=c.com/=u:82,tls --dry-run=client -o yaml",
        stdout: "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  creationTimestamp: null\n  name: tls2\nspec:\n  rules:\n  - host: a.com\n    http:\n      paths:\n      - backend:\n          service:\n            name: s\n            port:\n              number: 80\n        path: /\n        pathType: Prefix\n      - backend:\n          service:\n            name: t\n            port:\n              number: 81\n        path: /y\n        pathType: Exact\n  - host: b.com\n    http:\n      paths:\n      - backend:\n          service:\n            name: s\n            port:\n              number: 80\n        path: /x\n        pathType: Exact\n  - host: c.com\n    http:\n      paths:\n      - backend:\n          service:\n            name: u\n            port:\n              number: 82\n        path: /\n        pathType: Exact\n  tls:\n  - hosts:\n    - a.com\n    - b.com\n    secretName: sec\n  - hosts:\n    - c.com\nstatus:\n  loadBalancer: {}\n",
      },
      {
        line: "create ingress x --dry-run=client",
        stderr: "error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)\n",
      },
      {
        line: "create ingress x --rule=bad --dry-run=client",
        stderr: "error: rule bad is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]\n",
      },
      {
        line: "create ingress x --rule=/a=b:1 --dry-run=client",
        stdout: "ingress.networking.k8s.io/x created (dry run)\n",
      },
      {
        line: "create ingress --rule=/a=b:1 --dry-run=client",
        stderr: "error: exactly one NAME is required, got 0\nSee 'kubectl create ingress -h' for help and examples\n",
      },
      {
        line: "create ingress x --default-backend=a --dry-run=client",
        stderr: "error: default-backend should be in format servicename:serviceport\n",
      },
      {
        line: "create ingress x --rule=/a=b:1 --annotation=x --dry-run=client",
        stderr: "error: annotation x is invalid and should be in format key=[value]\n",
      },
      {
        line: "create ing catch-all --class=otheringress --rule=/path=svc:port --dry-run=client -o yaml",
        stdout: "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  creationTimestamp: null\n  name: catch-all\nspec:\n  ingressClassName: otheringress\n  rules:\n  - http:\n      paths:\n      - backend:\n          service:\n            name: svc\n            port:\n              name: port\n        path: /path\n        pathType: Exact\nstatus:\n  loadBalancer: {}\n",
      },
      {
        line: "create ingress big --rule=/a=b:99999999999 --dry-run=client -o json",
        stdout: "{\n    \"kind\": \"Ingress\",\n    \"apiVersion\": \"networking.k8s.io/v1\",\n    \"metadata\": {\n        \"name\": \"big\",\n        \"creationTimestamp\": null\n    },\n    \"spec\": {\n        \"rules\": [\n            {\n                \"http\": {\n                    \"paths\": [\n                        {\n                            \"path\": \"/a\",\n                            \"pathType\": \"Exact\",\n                            \"backend\": {\n                                \"service\": {\n                                    \"name\": \"b\",\n                                    \"port\": {\n                                        \"name\": \"99999999999\"\n                                    }\n                                }\n                            }\n                        }\n                    ]\n                }\n            }\n        ]\n    },\n    \"status\": {\n        \"loadBalancer\": {}\n    }\n}\n",
      },
  ];
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  for (const t of cases) {
    it(`kubectl ${t.line}`, () => {
      const out = c.run(`kubectl ${t.line}`);
      expect({ stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode }).toEqual({ stdout: t.stdout ?? '', stderr: t.stderr ?? '', exitCode: t.stderr ? 1 : 0 });
    });
  }
});

describe('kubectl create ingress against the cluster', () => {
  it('creates the Ingress in the default namespace when -n is not given, and the apiserver stores it', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    const out = c.run('kubectl create ingress web --rule=hello-world.example/*=web:8080');
    expect(out).toMatchObject({ stdout: 'ingress.networking.k8s.io/web created\n', stderr: '', exitCode: 0 });
    const got = c.run("kubectl get ingress web -o jsonpath='{.metadata.namespace} {.spec.rules[0].http.paths[0].pathType} {.spec.rules[0].http.paths[0].backend.service.port.number}'");
    expect(got.stdout).toBe('default Prefix 8080');
  });
});
