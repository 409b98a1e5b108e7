// Reading an etcd member's data dir from outside the simulation (the app's view of the objects, the
// property tests): the MVCC store it persists, which survives the member being killed.

import type { Simulation } from '../kernel/simulation';
import type { EtcdDataDir } from './member';
import type { MvccStore } from './mvcc/kvstore';

/** The data dir's store of an etcd member (`etcd/etcd-1`), alive or not. */
export function etcdStore(sim: Simulation, member: string): MvccStore | undefined {
  const p = sim.world.processes.get(member);
  return (p?.persisted as EtcdDataDir | undefined)?.store;
}
