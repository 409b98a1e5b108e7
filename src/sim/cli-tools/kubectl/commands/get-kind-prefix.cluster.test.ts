// When `kubectl get` prints the kind before each name. kubectl v1.31.9, asked through `kubeplay
// serve` for one pod `redis` and one node (the outputs below are what it printed): the kind is
// printed when the objects are of more than one resource (`pod/redis node/worker-1`, `pods,nodes`)
// or for a category (`all`), and not when every argument names the same resource, however it is
// spelled (`pod/redis`, `pods/redis po/redis`, `pods,po`); a name asked for under two spellings of
// one type is printed once per spelling (`pod,pods redis`), a list only once (`pods,po`).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const HEAD = 'NAME    READY   STATUS    RESTARTS   AGE';
const ROW = /^redis {3}1\/1 {5}Running {3}0 {10}\d+s$/;

describe('kubectl get: the kind before the name', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.run('kubectl run redis --image=redis:7');
  c.run('kubectl wait --for=condition=Ready pod/redis');

  const lines = (cmd: string): string[] => c.run(cmd).stdout.trimEnd().split('\n');

  it('is not printed for one resource named in resource/name form, once or under two spellings', () => {
    for (const [cmd, rows] of [
      ['kubectl get pod/redis', 1],
      ['kubectl get pods/redis po/redis', 2],
      ['kubectl get pod,pods redis', 2],
      ['kubectl get pods,po', 1],
    ] as const) {
      const out = lines(cmd);
      expect(out[0], cmd).toBe(HEAD);
      expect(out.length, cmd).toBe(1 + rows);
      for (const r of out.slice(1)) expect(r, cmd).toMatch(ROW);
    }
  });

  it('is printed for objects of more than one resource', () => {
    const out = lines('kubectl get pod/redis node/worker-1');
    expect(out[0]).toBe('NAME        READY   STATUS    RESTARTS   AGE');
    expect(out[1]).toMatch(/^pod\/redis {3}1\/1 /);
    expect(out[3]).toBe('NAME            STATUS   ROLES    AGE   VERSION');
    expect(out[4]).toMatch(/^node\/worker-1 {3}Ready {4}<none> /);
    expect(lines('kubectl get pods,nodes')[1]).toMatch(/^pod\/redis /);
  });
});
