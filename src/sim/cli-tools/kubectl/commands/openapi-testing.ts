// For the tests of what kubectl asks before it writes (apply-openapi, write-openapi): the manifests
// the real kubectl runs used, and the -v=6 request lines as those tests keep them.

import { verboseLines } from '../discovery-cache-testing';

export const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n';

/** A Deployment, a Service and a ConfigMap: two group-versions, in that order. */
export const MULTI = `apiVersion: apps/v1
kind: Deployment
metadata: {name: d1}
spec:
  selector: {matchLabels: {app: d1}}
  template:
    metadata: {labels: {app: d1}}
    spec:
      containers: [{name: c, image: nginx:1.25}]
---
apiVersion: v1
kind: Service
metadata: {name: s1}
spec:
  selector: {app: d1}
  ports: [{port: 80}]
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cm1}
data: {a: b}
`;

/** The request lines of -v=6, `GET /path?query STATUS` with the host and the hash left out. */
export function requests(stderr: string): string[] {
  return verboseLines(stderr)
    .filter((l) => l.startsWith('round_trippers.go:553] '))
    .map((l) => l.replace(/^round_trippers\.go:553\] (\w+) https:\/\/[^/]+/, '$1 ').replace(/hash=[0-9A-F]{16}/, 'hash=H'));
}
