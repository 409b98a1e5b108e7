// Issue 18 point 4, the seed's chapter 4 ("kubectl converts the YAML to JSON and sends an HTTP POST"),
// shown with kubectl's own switches. The formats are what real kubectl v1.31.9 printed against
// `kubeplay serve` with -v=6 and -v=8 (client-go transport/round_trippers.go:553/463/469/473/574/577/580,
// rest/request.go:1351, kubectl/pkg/cmd/util/helpers.go:246); `get --raw` prints the server's JSON
// with no newline, as real kubectl did. Times are the simulated clock's.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.25\n';
const KLOG = String.raw`I0813 09:\d\d:\d\d\.\d{6} +\d+ `;

describe('kubectl -v and get --raw', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane' }] }, { seed: 3 });
  const files = { 'pod.yaml': POD };

  it('-v=6 prints the config file and one line per request with status and milliseconds', () => {
    // The first command fetches discovery into the empty cache first (discovery-cache-cold.cluster.test.ts).
    const line = (request: string) => `${KLOG}round_trippers.go:553\\] GET https://10.0.0.10:6443/${request} 200 OK in \\d+ milliseconds\n`;
    const out = c.run('kubectl get pods -v=6');
    expect(out.stderr).toMatch(
      new RegExp(`^${KLOG}loader.go:395\\] Config loaded from file:  /root/.kube/config\n${line('api\\?timeout=32s')}${line('apis\\?timeout=32s')}${line('api/v1/namespaces/default/pods\\?limit=500')}No resources found in default namespace.\n$`),
    );
    expect(c.run('kubectl get pods -v=6').stderr).toMatch(new RegExp(`^${KLOG}loader.go:395\\] Config loaded from file:  /root/.kube/config\n${line('api/v1/namespaces/default/pods\\?limit=500')}No resources found in default namespace.\n$`));
  });

  it('-v=8 shows the JSON kubectl POSTs for a YAML file, its headers, and the answer', () => {
    const out = c.run('kubectl create -f pod.yaml -v=8', { files });
    expect(out.stdout).toBe('pod/web created\n');
    expect(out.stderr).toMatch(new RegExp(`${KLOG}request.go:1351\\] Request Body: \\{"apiVersion":"v1","kind":"Pod","metadata":\\{"name":"web"`));
    expect(out.stderr).toMatch(new RegExp(`${KLOG}round_trippers.go:463\\] POST https://10.0.0.10:6443/api/v1/namespaces/default/pods\\?fieldManager=kubectl-create&fieldValidation=Strict\n`));
    expect(out.stderr).toMatch(/round_trippers.go:469\] Request Headers:\n.*round_trippers.go:473\] {5}Content-Type: application\/json\n/);
    expect(out.stderr).toMatch(/round_trippers.go:574\] Response Status: 201 Created in \d+ milliseconds\n.*round_trippers.go:577\] Response Headers:\n/);
    // The request is kubectl's unstructured map (keys sorted); the answer is the server's struct order (TypeMeta: kind, apiVersion).
    expect(out.stderr).toMatch(/request.go:1351\] Response Body: \{"kind":"Pod","apiVersion":"v1","metadata":\{"name":"web","namespace":"default","uid":.* \[truncated \d+ chars\]\n/);
  });

  it('-v=6 on a wrong token shows the 401 line and the Status CheckErr dumps', () => {
    const out = c.run('kubectl get pods --user=jane --token=wrong -v=6');
    expect(out.stderr).toMatch(/round_trippers.go:553\] GET https:\/\/10.0.0.10:6443\/api\/v1\/namespaces\/default\/pods\?limit=500 401 Unauthorized in \d+ milliseconds\n/);
    expect(out.stderr).toContain('helpers.go:246] server response object: %s[{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "Unauthorized",\n  "reason": "Unauthorized",\n  "code": 401\n}]\nerror: You must be logged in to the server (Unauthorized)\n');
  });

  it('get --raw prints the server JSON without a newline', () => {
    const out = c.run('kubectl get --raw /api/v1/namespaces/default/pods');
    // kube-apiserver's struct order (TypeMeta: kind, apiVersion), a typed list's items without TypeMeta
    // (apimachinery unstructured.go decodeToList: "API server doesn't set each item's APIVersion and Kind").
    expect(out.stdout).toMatch(/^\{"kind":"PodList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[\{"metadata":\{"name":"web",.*\}\]\}$/);
    expect(c.run('kubectl get pods --raw /api')).toMatchObject({ stderr: 'error: arguments may not be passed when --raw is specified\n', exitCode: 1 });
    expect(c.run('kubectl get --raw api/v1/namespaces')).toMatchObject({ stderr: 'error: --raw must be a valid URL path: parse "api/v1/namespaces": invalid URI for request\n', exitCode: 1 });
    expect(c.run('kubectl get --raw /api -o yaml')).toMatchObject({ stderr: 'error: --raw and --output are mutually exclusive\n', exitCode: 1 });
    expect(c.run('kubectl get --raw /api/v1/namespaces/default/pods/nope')).toMatchObject({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
  });

  it('apply --dry-run=server runs admission and validation and stores nothing', () => {
    const pod2 = POD.replace('name: web\nspec', 'name: web2\nspec');
    expect(c.run('kubectl apply --dry-run=server -f pod.yaml', { files: { 'pod.yaml': pod2 } }).stdout).toBe('pod/web2 created (server dry run)\n');
    expect(c.run('kubectl get pod web2').stderr).toBe('Error from server (NotFound): pods "web2" not found\n');
    const bad = POD.replace('name: web\nspec', 'name: Web_2\nspec');
    expect(c.run('kubectl apply --dry-run=server -f pod.yaml', { files: { 'pod.yaml': bad } }).stderr).toMatch(/^The Pod "Web_2" is invalid: metadata.name: Invalid value: "Web_2": a lowercase RFC 1123 subdomain/);
  });
});
