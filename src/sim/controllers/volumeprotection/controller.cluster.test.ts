// Storage Object in Use Protection (kubernetes.io "Persistent Volumes"): the admission plugin
// StorageObjectInUseProtection adds kubernetes.io/pvc-protection to every claim and
// kubernetes.io/pv-protection to every volume; a claim deleted while a pod uses it stays
// Terminating (describe shows its Finalizers) until the pod is gone, and then the pvc-protection
// controller lets it go (pkg/controller/volume/pvcprotection).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const CLAIM_AND_POD = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: user
spec:
  containers:
  - name: app
    image: nginx
    volumeMounts:
    - name: d
      mountPath: /data
  volumes:
  - name: d
    persistentVolumeClaim:
      claimName: data
`;

describe('pvc-protection and pv-protection', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl apply -f -', { stdin: CLAIM_AND_POD });
  c.sim.runUntil(c.sim.now + 30_000);

  it('puts the finalizers on every claim and volume when they are created', () => {
    expect(c.run('kubectl get pvc data -o jsonpath={.metadata.finalizers}').stdout).toBe('["kubernetes.io/pvc-protection"]');
    const pv = c.run('kubectl get pvc data -o jsonpath={.spec.volumeName}').stdout;
    expect(pv).not.toBe('');
    expect(c.run(`kubectl get pv ${pv} -o jsonpath={.metadata.finalizers}`).stdout).toBe('["kubernetes.io/pv-protection"]');
    expect(c.run('kubectl describe pvc data').stdout).toContain('Finalizers:    [kubernetes.io/pvc-protection]\n');
  });

  it('keeps a claim that a running pod uses Terminating after it is deleted', () => {
    const del = c.run('kubectl delete pvc data --wait=false');
    expect(del.stdout).toBe('persistentvolumeclaim "data" deleted\n');
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.run('kubectl get pvc data -o jsonpath={.metadata.deletionTimestamp}').stdout).not.toBe('');
    expect(c.run('kubectl describe pvc data').stdout).toMatch(/^Status:\s+Terminating \(lasts \d+s\)$/m);
  });

  it('lets the claim go once the pod is gone, and its volume after it (reclaim policy Delete)', () => {
    const pv = c.run('kubectl get pvc data -o jsonpath={.spec.volumeName}').stdout;
    c.run('kubectl delete pod user');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl get pvc data').stderr).toBe('Error from server (NotFound): persistentvolumeclaims "data" not found\n');
    expect(c.run(`kubectl get pv ${pv}`).stderr).toBe(`Error from server (NotFound): persistentvolumes "${pv}" not found\n`);
  });
});
