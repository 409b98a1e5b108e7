// Issue 17's fidelity check: real kubectl v1.31 (the oracle) against `kubeplay serve`, and the
// in-page kubectl on the same served cluster at (nearly) the same simulated time, compared byte
// for byte once AGE columns, timestamps and resourceVersions are masked (kubectl-compare.ts).
// A command that writes runs once per side on its own object (`r-…` for real kubectl, `p-…` for
// the page), and the names are made equal before comparing. Differences not fixed yet are
// `it.fails`, each with why. With CI=true and no kubectl v1.31 the suite fails;
// elsewhere it says it is skipped (kubectl-compare-setup.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Output } from './kubectl-compare';
import { comparable, describeWithKubectl, inPage, kubectlFor, realKubectl, serveForKubectl } from './kubectl-compare-setup';
import type { ServeHandle } from './serve';

const KUBECTL = kubectlFor('kubectl-compare');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: compare}
spec:
  seed: 7
  users: [{name: jane, groups: [developers]}]
  steps: []
`;

const MANIFEST = `apiVersion: v1
kind: ServiceAccount
metadata:
  name: NAME-sa
`;

/** Read-only commands: the same line on both sides. */
const READS: string[] = [
  'get nodes',
  'get nodes -o wide',
  'get nodes --no-headers',
  'get nodes -o name',
  "get nodes -o jsonpath='{.items[*].metadata.name}'",
  'get nodes -o custom-columns=NAME:.metadata.name,KUBELET:.status.nodeInfo.kubeletVersion',
  'get nodes --show-labels',
  `get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}'`,
  'get namespaces',
  'get ns kube-system -o yaml',
  'get ns default -o json',
  'get pods',
  'get pods -A',
  'get pods -n kube-system',
  // kubeadm's kube-system: kube-proxy's DaemonSet, CoreDNS's Deployment and the kube-dns Service.
  'get ds,deploy,svc -n kube-system',
  'get svc kube-dns -n kube-system -o wide',
  'get ds kube-proxy -n kube-system -o wide',
  'get pods -n kube-system -l tier=control-plane -o wide',
  'get pods -o wide',
  'get pods -l app=web',
  'get pods -l app=web -o name',
  'get pods --field-selector=status.phase=Running',
  'get deployments',
  'get deploy web -o wide',
  'get deploy/web',
  'get deploy/web deployments.apps/web',
  'get deploy/web node/worker-1',
  'get deploy,deployments',
  'get deploy,deployments web',
  'get deploy web -o yaml',
  'get deploy web -o json',
  "get deploy web -o jsonpath='{.spec.replicas}'",
  'get rs',
  'get rs -o wide',
  'get services',
  'get svc kubernetes -o yaml',
  'get svc -o wide',
  'get endpointslices',
  'get configmaps',
  'get cm -A',
  'get cm kube-root-ca.crt -o yaml',
  'describe configmap kube-root-ca.crt',
  'get secrets',
  'create configmap x --from-literal=a=b --from-literal=c=d --dry-run=client -o yaml',
  'create configmap x --from-literal=a=b -n dev --dry-run=client -o json',
  'create secret generic s --from-literal=user=admin --dry-run=client -o yaml',
  'create secret docker-registry reg --docker-username=u --docker-password=p --dry-run=client -o yaml',
  'create secret generic s --from-literal=a --dry-run=client',
  'get serviceaccounts',
  'get sa default -o yaml',
  'get leases -n kube-node-lease',
  'get clusterroles --no-headers -o name',
  'get clusterrolebindings cluster-admin -o yaml',
  'get roles -A',
  'get pods,deploy',
  'get all',
  'get pod nope',
  'get nopes',
  'describe node worker-1',
  'describe deployment web',
  'describe service kubernetes',
  'describe namespace default',
  'api-resources',
  'api-resources --namespaced=false',
  'api-resources --api-group=apps',
  'auth can-i create pods',
  'auth can-i list pods --as jane',
  'auth can-i delete nodes --as jane',
  'auth can-i --list --as jane',
  'rollout status deployment web',
  'get events --field-selector=involvedObject.kind=Node',
  'explain pod.spec.containers',
  'version --client=false -o json',
  // Added in the second session of 2026-12-02: -o wide for every kind served, selectors, -L, describe.
  'version',
  'version --client -o yaml',
  'get deploy -o wide',
  'get sa -A -o wide',
  'get ns -o wide',
  'get endpointslices -A -o wide',
  'get leases -A -o wide',
  'get roles -A -o wide',
  'get rolebindings -A -o wide',
  'get quota -A -o wide',
  'get limits -A',
  'get pods -A -o wide',
  "get pods -l 'app in (web)' -o wide",
  'get pods -A -l app!=web',
  'get deploy -l app=web',
  'get pods -L app',
  'get pods -A -L app,k8s-app,kubernetes.io/metadata.name --show-labels',
  'get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,IMAGES:.spec.containers[*].image,X:.spec.nope',
  'get nodes -o custom-columns=NAME',
  'describe pods -l app=web',
  'describe rs',
  'describe ns kube-system',
  // Issue 12, workloads (third session of 2026-12-02).
  'rollout history deployment web --revision=1',
  'rollout history deployment web --revision=7',
  'get cronjobs -A -o wide',
  // Added in the third session of 2026-12-02: explain, describe of every node.
  'explain deployments.apps.spec.template',
  'explain svc.spec.ports --recursive',
  'explain pod.spec.nope',
  'describe nodes',
  'api-versions',
  'top node',
  'top pod -A',
  'config get-contexts',
  'config current-context',
  // Issue 18: the server's JSON as get --raw prints it, and its NotFound.
  'get --raw /api/v1/namespaces/default/services/kubernetes',
  'get --raw /api/v1/namespaces/default/pods/nope',
  'events --for deploy/web',
  'events -A --for node/worker-1',
  'events --types=Warning',
  'gett',
  // kubectl-verbs helper (issue 12): the `all` category from discovery, in kube-apiserver's group order.
  'get all -A',
  'get all -n kube-system -o wide',
  'get all -n nope',
  'get all,cm',
  'get all -l app=web --show-labels',
  'get all -o name',
  // kubectl-verbs helper (issue 12): -o wide, --sort-by, --no-headers, -L, --show-labels per kind served.
  'get ds,sts,jobs,cronjobs,hpa,ingress,pdb -A -o wide',
  'get pv,pvc,sc -A -o wide',
  // kubectl's WithNamespace stays set once a namespaced type was printed with -A (get.go's shallow flag copy).
  'get pvc,nodes,sc -A',
  'get sc,pvc -A',
  'get cm,secrets,sa -A -o wide --show-labels',
  'get clusterroles,clusterrolebindings -o wide --no-headers -l kubernetes.io/bootstrapping=rbac-defaults',
  'get ingressclasses -o wide',
  'get pods -A --sort-by=.metadata.name -o wide',
  'get pods -A --sort-by=.status.startTime -L app --no-headers',
  'get deploy,rs -A -o wide -L app --show-labels',
  'get svc -A --sort-by=.spec.clusterIP -o wide',
  'get nodes --sort-by=.metadata.name -o custom-columns=NAME:.metadata.name,CPU:.status.capacity.cpu --no-headers',
  'get pods --sort-by=.nope',
  // kubectl-verbs helper (issue 12): auth whoami through the SelfSubjectReview API.
  'auth',
  'auth nope',
  'auth whoami',
  'auth whoami -o yaml',
  'auth whoami -o json',
  'auth whoami -o name',
  "auth whoami -o jsonpath='{.status.userInfo.username}'",
  'auth whoami -o wide',
  'auth whoami --as jane',
  'auth whoami --as system:anonymous',
  // sa-12 helper (issue 12): kubectl create token's own checks and the TokenRequest API's errors
  // (a created token is a fresh JWT each time, so only the refusals compare byte for byte).
  'create token',
  'create token nobody',
  'create token default --duration=5m',
  'create token default --duration=-1s',
  'create token default --duration=abc',
  'create token default --bound-object-kind=Foo',
  'create token default --bound-object-kind=Pod --bound-object-name=nope',
  'create ingress x --rule=foo.com/bar*=svc1:8080,tls=my-cert --class=nginx --dry-run=client -o yaml',
  // Issue 12's task pages (tasks-pages helper): -o go-template, logs -l.
  `get nodes -o go-template='{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}'`,
  "get deploy web -o go-template='{{.spec.replicas}} {{.metadata.labels}} {{.spec.nope}} {{len .spec.template.spec.containers}}'",
  "get deploy web -o template='{{.kind}}'",
  "get pods -o go-template='{{.metadata.name'",
  'get pods -o go-template',
  'logs -l app=nobody',
  'logs -l app=web web',
  // kubectl-12 helper (issue 12): logs --prefix, --since, --since-time and their errors; -f's stream limit; top, edit's errors.
  // One pod: with several, kubectl v1.31 reads them in Go's map order, which varies from run to run.
  'logs deploy/web --prefix',
  // logs through serve with -c and --previous (issue 17 point 2): a container by name, a wrong one,
  // and a container that never restarted (the kubelet's `previous terminated container ... not found`).
  'logs deploy/web -c nginx --tail=2',
  'logs deploy/web -c nope',
  'logs deploy/web --previous',
  'logs deploy/web --since=1h --prefix --tail=1',
  'logs deploy/web --all-containers --prefix',
  'logs deploy/web --all-containers -c nginx',
  'logs -l app=web --since=abc',
  'logs -l app=web --since=-5s',
  'logs -l app=web --since=5s --since-time=2020-01-01T00:00:00Z',
  'logs -l app=web -f --max-log-requests=1',
  // fidelity-12 helper: logs of a Service's pods, kinds with no pod selector, logs.go's NotFound wrapping.
  'logs svc/web --prefix',
  'logs nope',
  'logs deploy/nope',
  'logs node/worker-1',
  'logs cm/kube-root-ca.crt',
  'logs foo/x',
  'top node',
  'top pod -A',
  'edit',
  'edit deploy nope',
  // Storage (issue 12): the default StorageClass kind clusters boot with, its tables and describe.
  'get sc',
  'get storageclass standard -o yaml',
  'get pv,pvc,sc',
  'describe sc standard',
  'describe storageclass',
  // The in-page get prints the apiserver's Table (issue 17 point 3): sorting rows by the objects
  // they carry (includeObject=Object), kinds before names, one header for several named objects.
  'get pods -A --sort-by=.spec.nodeName -o wide',
  'get nodes --sort-by=.metadata.name --no-headers',
  'get pods -A --sort-by=.nope',
  'get nodes worker-2 worker-1',
  'get nodes worker-2 worker-1 --sort-by=.metadata.name',
  'get node/worker-1 ns/default deploy/web -o wide',
  'get deploy,rs -A --show-labels -L app',
  'get events -A -o wide --sort-by=.metadata.name',
  // Services as learners meet them (issue 13): expose, Endpoints, describe of both. `web` is exposed in beforeAll.
  'expose deployment web --dry-run=client -o yaml',
  'expose deployment/web --type=NodePort --port 8080 --target-port=80 --name=web2 --dry-run=client -o yaml',
  'expose deployment web --port=80,443 --protocol=UDP --selector=app=web,tier=x --dry-run=client -o yaml',
  'expose deployment web --cluster-ip=None --port=80 --dry-run=client -o json',
  'expose deployment web --port=abc --dry-run=client -o yaml',
  'expose deployment nope --port=80',
  'expose node worker-1 --port=80',
  'expose svc kubernetes --name=k2',
  'expose',
  'get endpoints',
  'get ep -A',
  'get ep kubernetes -o yaml',
  'get ep web -o yaml',
  'describe endpoints',
  'describe svc web',
  'get endpointslices',
  // Issue 12, pod-volumes helper: the Node authorizer refuses a kubelet what its node's pods do not reference.
  'get secrets -A --as=system:node:worker-1 --as-group=system:nodes',
  'get cm kube-root-ca.crt -n kube-node-lease --as=system:node:worker-1 --as-group=system:nodes',
  // kubectl run -i/-t/--rm's checks (kubectl-17 helper; run.go).
  'run x --image=busybox --rm',
  'run x --image=busybox -t',
  'run x --image=busybox -it --dry-run=client',
  'run x --image=busybox -i --pod-running-timeout=0',
  'run x --image=busybox -i --pod-running-timeout=abc',
  // describe12 helper (issue 12): describe of ServiceAccounts, RBAC objects and EndpointSlices.
  'describe sa default',
  'describe serviceaccounts -n kube-system',
  'describe role -n kube-system extension-apiserver-authentication-reader',
  'describe roles -n kube-system',
  'describe rolebinding -n kube-system system::leader-locking-kube-scheduler',
  'describe rolebindings -n kube-system',
  'describe clusterrole admin system:node-proxier',
  'describe clusterroles',
  'describe clusterrolebinding cluster-admin',
  'describe clusterrolebindings',
  'describe endpointslice kubernetes',
  'describe endpointslices -n kube-system',
  'describe endpointslices',
];

