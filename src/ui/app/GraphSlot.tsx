// The centre of the screen: the cluster graph. It never scrolls away.

import { ClusterGraph } from '../graph/ClusterGraph';

export function GraphSlot() {
  return (
    <main className="graph-slot">
      <ClusterGraph />
    </main>
  );
}
