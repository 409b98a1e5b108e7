// The in-page kubectl's `version`, `create service`, `-o custom-columns=` and `-L`, with the texts
// kubectl v1.31.9 printed for the same commands (against kubeplay serve, and offline for
// `version --client` and create service's flag errors); kubectl/pkg/cmd/version/version.go,
// create/create_service.go, cli-runtime printers/customcolumn.go and tableprinter.go.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { unknownCommand } from './unknown';

describe('in-page kubectl as kubectl v1.31.9 prints', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });

  it('version: the client is v1.31.9 with Kustomize v5.4.2, the server v1.31.0 from GET /version', () => {
    expect(c.run('kubectl version').stdout).toBe('Client Version: v1.31.9\nKustomize Version: v5.4.2\nServer Version: v1.31.0\n');
    expect(c.run('kubectl version --client -o yaml').stdout).toBe(
      'clientVersion:\n  buildDate: "2025-05-15T09:17:16Z"\n  compiler: gc\n  gitCommit: 8f3800390d488f54f74111f22973059e133f9cba\n  gitTreeState: clean\n  gitVersion: v1.31.9\n  goVersion: go1.23.8\n  major: "1"\n  minor: "31"\n  platform: linux/amd64\nkustomizeVersion: v5.4.2\n\n',
    );
    expect(JSON.parse(c.run('kubectl version -o json').stdout).serverVersion.gitCommit).toBe('9edcffcde5595e8a5b1a35f88c421764e575afce');
    expect(c.run('kubectl version -o xml')).toMatchObject({ stderr: "error: --output must be 'yaml' or 'json'\n", exitCode: 1 });
  });

  it('create service: ports named port-target with `:` made `-`, which the apiserver takes as DNS labels', () => {
    expect(c.run('kubectl create service nodeport np --tcp=80:8080,443')).toMatchObject({ stdout: 'service/np created\n', exitCode: 0 });
    expect(c.run("kubectl get svc np -o jsonpath='{.spec.ports[*].name} {.spec.type} {.spec.selector.app}'").stdout).toBe('80-8080 443 NodePort np');
    expect(c.run('kubectl create service clusterip bad --tcp=80:http_x').stderr).toBe('error: must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)\n');
    expect(c.run('kubectl create service clusterip x --tcp=99999').stderr).toBe('error: strconv.ParseUint: parsing "99999": value out of range\n');
    expect(c.run('kubectl create service clusterip x').stderr).toBe('error: at least one tcp port specifier must be provided\n');
    expect(c.run('kubectl create service clusterip --tcp=80').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create service clusterip -h' for help and examples\n");
  });

  it('-o custom-columns: headers as written, <none> where the path finds nothing; -L: a column per label key', () => {
    expect(c.run('kubectl get nodes -o custom-columns=NAME:.metadata.name,X:.spec.nope').stdout).toBe('NAME            X\ncontrol-plane   <none>\nworker-1        <none>\n');
    expect(c.run('kubectl get nodes -o custom-columns=NAME').stderr).toBe('error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n');
    expect(c.run('kubectl get ns default -L kubernetes.io/metadata.name,x').stdout).toMatch(/^NAME +STATUS +AGE +METADATA\.NAME +X\ndefault +Active +\S+ +default +\n$/);
  });

  // kubectl/pkg/cmd/explain/explain.go and pkg/explain/v2/templates/plaintext.tmpl (v1.31); the texts
  // are what kubectl v1.31.9 printed against kubeplay serve, whose /openapi/v3 is the page's.
  it('explain: a field of a resource from the served OpenAPI v3 document, --recursive, and the errors', () => {
    expect(c.run('kubectl explain deploy.metadata.labels').stdout).toBe(
      'GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: labels <map[string]string>\n\n\nDESCRIPTION:\n' +
        '    Map of string keys and values that can be used to organize and categorize\n    (scope and select) objects.\n    \n\n',
    );
    expect(c.run('kubectl explain svc.spec.ports --recursive').stdout).toBe(
      'KIND:       Service\nVERSION:    v1\n\nFIELD: ports <[]ServicePort>\n\n\nDESCRIPTION:\n    The list of ports that are exposed by this service.\n' +
        "    ServicePort contains information on service's port.\n    \nFIELDS:\n  appProtocol\t<string>\n  name\t<string>\n  nodePort\t<integer>\n" +
        '  port\t<integer> -required-\n  protocol\t<string>\n  targetPort\t<IntOrString>\n\n',
    );
    expect(c.run('kubectl explain pod.spec.containers').stdout).toMatch(/^KIND: {7}Pod\nVERSION: {4}v1\n\nFIELD: containers <\[\]Container>\n[^]*\n {2}name\t<string> -required-\n {4}Name of the container specified as a DNS_LABEL\.\n/);
    expect(c.run('kubectl explain pod.spec.nope')).toMatchObject({ stdout: 'KIND:       Pod\nVERSION:    v1\n\n', stderr: 'error: field "nope" does not exist\n', exitCode: 1 });
    expect(c.run('kubectl explain nopes')).toMatchObject({ stderr: 'the server doesn\'t have a resource type "nopes"\n', exitCode: 1 });
    expect(c.run('kubectl explain deploy --api-version=apps/v2').stderr).toBe('error: couldn\'t find resource for "apps/v2, Resource=deployments"\n');
    expect(c.run('kubectl explain pods a').stderr).toBe('error: We accept only this format: explain RESOURCE\n');
  });

  // kubectl/pkg/cmd/apiresources/apiversions.go, top/top_node.go, config/{view,get_contexts,
  // current_context,use_context}.go, clusterinfo/clusterinfo.go, events/events.go and cmd.go's command
  // order for cobra's suggestions (v1.31); texts as kubectl v1.31.9 printed them against kubeplay serve
  // (whose kubeconfig names the cluster `kubeplay` too) and offline for unknown commands.
  it('api-versions, top without metrics-server, config contexts, cluster-info, events, unknown commands', () => {
    expect(c.run('kubectl api-versions').stdout).toBe(
      'admissionregistration.k8s.io/v1\napiregistration.k8s.io/v1\napps/v1\nauthentication.k8s.io/v1\nauthorization.k8s.io/v1\nautoscaling/v2\nbatch/v1\ncoordination.k8s.io/v1\ndiscovery.k8s.io/v1\nnetworking.k8s.io/v1\npolicy/v1\nrbac.authorization.k8s.io/v1\nstorage.k8s.io/v1\nv1\n',
    );
    expect(c.run('kubectl top node')).toMatchObject({ stdout: '', stderr: 'error: Metrics API not available\n', exitCode: 1 });
    expect(c.run('kubectl top pod -A').stderr).toBe('error: Metrics API not available\n');
    expect(c.run('kubectl top x').stderr).toBe('error: unknown command "x"\nSee \'kubectl top -h\' for help and examples\n');
    // top_node.go / top_pod.go Complete and Validate, before any request (kubectl v1.31.9, same texts).
    expect(c.run('kubectl top nodes a b')).toMatchObject({ stderr: "error: node [NAME | -l label]\nSee 'kubectl top node -h' for help and examples\n", exitCode: 1 });
    expect(c.run('kubectl top pods a b').stderr).toBe("error: pod [NAME | -l label]\nSee 'kubectl top pod -h' for help and examples\n");
    expect(c.run('kubectl top node --sort-by=disk').stderr).toBe('error: --sort-by accepts only cpu or memory\n');
    expect(c.run('kubectl top node x -l a=b').stderr).toBe('error: only one of NAME or --selector can be provided\n');
    expect(c.run('kubectl top po x -l a=b').stderr).toBe('error: only one of NAME or selector can be provided\n');
    expect(c.run('kubectl top node --sort-by=cpu').stderr).toBe('error: Metrics API not available\n');
    expect(c.run('kubectl config current-context').stdout).toBe('kubernetes-admin@kubeplay\n');
    expect(c.run('kubectl config get-contexts').stdout).toBe(
      'CURRENT   NAME                        CLUSTER    AUTHINFO           NAMESPACE\n*         kubernetes-admin@kubeplay   kubeplay   kubernetes-admin   \n',
    );
    expect(c.run('kubectl config get-contexts nope')).toMatchObject({
      stdout: 'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n', stderr: 'error: context nope not found\n', exitCode: 1,
    });
    expect(c.run('kubectl config use-context nope').stderr).toBe('error: no context exists with the name: "nope"\n');
    expect(c.run('kubectl config view').stdout).toContain('current-context: kubernetes-admin@kubeplay\nkind: Config\npreferences: {}\nusers:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: DATA+OMITTED\n');
    expect(c.run('kubectl cluster-info').stdout).toBe(
      // kubeadm's kube-dns Service carries kubernetes.io/cluster-service=true, so cluster-info lists CoreDNS (as on a real kubeadm cluster).
      "\x1b[0;32mKubernetes control plane\x1b[0m is running at \x1b[0;33mhttps://10.0.0.10:6443\x1b[0m\n" +
        "\x1b[0;32mCoreDNS\x1b[0m is running at \x1b[0;33mhttps://10.0.0.10:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\x1b[0m\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n",
    );
    c.run('kubectl create deployment ev --image=nginx:1.25');
    expect(c.run('kubectl events --for deploy/ev').stdout).toMatch(/^LAST SEEN {3}TYPE {5}REASON {14}OBJECT {10}MESSAGE\n\S+ +Normal {3}ScalingReplicaSet {3}Deployment\/ev {3}Scaled up replica set ev-\w+ to 1\n$/);
    expect(c.run('kubectl events --types=Warning')).toMatchObject({ stdout: '', stderr: 'No events found in default namespace.\n', exitCode: 0 });
    expect(c.run('kubectl events --types=Bad').stderr).toBe('error: valid --types are Normal or Warning\n');
    expect(c.run('kubectl events --for web').stderr).toBe('error: --for must be in resource/name form\n');
    expect(c.run('kubectl events -A --for node/worker-1').stdout).toMatch(/^NAMESPACE +LAST SEEN +TYPE +REASON +OBJECT +MESSAGE\ndefault +\S+ +Normal +RegisteredNode +Node\/worker-1 +Node worker-1 event: Registered Node worker-1 in Controller\n$/);
    expect(c.run('kubectl gett').stderr).toBe('error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n');
    expect(c.run('kubectl ap').stderr).toBe('error: unknown command "ap" for "kubectl"\n\nDid you mean this?\n\ttop\n\tcp\n\tapply\n\tapi-versions\n\tapi-resources\n');
    expect(c.run('kubectl ps').stderr).toBe('error: unknown command "ps" for "kubectl"\n\nDid you mean this?\n\tget\n\tcp\n\twait\n');
    expect(c.run('kubectl cp a b').stderr).toBe('error: "kubectl cp" is a real kubectl command that Kubeplay does not simulate yet\n');
    expect(c.run('kubectl hel').stderr).toBe('error: unknown command "hel" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n');
    // Issue 18 point 6: typos of real commands, as kubectl v1.31.9 printed them (exit 1).
    expect(c.run('kubectl verison')).toMatchObject({ stderr: 'error: unknown command "verison" for "kubectl"\n\nDid you mean this?\n\tversion\n', exitCode: 1 });
    expect(c.run('kubectl desribe pods')).toMatchObject({ stderr: 'error: unknown command "desribe" for "kubectl"\n\nDid you mean this?\n\tdescribe\n', exitCode: 1 });
    expect(c.run('kubectl gett pods').exitCode).toBe(1);
    // kubectl/pkg/cmd/alpha.go: no alpha commands in v1.31, said on stderr with exit 0.
    expect(c.run('kubectl alpha')).toMatchObject({ stdout: '', stderr: 'No alpha commands are available in this version of kubectl\n', exitCode: 0 });
  });

  it('the suggester never offers the very word it refused', () => {
    for (const word of ['verison', 'gett', 'desribe', 'get', 'version', 'describe', 'apply', 'logs', 'GET']) {
      const err = unknownCommand(word);
      const offered = err.split('\n').filter((l) => l.startsWith('\t')).map((l) => l.slice(1));
      expect(offered).not.toContain(word);
    }
    // A real command word is never "unknown" in the page: it runs, or is said to be not simulated.
    for (const word of ['version', 'get', 'describe', 'cp']) expect(c.run(`kubectl ${word} --help-nope`).stderr).not.toMatch(/unknown command/);
  });

  it('config use-context and --context choose the credentials of a kubeconfig user', () => {
    const u = buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane', groups: [] }] }, { seed: 5 });
    expect(u.run('kubectl get pods --context jane@kubeplay').stderr).toMatch(/^Error from server \(Forbidden\): pods is forbidden: User "jane" cannot list resource "pods"/);
    // clientcmd's validation error, as kubectl 1.31.9 prints it for an unknown --context.
    expect(u.run('kubectl get pods --context nope').stderr).toBe('Error in configuration: context was not found for specified context: nope\n');
    expect(u.run('kubectl config use-context jane@kubeplay').stdout).toBe('Switched to context "jane@kubeplay".\n');
    expect(u.run('kubectl config current-context').stdout).toBe('jane@kubeplay\n');
    expect(u.run('kubectl get pods').stderr).toMatch(/User "jane" cannot list/);
    expect(u.run('kubectl config use-context kubernetes-admin@kubeplay').exitCode).toBe(0);
    expect(u.run('kubectl get pods')).toMatchObject({ stderr: 'No resources found in default namespace.\n', exitCode: 0 });
  });
});
