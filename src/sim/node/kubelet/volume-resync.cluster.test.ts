// Updates reach mounted files, not env, at the kubelet's periodic sync of the pod. Sources:
// https://kubernetes.io/docs/concepts/configuration/configmap/#mounted-configmaps-are-updated-automatically
// ("the kubelet checks whether the mounted ConfigMap is fresh on every periodic sync ... the total
// delay from the moment when the ConfigMap is updated to the moment when new keys are projected to
// the Pod can be as long as the kubelet sync period + cache propagation delay"; a container using a
// ConfigMap as a subPath volume mount will not receive updates; env is not updated), the same for
// Secrets (concepts/configuration/secret "Mounted Secrets are updated automatically"), and
// KubeletConfiguration syncFrequency (1m). With the Watch strategy the cache sees the change at once.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const SYNC_FREQUENCY_MS = 60_000;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    env:
    - name: LEVEL
      valueFrom:
        configMapKeyRef:
          name: live
          key: level
    volumeMounts:
    - name: cfg
      mountPath: /etc/config
    - name: cfg
      mountPath: /etc/one/level
      subPath: level
    - name: sec
      mountPath: /etc/secret
  volumes:
  - name: cfg
    configMap:
      name: live
  - name: sec
    secret:
      secretName: pass
`;

describe('ConfigMap and Secret updates in a running pod', () => {
  it("reach the volume files at the pod's next periodic sync (within syncFrequency), never a subPath mount or env", () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 11 });
    c.sim.runUntil(c.sim.now + 5_000);
    c.run('kubectl create configmap live --from-literal=level=very');
    c.run('kubectl create secret generic pass --from-literal=pw=one');
    c.run('kubectl apply -f -', { stdin: POD });
    c.sim.runUntil(c.sim.now + 20_000);
    const cat = (path: string) => c.run(`kubectl exec reader -- cat ${path}`).stdout;
    const env = () => c.run(`kubectl exec reader -- sh -c 'echo $LEVEL'`).stdout;
    expect([cat('/etc/config/level'), cat('/etc/one/level'), cat('/etc/secret/pw'), env()]).toEqual(['very', 'very', 'one', 'very\n']);

    expect(c.run('kubectl apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: live\ndata:\n  level: extremely\n' }).stdout).toBe('configmap/live configured\n');
    expect(c.run(`kubectl patch secret pass -p '{"stringData":{"pw":"two"}}'`).stdout).toBe('secret/pass patched\n');
    const changedAt = c.sim.now;
    // Not at once: the files change when the pod worker next syncs.
    c.sim.runUntil(c.sim.now + 1_000);
    expect(cat('/etc/config/level')).toBe('very');
    let seenAt: number | undefined;
    while (seenAt === undefined && c.sim.now < changedAt + SYNC_FREQUENCY_MS + 2_000) {
      c.sim.runUntil(c.sim.now + 1_000);
      if (cat('/etc/config/level') === 'extremely') seenAt = c.sim.now;
    }
    expect(seenAt).toBeDefined();
    expect(seenAt! - changedAt).toBeLessThanOrEqual(SYNC_FREQUENCY_MS + 1_000);
    expect([cat('/etc/config/level'), cat('/etc/one/level'), cat('/etc/secret/pw'), env()]).toEqual(['extremely', 'very', 'two', 'very\n']);
  });
});
