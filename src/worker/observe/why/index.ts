// The "why" callouts of a moment, each from its own file. The worker recomputes them only when what
// they read may have changed (the store's revision, which processes and hosts run, the cut links,
// the controllers' timers), so a quiet cluster costs nothing per frame.

import type { WhyCallout } from '../../../protocol/why';
import { etcdQuorumCallouts } from './etcd-quorum';
import type { WhyInput } from './facts';
import { nodeNotReadyCallouts } from './node-not-ready';
import { schedulerDownCallouts } from './scheduler-down';
import { staleRunningCallouts } from './stale-running';

export type { WhyInput } from './facts';

/** At most this many callouts a frame: a scale run with the scheduler down has a pending pod per replica. */
export const MAX_WHY = 200;

export function observeWhy(input: WhyInput): WhyCallout[] {
  const out = [...etcdQuorumCallouts(input), ...nodeNotReadyCallouts(input), ...schedulerDownCallouts(input), ...staleRunningCallouts(input)];
  return out.length > MAX_WHY ? out.slice(0, MAX_WHY) : out;
}
