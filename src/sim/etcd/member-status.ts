// The maintenance answers a member gives from its own state, with no quorum round-trip: its status
// (etcdctl endpoint status: version, database size, leader, Raft term and indexes) and the
// membership (etcdctl member list). Kubeplay's members are all started voters.

import type { MemberListResponse, StatusResponse } from './protocol';
import { memberIdOf } from './identity';
import { memberName, raftStatus } from './member-raft';
import type { EtcdMemberState } from './member-core';

/** The etcd release kubeadm installs with Kubernetes v1.31 (cmd/kubeadm/app/constants: 3.5.15-0). */
export const ETCD_VERSION = '3.5.15';

/** The member id etcd prints for "no leader". */
const NO_LEADER = '0000000000000000';

export function memberStatus(s: EtcdMemberState): StatusResponse {
  const r = raftStatus(s);
  return {
    op: 'status',
    version: ETCD_VERSION,
    // A fresh bbolt file is already about 20 kB (its meta and freelist pages); the keys come on top.
    dbSize: 20_480 + s.store.sizeInUseBytes,
    dbSizeInUse: s.store.sizeInUseBytes,
    leader: r.leader === '' ? NO_LEADER : memberIdOf(r.leader),
    raftIndex: r.raftIndex,
    raftTerm: s.raftTerm,
    raftAppliedIndex: r.raftAppliedIndex,
    isLearner: false,
    // Maintenance.Status reports a member that knows no leader (v3_server.go: ErrNoLeader).
    errors: r.leader === '' ? ['etcdserver: no leader'] : [],
  };
}

export function memberList(s: EtcdMemberState): MemberListResponse {
  return {
    op: 'memberList',
    members: s.peers.map((pid) => {
      const name = memberName(pid);
      const ip = s.addresses[name] ?? '127.0.0.1';
      return { id: memberIdOf(name), name, peerURLs: [`https://${ip}:2380`], clientURLs: [`https://${ip}:2379`], isLearner: false };
    }),
  };
}