/** Writing commands: `{n}` is `r` for real kubectl and `p` for the page. */
const SSA_CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: NAME-ssa\n  labels:\n    test-label: test\ndata:\n  key: some value\n';
const SSA_DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: NAME-ssa\n  labels:\n    app: NAME-ssa\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: NAME-ssa\n' +
  '  template:\n    metadata:\n      labels:\n        app: NAME-ssa\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.25\n        ports:\n        - containerPort: 80\n';

const DIFF_CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: NAME-diff\n  labels:\n    app: diff\ndata:\n  a: "1"\n  b: x\n';

const WRITES: { cmd: string; stdin?: string }[] = [
  { cmd: 'create deployment {n}-api --image=nginx:1.25' },
  { cmd: 'create serviceaccount {n}-robot' },
  { cmd: 'create namespace {n}-ns' },
  { cmd: 'apply -f -', stdin: MANIFEST },
  { cmd: 'label deployment {n}-api tier=backend' },
  { cmd: 'annotate deployment {n}-api note=x' },
  { cmd: 'scale deployment {n}-api --replicas=2' },
  { cmd: 'create service clusterip {n}-svc --tcp=80:80' },
  // GetFirstPod (exec-12b helper): the Service selects no pod; kubectl watches for one until --pod-running-timeout.
  { cmd: 'exec svc/{n}-svc --pod-running-timeout=1s -- hostname' },
  { cmd: 'logs svc/{n}-svc --pod-running-timeout=1s' },
  { cmd: 'create service nodeport {n}-np --tcp=80:8080,443 --node-port=30080' },
  { cmd: 'create service clusterip {n}-headless --clusterip=None --tcp=80' },
  { cmd: 'create service externalname {n}-ext --external-name=example.com' },
  { cmd: 'create service clusterip {n}-bad --tcp=80:http_x' },
  // One key: real kubectl's describe prints a ConfigMap's keys in Go's random map order.
  { cmd: 'create configmap {n}-cfg --from-literal=a=b' },
  { cmd: 'describe configmap {n}-cfg' },
  { cmd: "get configmap {n}-cfg -o jsonpath='{.data}'" },
  { cmd: 'create secret generic {n}-sec --from-literal=user=admin' },
  { cmd: 'describe secret {n}-sec' },
  { cmd: "get secret {n}-sec -o jsonpath='{.data.user}{.type}'" },
  { cmd: 'create secret generic {n}-bad --from-literal=a=b --type=kubernetes.io/tls' },
  { cmd: 'apply -f -', stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: NAME-frozen\nimmutable: true\ndata:\n  a: "1"\n' },
  { cmd: 'apply -f -', stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: NAME-frozen\nimmutable: true\ndata:\n  a: "2"\n' },
  // Issue 12, workloads: CronJobs and rollouts (third session of 2026-12-02).
  { cmd: "create cronjob {n}-cj --image=busybox:1.28 --schedule='*/5 * * * *' -- date" },
  { cmd: 'get cronjob {n}-cj' },
  { cmd: 'describe cronjob {n}-cj' },
  { cmd: "create cronjob {n}-badcj --image=busybox --schedule='* * *'" },
  { cmd: 'create job {n}-manual --from=cronjob/{n}-cj' },
  { cmd: 'rollout pause deployment {n}-api' },
  { cmd: 'rollout pause deployment {n}-api' },
  { cmd: 'rollout resume deployment {n}-api' },
  { cmd: 'rollout resume deployment {n}-api' },
  // Quotas and storage (issue 12): create quota's object, describe quota, a PV and a claim through the apiserver's printers.
  { cmd: 'create quota {n}-quota --hard=pods=5,requests.memory=1024Mi' },
  { cmd: "get quota {n}-quota -o jsonpath='{.spec}'" },
  // Both quotas would refuse every later pod in the namespace (no requests.memory): they go at once.
  { cmd: 'delete quota {n}-quota' },
  { cmd: 'create quota {n}-bad --hard=pods' },
  { cmd: 'apply -f -', stdin: 'apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: NAME-pv\nspec:\n  storageClassName: manual\n  capacity:\n    storage: 10Gi\n  accessModes:\n    - ReadWriteOnce\n  hostPath:\n    path: "/mnt/data"\n' },
  { cmd: "get pv {n}-pv -o jsonpath='{.spec.persistentVolumeReclaimPolicy}'" },
  { cmd: 'describe pv {n}-pv' },
  // A claim of the default WaitForFirstConsumer class that no pod uses stays Pending.
  { cmd: 'apply -f -', stdin: 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: NAME-claim\nspec:\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 1Gi\n' },
  { cmd: 'get pvc {n}-claim' },
  { cmd: 'describe pvc {n}-claim' },
  // Issue 12 (policy helper): the server-side tables of PodDisruptionBudgets, Ingresses and HPAs. The
  // budget selects no pod, so ALLOWED DISRUPTIONS is 0 whenever each side looks.
  { cmd: 'apply -f -', stdin: 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: NAME-pdb\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: nothing\n' },
  { cmd: 'get pdb {n}-pdb' },
  { cmd: 'describe pdb {n}-pdb' },
  {
    cmd: 'apply -f -',
    stdin:
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: NAME-ing\nspec:\n  ingressClassName: nginx\n  rules:\n  - host: hello-world.example\n    http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n          service:\n            name: web\n            port:\n              number: 8080\n',
  },
  { cmd: 'get ingress {n}-ing' },
  // kubectl-verbs helper: describe ingress (its backend `web` is the suite's Deployment, not a Service: <error>).
  { cmd: 'describe ingress {n}-ing' },
  { cmd: 'create service clusterip {n}-web --tcp=8080:80' },
  { cmd: 'create ingress {n}-ing2 --rule=foo.com/*={n}-web:8080,tls=cert --rule=/x={n}-web:http --default-backend={n}-web:8080 --annotation=a=b' },
  { cmd: 'describe ingress {n}-ing2' },
  {
    cmd: 'apply -f -',
    stdin:
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: NAME-hpa\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  minReplicas: 1\n  maxReplicas: 10\n  metrics:\n  - type: Resource\n    resource:\n      name: cpu\n      target:\n        type: Utilization\n        averageUtilization: 50\n',
  },
  { cmd: 'get hpa {n}-hpa' },
  { cmd: 'describe hpa {n}-hpa' },
  {
    cmd: 'apply -f -',
    stdin:
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: NAME-hpa2\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  maxReplicas: 5\n  metrics:\n  - type: Resource\n    resource:\n      name: memory\n      target:\n        type: AverageValue\n        averageValue: 500Mi\n  - type: Pods\n    pods:\n      metric:\n        name: packets-per-second\n      target:\n        type: AverageValue\n        averageValue: 1k\n  - type: Object\n    object:\n      metric:\n        name: requests-per-second\n      describedObject:\n        apiVersion: networking.k8s.io/v1\n        kind: Ingress\n        name: main-route\n      target:\n        type: Value\n        value: 10k\n  - type: ContainerResource\n    containerResource:\n      name: cpu\n      container: app\n      target:\n        type: Utilization\n        averageUtilization: 60\n  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 300\n      policies:\n      - type: Percent\n        value: 10\n        periodSeconds: 60\n',
  },
  { cmd: 'describe hpa {n}-hpa2' },
  { cmd: 'delete serviceaccount {n}-robot' },
  { cmd: 'delete namespace {n}-ns' },
  // The writing verbs of issue 12: patch (strategic, merge, json; no change), --dry-run, key-, wait.
  { cmd: `patch deployment {n}-api -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'` },
  { cmd: `patch deployment {n}-api -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}' --type=strategic` },
  { cmd: `patch deployment {n}-api --type json -p '[{"op":"remove","path":"/spec/foo"}]'` },
  { cmd: `patch deployment {n}-api --type merge -p '{"spec":{"replicas":3}}' --dry-run=server` },
  { cmd: 'label deployment {n}-api tier-' },
  { cmd: 'label deployment {n}-api tier-' + ' --overwrite' },
  { cmd: 'annotate deployment {n}-api note-' },
  { cmd: 'create configmap {n}-dry --from-literal=a=b --dry-run=server' },
  { cmd: 'get configmap {n}-dry' },
  { cmd: 'delete configmap {n}-cfg --dry-run=server' },
  { cmd: 'wait --for=condition=Available deployment/{n}-api --timeout=60s' },
  { cmd: "wait --for=jsonpath='{.spec.replicas}'=2 deployment/{n}-api --timeout=5s" },
  { cmd: 'wait --for=delete configmap/{n}-nope --timeout=5s' },
  { cmd: 'wait --for=condition=Nope deployment/{n}-api --timeout=0' },
  { cmd: 'run {n}-dry --image=nginx:1.25 --dry-run=server' },
  { cmd: 'apply -f - --dry-run=client', stdin: MANIFEST },
  { cmd: 'replace -f -', stdin: MANIFEST },
  { cmd: 'delete deployments -l app={n}-nobody' },
  // kubectl-verbs helper (issue 12): describe namespace with its quotas (scopes' help lines) and
  // limit ranges (one resource per item: Go ranges over an item's resources in random order).
  { cmd: 'create namespace {n}-q' },
  { cmd: 'describe namespace {n}-q' },
  { cmd: 'create quota q1 -n {n}-q --hard=pods=5,requests.memory=1Gi,cpu=2' },
  { cmd: 'create quota a0 -n {n}-q --hard=pods=3 --scopes=BestEffort,NotTerminating' },
  { cmd: 'apply -n {n}-q -f -', stdin: 'apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec:\n  limits:\n  - type: Container\n    default: {memory: 512Mi}\n  - type: Pod\n    max: {cpu: "2"}\n' },
  { cmd: 'describe namespace {n}-q' },
  { cmd: 'delete namespace {n}-q' },
  { cmd: 'create quota x -n {n}-missing --hard=pods=1' },
  // Issue 12's task pages (tasks-pages helper): apply prints the objects under -o, refuses -o wide.
  { cmd: "apply -f - -o go-template='{{.kind}}/{{.metadata.name}}'", stdin: MANIFEST },
  { cmd: "apply -f - --dry-run=client -o go-template='{{.kind}}'", stdin: MANIFEST },
  { cmd: 'apply -f - -o wide', stdin: MANIFEST },
  { cmd: 'expose deployment {n}-api --port=80 --target-port=8080' },
  { cmd: 'expose deployment {n}-api --port=80' },
  { cmd: "get svc {n}-api -o jsonpath='{.spec.ports}'" },
  // Server-side apply (ssa helper): kubernetes.io "Server-Side Apply": the ConfigMap example's
  // managedFields, a field dropped from the configuration goes, a client-side apply's
  // .spec.replicas conflicts until forced, the migration from client-side apply, the flags refused.
  { cmd: 'apply --server-side -f -', stdin: SSA_CONFIGMAP },
  { cmd: "get configmap {n}-ssa -o jsonpath='{.metadata.managedFields}'" },
  { cmd: 'apply --server-side -f -', stdin: SSA_CONFIGMAP.replace('  labels:\n    test-label: test\n', '') },
  { cmd: "get configmap {n}-ssa -o jsonpath='{.metadata.labels}{.metadata.managedFields[*].fieldsV1}'" },
  { cmd: 'apply --validate=strict -f -', stdin: SSA_DEPLOYMENT },
  { cmd: 'apply --server-side -f -', stdin: SSA_DEPLOYMENT.replace('replicas: 1', 'replicas: 2') },
  { cmd: 'apply --server-side --field-manager=other -f -', stdin: SSA_DEPLOYMENT.replace('replicas: 1', 'replicas: 2') },
  { cmd: 'apply --server-side -f -', stdin: SSA_DEPLOYMENT },
  { cmd: "get deployment {n}-ssa -o jsonpath='{.metadata.managedFields[?(@.manager==\"kubectl\")].fieldsV1}'" },
  { cmd: 'apply --server-side --dry-run=server --force-conflicts -f -', stdin: SSA_DEPLOYMENT.replace('replicas: 1', 'replicas: 2') },
  { cmd: 'apply --server-side --force-conflicts -f -', stdin: SSA_DEPLOYMENT.replace('replicas: 1', 'replicas: 2') },
  { cmd: "get deployment {n}-ssa -o jsonpath='{.spec.replicas}'" },
  { cmd: 'apply --server-side --field-manager=other -f -', stdin: SSA_DEPLOYMENT },
  { cmd: 'apply --server-side --dry-run=client -f -', stdin: SSA_DEPLOYMENT },
  { cmd: 'apply --force-conflicts -f -', stdin: SSA_DEPLOYMENT },
  // kubectl diff (kubectl-17 helper): diff -u -N of the live and the dry-run merged object, client-side
  // and --server-side, exit 1 when they differ, 0 when not, 2 for an error; a Secret's data masked.
  { cmd: 'diff -f -', stdin: DIFF_CONFIGMAP },
  { cmd: 'diff --server-side -f -', stdin: DIFF_CONFIGMAP },
  { cmd: 'apply -f -', stdin: DIFF_CONFIGMAP },
  { cmd: 'diff -f -', stdin: DIFF_CONFIGMAP },
  { cmd: 'diff -f -', stdin: DIFF_CONFIGMAP.replace('"1"', '"2"') },
  { cmd: 'diff --server-side -f -', stdin: DIFF_CONFIGMAP.replace('"1"', '"2"') },
  { cmd: 'diff --server-side --force-conflicts -f -', stdin: DIFF_CONFIGMAP.replace('"1"', '"2"') },
  { cmd: 'diff --force-conflicts -f -', stdin: DIFF_CONFIGMAP },
  { cmd: 'create secret generic {n}-dsec --from-literal=a=1 --from-literal=b=2' },
  { cmd: 'diff -f -', stdin: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: NAME-dsec\ndata:\n  a: MQ==\n  b: Mw==\n  c: NA==\n' },
  { cmd: 'diff --server-side --force-conflicts -f -', stdin: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: NAME-dsec2\ndata:\n  a: MQ==\n' },
];

/**
 * Known differences, each a bug in one of the two (real kubectl is right), not fixed yet: the
 * command, and why. Found by this suite.
 */
const KNOWN: Record<string, string> = {};

/**
 * `kubectl exec` (issue 12): real kubectl over a WebSocket (v5.channel.k8s.io, exec-stream.ts), the
 * page's over the simulated network; `{pod}` is one of the web Deployment's pods. containerd's exec
 * ids (64 hex digits) differ between the two runs and are masked.
 */
const EXECS: string[] = [
  'exec {pod} -- env',
  // The kube-api-access volume (pod-volumes helper).
  'exec {pod} -- ls /var/run/secrets/kubernetes.io/serviceaccount',
  'exec {pod} -- cat /var/run/secrets/kubernetes.io/serviceaccount/namespace',
  'exec {pod} -- cat /etc/resolv.conf',
  'exec {pod} -- cat /etc/hosts',
  "exec {pod} -- sh -c 'echo $HOSTNAME; exit 3'",
  'exec {pod} -- ps',
  'exec {pod} -c nope -- env',
  'exec nope -- env',
  'exec {pod} hostname',
  // The Secrets task page's pipeline and dash's echo (tasks-pages helper).
  "exec {pod} -- sh -c 'env | grep ^HOME'",
  "exec {pod} -- sh -c 'echo \"a\\nb\"'",
  // issue 13: curl in the nginx image (Debian's curl 7.88.1) resolving through the cluster DNS.
  'exec {pod} -- curl -sS http://nope',
  'exec {pod} -- curl -s http://nope',
  // issue 13 (readiness): files an exec creates and removes stay in the container; coreutils' rm text.
  "exec {pod} -- sh -c 'touch /tmp/ready; cat /tmp/ready && echo there; rm /tmp/ready'",
  'exec {pod} -- rm /tmp/ready',
  // The other stream verbs' checks before they stream (serve-3 helper): port-forward, attach.
  'port-forward {pod}',
  'port-forward pod/nope 8080:80',
  'port-forward svc/nope 8080:80',
  'attach',
  'attach a b c',
  'attach nope',
  // issue 13: the names CoreDNS answers (its kubernetes plugin), through the search list and whole;
  // nginx's image has no nslookup: runc's error, as on a real node.
  'exec {pod} -- curl -s http://web',
  'exec {pod} -- curl -s http://web.default.svc.cluster.local',
  'exec {pod} -- nslookup web',
  // issue 12: TYPE/NAME through attachablePodForObject; `kubernetes` is a Service without a selector.
  'exec deploy/web -- hostname',
  'exec svc/web -- hostname',
  'exec deploy/nope -- hostname',
  'exec svc/kubernetes -- hostname',
  'attach svc/kubernetes',
  // GetPodRunningTimeoutFlag (exec-12b helper): a --pod-running-timeout not above zero.
  'exec deploy/web --pod-running-timeout=0 -- hostname',
  'attach deploy/web --pod-running-timeout=0',
  'logs deploy/web --pod-running-timeout=0',
];

let h: ServeHandle | undefined;
let env: Record<string, string> = {};

const real = (line: string, stdin?: string): Promise<Output> => realKubectl(KUBECTL!, line, env, stdin);
const page = (line: string, stdin?: string): Output => inPage(h!, line, stdin);

describeWithKubectl(KUBECTL, 'real kubectl v1.31 and the in-page kubectl print the same', () => {
  beforeAll(async () => {
    ({ h, env } = await serveForKubectl(SCENARIO, 'kubectl-compare'));
    page('create deployment web --image=nginx:1.25 --replicas=2');
    page('rollout status deployment web');
    page('expose deployment web --port=80');
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  for (const line of READS) {
    const known = KNOWN[line];
    (known ? it.fails : it)(`kubectl ${line}`, async () => {
      const r = await real(line);
      const p = page(line);
      expect(comparable(p)).toEqual(comparable(r));
    }, 30_000);
  }

  for (const line of EXECS) {
    it(`kubectl ${line}`, async () => {
      const pod = page('get pods -l app=web -o name').stdout.split('\n')[0]!.replace('pod/', '');
      const ids = (o: Output): Output => ({ ...o, stderr: o.stderr.replace(/[0-9a-f]{64}/g, '<id>') });
      const r = await real(line.replaceAll('{pod}', pod));
      const p = page(line.replaceAll('{pod}', pod));
      // Not two equal failures: the real exec reached the container.
      if (line === 'exec {pod} -- env') expect(r.stdout).toContain(`HOSTNAME=${pod}\n`);
      expect(comparable(ids(p))).toEqual(comparable(ids(r)));
    }, 30_000);
  }

  for (const w of WRITES) {
    const known = KNOWN[w.cmd];
    (known ? it.fails : it)(`kubectl ${w.cmd}`, async () => {
      const r = await real(w.cmd.replaceAll('{n}', 'r'), w.stdin?.replaceAll('NAME', 'r'));
      const p = page(w.cmd.replaceAll('{n}', 'p'), w.stdin?.replaceAll('NAME', 'p'));
      // Each side writes its own object, so their uids differ (kubectl diff prints a new object's).
      const uids = (o: Output): Output => ({ ...o, stdout: o.stdout.replace(/\buid: [0-9a-f-]{36}$/gm, 'uid: <uid>') });
      expect(comparable(uids(p), 'p')).toEqual(comparable(uids(r), 'r'));
    }, 30_000);
  }
});
