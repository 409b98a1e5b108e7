// Issue 18, point 6: etcdctl's -w json and -w fields on a node (the printers: etcdctl-print.test.ts).
import { describe, expect, it } from 'vitest';
import { base64OfText } from '../../api/base64';
import { buildCluster } from '../../cluster';

describe('etcdctl -w on a node', () => {
  it('prints json and fields from the member it asked, and refuses an unknown format with exit 4', () => {
    const c = buildCluster({}, { seed: 5 });
    c.sim.runUntil(20_000);
    const status = JSON.parse(c.run('ssh control-plane -- etcdctl -w json endpoint status').stdout) as { Endpoint: string; Status: { version: string; leader: number } }[];
    expect(status).toHaveLength(1);
    expect(status[0]).toMatchObject({ Endpoint: '127.0.0.1:2379', Status: { version: '3.5.15' } });
    expect(c.run('ssh control-plane -- etcdctl -w fields member list').stdout).toMatch(/^"ClusterID" : \d+\n"MemberID" : \d+\n"Revision" : 0\n"RaftTerm" : 1\n"ID" : \d+\n"Name" : "etcd-1"\n/);
    expect(c.run('ssh control-plane -- etcdctl -w json get /registry/namespaces/default').stdout).toContain(`"key":"${base64OfText('/registry/namespaces/default')}"`);
    const bad = c.run('ssh control-plane -- etcdctl -w yaml member list');
    expect([bad.stderr, bad.exitCode]).toEqual(['Error: unsupported output format\n', 4]);
  });
});
