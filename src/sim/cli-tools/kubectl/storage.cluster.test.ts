// Storage on the whole simulated cluster, following the kubernetes.io task "Configure a Pod to Use a
// PersistentVolume for Storage" (configure-persistent-volume-storage) with its manifests unchanged:
// the tables of printPersistentVolume, printPersistentVolumeClaim and printStorageClass
// (pkg/printers/internalversion/printers.go, v1.31), and the persistentvolume-binder
// (pkg/controller/volume/persistentvolume/pv_controller.go) binding a claim to a volume, or
// provisioning one for a StorageClass with a provisioner; the DefaultStorageClass admission plugin
// (plugin/pkg/admission/storage/storageclass/setdefault); and the StatefulSet basics tutorial's
// volumeClaimTemplates (stateful_set_utils.go: claims `www-web-0`, kept on scale-down).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PV = `apiVersion: v1
kind: PersistentVolume
metadata:
  name: task-pv-volume
  labels:
    type: local
spec:
  storageClassName: manual
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
  hostPath:
    path: "/mnt/data"
`;

const PVC = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: task-pv-claim
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 3Gi
`;

const SC = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast
provisioner: rancher.io/local-path
reclaimPolicy: Delete
volumeBindingMode: Immediate
`;

const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 21 });
c.sim.runUntil(c.sim.now + 5_000);
const settle = (ms = 3_000) => c.sim.runUntil(c.sim.now + ms);
/** The AGE cell depends on the run's timing: compared as `<age>`. */
const ageless = (s: string) => s.replace(/ \d+s$/gm, ' <age>');

describe('PersistentVolumes and claims on a cluster (configure-persistent-volume-storage)', () => {
  it('lists a new volume as Available, then binds the claim to it', () => {
    expect(c.run('kubectl apply -f -', { stdin: PV }).stdout).toBe('persistentvolume/task-pv-volume created\n');
    settle();
    expect(ageless(c.run('kubectl get pv task-pv-volume').stdout)).toBe(
      'NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\n' +
        'task-pv-volume   10Gi       RWO            Retain           Available           manual         <unset>                          <age>\n',
    );
    expect(c.run('kubectl apply -f -', { stdin: PVC }).stdout).toBe('persistentvolumeclaim/task-pv-claim created\n');
    settle();
    expect(ageless(c.run('kubectl get pv task-pv-volume').stdout)).toBe(
      'NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\n' +
        'task-pv-volume   10Gi       RWO            Retain           Bound    default/task-pv-claim   manual         <unset>                          <age>\n',
    );
    expect(ageless(c.run('kubectl get pvc task-pv-claim').stdout)).toBe(
      'NAME            STATUS   VOLUME           CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE\n' +
        'task-pv-claim   Bound    task-pv-volume   10Gi       RWO            manual         <unset>                 <age>\n',
    );
  });

  it('boots with kind\'s default StorageClass standard (kind pkg/build/nodeimage/const_storage.go)', () => {
    expect(ageless(c.run('kubectl get sc').stdout)).toBe(
      'NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n' +
        'standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  <age>\n',
    );
  });

  it('provisions a volume at once for a claim of an Immediate class, with its events (pv_controller.go, sig-storage-lib-external-provisioner controller.go)', () => {
    c.run('kubectl apply -f -', { stdin: SC });
    expect(ageless(c.run('kubectl get sc').stdout)).toBe(
      'NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n' +
        'fast                 rancher.io/local-path   Delete          Immediate              false                  <age>\n' +
        'standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  <age>\n',
    );
    const claim = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  storageClassName: fast\n  accessModes: ["ReadWriteOnce"]\n  resources:\n    requests:\n      storage: 1Gi\n';
    c.run('kubectl apply -f -', { stdin: claim });
    settle();
    const uid = c.run('kubectl get pvc data -o jsonpath={.metadata.uid}').stdout;
    expect(c.run('kubectl get pvc data -o jsonpath={.status.phase}/{.spec.volumeName}').stdout).toBe(`Bound/pvc-${uid}`);
    expect(c.run(`kubectl get pv pvc-${uid} -o jsonpath={.spec.persistentVolumeReclaimPolicy}/{.status.phase}`).stdout).toBe('Delete/Bound');
    const reasons = c.run('kubectl get events --field-selector involvedObject.name=data -o jsonpath={.items[*].reason}').stdout;
    expect(reasons).toBe('ExternalProvisioning Provisioning ProvisioningSucceeded');
    expect(c.run('kubectl get events --field-selector reason=Provisioning -o jsonpath={.items[0].message}').stdout).toBe('External provisioner is provisioning volume for claim "default/data"');
    c.run('kubectl delete pvc data');
    settle(10_000);
    expect(c.run(`kubectl get pv pvc-${uid}`).stderr).toBe(`Error from server (NotFound): persistentvolumes "pvc-${uid}" not found\n`);
  });

  it('leaves a claim with no matching volume and no class Pending (FailedBinding)', () => {
    const claim = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: nothing\nspec:\n  storageClassName: ""\n  accessModes: ["ReadWriteMany"]\n  resources:\n    requests:\n      storage: 1Gi\n';
    c.run('kubectl apply -f -', { stdin: claim });
    settle();
    expect(c.run('kubectl get pvc nothing -o jsonpath={.status.phase}').stdout).toBe('Pending');
    expect(c.run('kubectl get events --field-selector involvedObject.name=nothing -o jsonpath={.items[0].message}').stdout).toBe(
      'no persistent volumes available for this claim and no storage class is set',
    );
  });

  it('gives a StatefulSet\'s pods their claims, bound through the default class, and keeps them on scale-down (statefulset basics)', () => {
    const web = `apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.21
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
`;
    c.run('kubectl apply -f -', { stdin: web });
    settle(60_000);
    const pvcs = c.run('kubectl get pvc -l app=nginx -o "jsonpath={range .items[*]}{.metadata.name}:{.status.phase}:{.spec.storageClassName}:{.status.capacity.storage} {end}"').stdout;
    expect(pvcs).toBe('www-web-0:Bound:standard:1Gi www-web-1:Bound:standard:1Gi ');
    expect(c.run('kubectl get pod web-0 -o jsonpath={.spec.volumes[0].persistentVolumeClaim.claimName}').stdout).toBe('www-web-0');
    c.run('kubectl scale sts web --replicas=1');
    settle(60_000);
    expect(c.run('kubectl get pods -l app=nginx -o name').stdout).toBe('pod/web-0\n');
    expect(c.run('kubectl get pvc -l app=nginx -o name').stdout).toBe('persistentvolumeclaim/www-web-0\npersistentvolumeclaim/www-web-1\n');
  });
});

describe('a cluster without the default StorageClass (spec.cluster.defaultStorageClass: false)', () => {
  it('has no StorageClass, so a claim without a class gets none (DefaultStorageClass admission) and stays Pending', () => {
    const bare = buildCluster({ nodes: [{ name: 'worker-1' }], defaultStorageClass: false }, { seed: 21 });
    bare.sim.runUntil(bare.sim.now + 5_000);
    expect(bare.run('kubectl get sc').stderr).toBe('No resources found\n');
    const claim = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  accessModes: ["ReadWriteOnce"]\n  resources:\n    requests:\n      storage: 1Gi\n';
    bare.run('kubectl apply -f -', { stdin: claim });
    bare.sim.runUntil(bare.sim.now + 3_000);
    expect(bare.run('kubectl get pvc data -o jsonpath={.status.phase}/{.spec.storageClassName}').stdout).toBe('Pending/');
  });
});

// kube-scheduler's VolumeBinding with the default WaitForFirstConsumer class (docs "Storage Classes",
// Volume Binding Mode): the claim waits for a pod, the scheduler writes the node it chose on the claim,
// local-path-provisioner makes the volume there (node affinity), and the pod is bound after the claim.
describe('a claim of the default class and the pod that uses it', () => {
  const k = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 8 });
  k.sim.runUntil(k.sim.now + 5_000);
  const claim = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  accessModes: ["ReadWriteOnce"]\n  resources:\n    requests:\n      storage: 2Gi\n';
  const pod = (name: string, claimName: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.25\n  volumes:\n  - name: data\n    persistentVolumeClaim:\n      claimName: ${claimName}\n`;

  it('stays Pending with WaitForFirstConsumer until a pod uses it', () => {
    k.run('kubectl apply -f -', { stdin: claim });
    k.sim.runUntil(k.sim.now + 10_000);
    expect(ageless(k.run('kubectl get pvc data').stdout)).toBe(
      'NAME   STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE\n' +
        'data   Pending                                      standard       <unset>                 <age>\n',
    );
    expect(k.run('kubectl get events --field-selector involvedObject.name=data -o jsonpath={.items[*].message}').stdout).toBe('waiting for first consumer to be created before binding');
  });

  it('is provisioned on the node the scheduler chose, and the pod is bound after it', () => {
    k.run('kubectl apply -f -', { stdin: pod('user', 'data') });
    k.sim.runUntil(k.sim.now + 10_000);
    const node = k.run('kubectl get pod user -o jsonpath={.spec.nodeName}').stdout;
    expect(node).toMatch(/^worker-[12]$/);
    expect(k.run(`kubectl get pvc data -o 'jsonpath={.status.phase} {.metadata.annotations.volume\\.kubernetes\\.io/selected-node}'`).stdout).toBe(`Bound ${node}`);
    const pv = k.run('kubectl get pvc data -o jsonpath={.spec.volumeName}').stdout;
    expect(k.run(`kubectl get pv ${pv} -o jsonpath={.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]}`).stdout).toBe(node);
    expect(k.run('kubectl get events --field-selector involvedObject.name=data -o jsonpath={.items[*].reason}').stdout).toBe(
      'WaitForFirstConsumer ExternalProvisioning Provisioning ProvisioningSucceeded',
    );
    expect(k.run('kubectl get pod user -o jsonpath={.status.phase}').stdout).toBe('Running');
  });

  it('keeps a second pod of the claim on the volume\'s node (volume node affinity)', () => {
    const node = k.run('kubectl get pod user -o jsonpath={.spec.nodeName}').stdout;
    const other = node === 'worker-1' ? 'worker-2' : 'worker-1';
    const pinned = pod('pinned', 'data').replace('spec:\n', `spec:\n  nodeSelector:\n    kubernetes.io/hostname: ${other}\n`);
    k.run('kubectl apply -f -', { stdin: pinned });
    k.sim.runUntil(k.sim.now + 5_000);
    expect(k.run('kubectl get events --field-selector involvedObject.name=pinned -o jsonpath={.items[0].message}').stdout).toBe(
      "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..",
    );
  });

  it('refuses a pod whose claim does not exist, with kube-scheduler\'s message', () => {
    k.run('kubectl apply -f -', { stdin: pod('orphan', 'nope') });
    k.sim.runUntil(k.sim.now + 5_000);
    expect(k.run('kubectl get pod orphan -o jsonpath={.status.conditions[0].message}').stdout).toBe(
      '0/3 nodes are available: persistentvolumeclaim "nope" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..',
    );
  });
});

