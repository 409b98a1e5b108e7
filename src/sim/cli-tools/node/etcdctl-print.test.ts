// Issue 18, point 6: `etcdctl -w json` and `-w fields` printed the simple text. The expected texts
// are what etcdctl 3.4.23 (Debian's etcd-client, the same printer_json.go / printer_fields.go as
// v3.5) printed for a one-member cluster, with the ids, sizes and times of that run.
import { describe, expect, it } from 'vitest';
import type { KeyValue, MemberInfo, ResponseHeader, StatusResponse } from '../../etcd/protocol';
import { endpointHealthFields, endpointHealthJson, endpointStatusFields, endpointStatusJson, getFields, getJson, memberListFields, memberListJson, uint64 } from './etcdctl-print';

// 324952591200643719 and 3319814642761637952 in hex.
const header: ResponseHeader = { clusterId: '048276a8f75b6a87', memberId: '2e1259d415f2a040', revision: 2, raftTerm: 2 };
const member: MemberInfo = { id: '2e1259d415f2a040', name: 'm1', peerURLs: ['http://127.0.0.1:23800'], clientURLs: ['http://127.0.0.1:23790'], isLearner: false };
const kv: KeyValue = { key: '/registry/pods/default/web', createRevision: 2, modRevision: 2, version: 1, value: { a: 1 }, valueSize: 7 };
const status: StatusResponse = { op: 'status', version: '3.4.23', dbSize: 20480, dbSizeInUse: 16384, leader: '2e1259d415f2a040', raftIndex: 5, raftTerm: 2, raftAppliedIndex: 5, isLearner: false, errors: [] };

describe('etcdctl -w json and -w fields', () => {
  it('writes uint64 ids as Go does, past the 2^53 a JS number holds', () => {
    expect(uint64('2e1259d415f2a040')).toBe('3319814642761637952');
    expect(uint64('ffffffffffffffff')).toBe('18446744073709551615');
  });

  it('member list: the cluster service header has no revision', () => {
    const h = { ...header, revision: 0 };
    expect(memberListJson(h, [member])).toBe('{"header":{"cluster_id":324952591200643719,"member_id":3319814642761637952,"raft_term":2},"members":[{"ID":3319814642761637952,"name":"m1","peerURLs":["http://127.0.0.1:23800"],"clientURLs":["http://127.0.0.1:23790"]}]}\n');
    expect(memberListFields(h, [member])).toBe('"ClusterID" : 324952591200643719\n"MemberID" : 3319814642761637952\n"Revision" : 0\n"RaftTerm" : 2\n"ID" : 3319814642761637952\n"Name" : "m1"\n"PeerURL" : "http://127.0.0.1:23800"\n"ClientURL" : "http://127.0.0.1:23790"\n"IsLearner" : false\n\n');
  });

  it('get: keys and values as base64 in json, quoted in fields; keys-only and empty reads', () => {
    expect(getJson(header, [kv], false, 1)).toBe('{"header":{"cluster_id":324952591200643719,"member_id":3319814642761637952,"revision":2,"raft_term":2},"kvs":[{"key":"L3JlZ2lzdHJ5L3BvZHMvZGVmYXVsdC93ZWI=","create_revision":2,"mod_revision":2,"version":1,"value":"eyJhIjoxfQ=="}],"count":1}\n');
    expect(getJson(header, [{ ...kv, value: null }], false, 1)).toBe('{"header":{"cluster_id":324952591200643719,"member_id":3319814642761637952,"revision":2,"raft_term":2},"kvs":[{"key":"L3JlZ2lzdHJ5L3BvZHMvZGVmYXVsdC93ZWI=","create_revision":2,"mod_revision":2,"version":1}],"count":1}\n');
    expect(getJson(header, [], false, 0)).toBe('{"header":{"cluster_id":324952591200643719,"member_id":3319814642761637952,"revision":2,"raft_term":2}}\n');
    expect(getFields(header, [kv], false, 1)).toBe('"ClusterID" : 324952591200643719\n"MemberID" : 3319814642761637952\n"Revision" : 2\n"RaftTerm" : 2\n"Key" : "/registry/pods/default/web"\n"CreateRevision" : 2\n"ModRevision" : 2\n"Version" : 1\n"Value" : "{\\"a\\":1}"\n"Lease" : 0\n"More" : false\n"Count" : 1\n');
  });

  it('endpoint status', () => {
    const row = { endpoint: '127.0.0.1:23790', header, status };
    expect(endpointStatusJson([row])).toBe('[{"Endpoint":"127.0.0.1:23790","Status":{"header":{"cluster_id":324952591200643719,"member_id":3319814642761637952,"revision":2,"raft_term":2},"version":"3.4.23","dbSize":20480,"leader":3319814642761637952,"raftIndex":5,"raftTerm":2,"raftAppliedIndex":5,"dbSizeInUse":16384}}]\n');
    expect(endpointStatusFields([row])).toBe('"ClusterID" : 324952591200643719\n"MemberID" : 3319814642761637952\n"Revision" : 2\n"RaftTerm" : 2\n"Version" : "3.4.23"\n"DBSize" : 20480\n"Leader" : 3319814642761637952\n"IsLearner" : false\n"RaftIndex" : 5\n"RaftTerm" : 2\n"RaftAppliedIndex" : 5\n"Errors" : []\n"Endpoint" : "127.0.0.1:23790"\n\n');
  });

  it('endpoint health: an unhealthy endpoint carries its error in its row', () => {
    const rows = [
      { endpoint: '127.0.0.1:23790', health: true, took: '2.356022ms', error: '' },
      { endpoint: '127.0.0.1:23999', health: false, took: '5.000972768s', error: 'context deadline exceeded' },
    ];
    expect(endpointHealthJson(rows)).toBe('[{"endpoint":"127.0.0.1:23790","health":true,"took":"2.356022ms"},{"endpoint":"127.0.0.1:23999","health":false,"took":"5.000972768s","error":"context deadline exceeded"}]\n');
    expect(endpointHealthFields(rows)).toBe('"Endpoint" : "127.0.0.1:23790"\n"Health" : true\n"Took" : 2.356022ms\n"Error" : \n\n"Endpoint" : "127.0.0.1:23999"\n"Health" : false\n"Took" : 5.000972768s\n"Error" : context deadline exceeded\n\n');
  });
});
