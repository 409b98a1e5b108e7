// A whole Kubeplay cluster on a three-member etcd (kubeadm's external etcd topology: hosts etcd-1..3
// at 10.0.0.21..23), driven with kubectl and etcdctl as a person would. Facts: kubectl prints the
// etcd error kube-apiserver answers with (500, the etcd message: apiserver ErrorToAPIStatus keeps
// a non-API error's text) when the quorum is lost; etcdctl v3.5 shows the members and their
// status; a dead endpoint gives etcdctl's own "context deadline exceeded".
import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster';

const boot = () => new Cluster({ etcd: { members: 3 }, nodes: [{ name: 'worker-1' }] }, { seed: 22 });

describe('a cluster on three etcd members', () => {
  it('puts each member on a host of its own and lists them with etcdctl member list', () => {
    const c = boot();
    expect(c.targets()).toEqual(expect.arrayContaining(['etcd/etcd-1', 'etcd-1', 'etcd-3']));
    const out = c.run('ssh control-plane -- etcdctl member list');
    expect(out.stdout.trim().split('\n').map((l) => l.split(', ').slice(1).join(', '))).toEqual([
      'started, etcd-1, https://10.0.0.21:2380, https://10.0.0.21:2379, false',
      'started, etcd-2, https://10.0.0.22:2380, https://10.0.0.22:2379, false',
      'started, etcd-3, https://10.0.0.23:2380, https://10.0.0.23:2379, false',
    ]);
  });

  it('shows one leader in etcdctl endpoint status --cluster', () => {
    const c = boot();
    const out = c.run('ssh etcd-1 -- etcdctl endpoint status --cluster');
    const rows = out.stdout.trim().split('\n').map((l) => l.split(', '));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r[4] === 'true')).toHaveLength(1);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['3.5.15']));
  });

  it('fails kubectl writes with etcd\'s timeout once two of three members are dead, and works again with two', () => {
    const c = boot();
    c.kill('etcd/etcd-1');
    c.kill('etcd/etcd-2');
    const failed = c.run('kubectl run web --image=nginx:1.25');
    expect(failed.stderr).toBe('Error from server: etcdserver: request timed out\n');
    expect(failed.exitCode).toBe(1);
    const status = c.run('ssh etcd-3 -- etcdctl endpoint status');
    expect(status.stdout).toContain('etcdserver: no leader');
    const dead = c.run('ssh control-plane -- etcdctl endpoint status --endpoints=https://10.0.0.21:2379');
    expect(dead.stderr).toContain('Failed to get the status of endpoint https://10.0.0.21:2379 (context deadline exceeded)\n');
    expect(dead.stderr).toContain('connect: connection refused');
    expect(dead.exitCode).toBe(1);
    c.start('etcd/etcd-1');
    c.sim.runUntil(c.sim.now + 5000);
    expect(c.run('kubectl run web2 --image=nginx:1.25').stdout).toBe('pod/web2 created\n');
  });

  it('prints keys with etcdctl get --prefix --keys-only, each followed by an empty line', () => {
    const c = boot();
    c.run('kubectl run web --image=nginx:1.25');
    // default only: kube-system holds kubeadm's pods (no etcd pod: these members are external).
    const out = c.run('ssh etcd-2 -- etcdctl get /registry/pods/default/ --prefix --keys-only');
    expect(out.stdout).toBe('/registry/pods/default/web\n\n');
    const full = c.run('ssh etcd-2 -- etcdctl get /registry/pods/default/web');
    expect(full.stdout.split('\n')[0]).toBe('/registry/pods/default/web');
    expect(JSON.parse(full.stdout.split('\n')[1]!)).toMatchObject({ kind: 'Pod', metadata: { name: 'web' } });
  });

  it('answers etcdctl on a worker, which runs no member, with etcdctl\'s deadline error', () => {
    const c = boot();
    const out = c.run('ssh worker-1 -- etcdctl member list');
    expect(out.stderr.split('\n').slice(-2)).toEqual(['Error: context deadline exceeded', '']);
    expect(out.exitCode).toBe(1);
  });

  it('reaches an etcd host by ssh, where etcdctl talks to the local member and there is no crictl', () => {
    const c = boot();
    expect(c.run('ssh etcd-3 -- etcdctl endpoint status').stdout).toMatch(/^127\.0\.0\.1:2379, [0-9a-f]{16}, 3\.5\.15, /);
    expect(c.run('ssh etcd-3 -- crictl ps')).toMatchObject({ stderr: 'bash: crictl: command not found\n', exitCode: 127 });
    c.kill('etcd-3');
    expect(c.run('ssh etcd-3 -- etcdctl member list').stderr).toBe('ssh: connect to host 10.0.0.23 port 22: No route to host\n');
  });
});