// A class whose provisioner does not run in the cluster (kind runs only local-path-provisioner): the
// binder hands the claim over (ExternalProvisioning) and nothing comes; VolumeBinding's PreBind
// gives up after bindTimeoutSeconds (600 s) with BindPodVolumes' error (binder.go, v1.31).
describe('a claim whose provisioner is not running', () => {
  it('keeps the pod waiting for its claim, then fails its PreBind after 600 s', () => {
    const k = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 9 });
    k.sim.runUntil(k.sim.now + 5_000);
    const manifests =
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: ebs\nprovisioner: ebs.csi.aws.com\nvolumeBindingMode: WaitForFirstConsumer\n---\n' +
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: disk\nspec:\n  storageClassName: ebs\n  accessModes: ["ReadWriteOnce"]\n  resources:\n    requests:\n      storage: 1Gi\n---\n' +
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: app\nspec:\n  containers:\n  - name: app\n    image: nginx:1.25\n  volumes:\n  - name: d\n    persistentVolumeClaim:\n      claimName: disk\n';
    k.run('kubectl apply -f -', { stdin: manifests });
    k.sim.runUntil(k.sim.now + 30_000);
    expect(k.run('kubectl get pod app -o jsonpath={.status.phase}/{.spec.nodeName}').stdout).toBe('Pending/');
    expect(k.run('kubectl get pvc disk -o jsonpath={.status.phase}').stdout).toBe('Pending');
    expect(k.run('kubectl get events --field-selector involvedObject.name=disk -o jsonpath={.items[*].reason}').stdout).toBe('WaitForFirstConsumer ExternalProvisioning');
    expect(k.run('kubectl get pv').stderr).toBe('No resources found\n');
    k.sim.runUntil(k.sim.now + 600_000);
    expect(k.run('kubectl get events --field-selector involvedObject.name=app,reason=FailedScheduling -o jsonpath={.items[0].message}').stdout).toBe(
      'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded',
    );
  });

  it('reports a class of kubernetes.io/no-provisioner with no volume to bind as ProvisioningFailed', () => {
    const k = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 10 });
    k.sim.runUntil(k.sim.now + 5_000);
    const manifests =
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: local\nprovisioner: kubernetes.io/no-provisioner\n---\n' +
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: disk\nspec:\n  storageClassName: local\n  accessModes: ["ReadWriteOnce"]\n  resources:\n    requests:\n      storage: 1Gi\n';
    k.run('kubectl apply -f -', { stdin: manifests });
    k.sim.runUntil(k.sim.now + 5_000);
    expect(k.run('kubectl get events --field-selector involvedObject.name=disk -o jsonpath={.items[*].type}/{.items[*].message}').stdout).toBe(
      'Warning/no volume plugin matched name: kubernetes.io/no-provisioner',
    );
  });
});
