// Pods that use ConfigMaps and Secrets, following
// https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/ with its
// manifests unchanged (kubernetes/website content/en/examples/configmap/configmap-multikeys.yaml,
// pods/pod-configmap-env-var-valueFrom.yaml, pods/pod-configmap-volume.yaml) and the output the
// page shows; and the kubelet's CreateContainerConfigError for a missing reference
// (pkg/kubelet/kubelet_pods.go makeEnvironmentVariables: `configmap "x" not found`,
// `couldn't find key k in ConfigMap default/x`), retried until the ConfigMap appears.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const CONFIGMAP_MULTIKEYS = `---
{
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: {
    name: "special-config",
    namespace: "default",
  },
  data: {
    SPECIAL_LEVEL: "very",
    SPECIAL_TYPE: "charm",
  },
}
`;

const POD_ENV_VALUE_FROM = `---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "dapi-test-pod",
  },
  spec: {
    containers: [{
      name: "test-container",
      image: "registry.k8s.io/busybox:1.27.2",
      command: [
        "/bin/echo",
        "$(SPECIAL_LEVEL_KEY) $(SPECIAL_TYPE_KEY)",
      ],
      env: [{
        name: "SPECIAL_LEVEL_KEY",
        valueFrom: {
          configMapKeyRef: {
            name: "special-config",
            key: "SPECIAL_LEVEL",
          },
        },
      }, {
        name: "SPECIAL_TYPE_KEY",
        valueFrom: {
          configMapKeyRef: {
            name: "special-config",
            key: "SPECIAL_TYPE",
          },
        },
      }],
    }],
    restartPolicy: "Never",
  },
}
`;

const POD_VOLUME = `---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "dapi-test-pod",
  },
  spec: {
    containers: [{
      name: "test-container",
      image: "registry.k8s.io/busybox:1.27.2",
      command: [
        "/bin/sh",
        "-c",
        "ls /etc/config/",
      ],
      volumeMounts: [{
        name: "config-volume",
        mountPath: "/etc/config",
      }],
    }],
    volumes: [{
      name: "config-volume",
      configMap: {
        # Provide the name of the ConfigMap containing the files you want
        # to add to the container
        name: "special-config",
      },
    }],
    restartPolicy: "Never",
  },
}
`;

function cluster() {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}

function apply(c: ReturnType<typeof cluster>, yaml: string): string {
  return c.run('kubectl apply -f -', { stdin: yaml }).stdout;
}

describe('pods that use ConfigMaps (configure-pod-configmap docs page)', () => {
  it('expands $(VAR) from configMapKeyRef env in the command: the page shows `very charm`', () => {
    const c = cluster();
    expect(apply(c, CONFIGMAP_MULTIKEYS)).toBe('configmap/special-config created\n');
    expect(apply(c, POD_ENV_VALUE_FROM)).toBe('pod/dapi-test-pod created\n');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl logs dapi-test-pod').stdout).toBe('very charm\n');
  });

  it('mounts each key as a file: the page shows SPECIAL_LEVEL and SPECIAL_TYPE', () => {
    const c = cluster();
    apply(c, CONFIGMAP_MULTIKEYS);
    apply(c, POD_VOLUME);
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl logs dapi-test-pod').stdout).toBe('SPECIAL_LEVEL\nSPECIAL_TYPE\n');
  });

  it('waits in CreateContainerConfigError while the ConfigMap is missing, and starts once it exists', () => {
    const c = cluster();
    apply(c, POD_ENV_VALUE_FROM);
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl get pod dapi-test-pod').stdout).toMatch(/^dapi-test-pod\s+0\/1\s+CreateContainerConfigError\s+0\s/m);
    const pod = JSON.parse(c.run('kubectl get pod dapi-test-pod -o json').stdout) as { status: { containerStatuses: { state: { waiting?: { reason: string; message: string } } }[] } };
    expect(pod.status.containerStatuses[0]!.state.waiting).toEqual({ reason: 'CreateContainerConfigError', message: 'configmap "special-config" not found' });
    expect(c.run('kubectl describe pod dapi-test-pod').stdout).toContain('Error: configmap "special-config" not found');
    apply(c, CONFIGMAP_MULTIKEYS);
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl logs dapi-test-pod').stdout).toBe('very charm\n');
  });

  it('names a missing key, and an optional reference lets the container start without it', () => {
    const c = cluster();
    apply(c, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: special-config\ndata:\n  SPECIAL_LEVEL: very\n');
    apply(c, POD_ENV_VALUE_FROM);
    c.sim.runUntil(c.sim.now + 20_000);
    const pod = JSON.parse(c.run('kubectl get pod dapi-test-pod -o json').stdout) as { status: { containerStatuses: { state: { waiting?: { message: string } } }[] } };
    expect(pod.status.containerStatuses[0]!.state.waiting?.message).toBe("couldn't find key SPECIAL_TYPE in ConfigMap default/special-config");
    const optional = POD_ENV_VALUE_FROM.replace('name: "dapi-test-pod"', 'name: "optional-pod"').replace('key: "SPECIAL_TYPE",', 'key: "SPECIAL_TYPE",\n            optional: true,');
    apply(c, optional);
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl logs optional-pod').stdout).toBe('very $(SPECIAL_TYPE_KEY)\n');
  });

  // configure-pod-configmap "Mounted ConfigMaps are updated automatically" (after the kubelet's
  // periodic sync, syncFrequency 1m); "ConfigMaps consumed as environment variables are not updated
  // automatically and require a pod restart".
  it('updates a mounted ConfigMap file in a running container within about a minute, but not its env', () => {
    const c = cluster();
    apply(c, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: live\ndata:\n  level: very\n');
    apply(c, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: watcher\nspec:\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sh", "-c", "while true; do cat /etc/config/level; echo env=$LEVEL; sleep 10; done"]\n    env:\n    - name: LEVEL\n      valueFrom:\n        configMapKeyRef:\n          name: live\n          key: level\n    volumeMounts:\n    - name: v\n      mountPath: /etc/config\n  volumes:\n  - name: v\n    configMap:\n      name: live\n');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl logs watcher --tail=2').stdout).toBe('very\nenv=very\n');
    apply(c, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: live\ndata:\n  level: extremely\n');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl logs watcher --tail=2').stdout).toBe('very\nenv=very\n');
    c.sim.runUntil(c.sim.now + 70_000);
    expect(c.run('kubectl logs watcher --tail=2').stdout).toBe('extremely\nenv=very\n');
  });

  it('gives envFrom Secret keys as variables, decoded, and a missing Secret volume leaves the pod ContainerCreating with FailedMount', () => {
    const c = cluster();
    c.run('kubectl create secret generic db --from-literal=DB_USER=admin --from-literal=DB_PASS=s3cret');
    apply(c, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: envpod\nspec:\n  restartPolicy: Never\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sh", "-c", "echo $DB_USER:$DB_PASS"]\n    envFrom:\n    - secretRef:\n        name: db\n');
    apply(c, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: volpod\nspec:\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sleep", "3600"]\n    volumeMounts:\n    - name: s\n      mountPath: /etc/s\n  volumes:\n  - name: s\n    secret:\n      secretName: nope\n');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl logs envpod').stdout).toBe('admin:s3cret\n');
    expect(c.run('kubectl get pod volpod').stdout).toMatch(/^volpod\s+0\/1\s+ContainerCreating\s+0\s/m);
    expect(c.run('kubectl describe pod volpod').stdout).toContain('MountVolume.SetUp failed for volume "s" : secret "nope" not found');
  });
});
