// helper.DefaultNormalizeScore (pkg/scheduler/framework/plugins/helper/normalize_score.go): scale
// scores to [0, MaxNodeScore] by the highest one, optionally reversed.

import { MAX_NODE_SCORE, type NodeScore } from './types';

export function defaultNormalizeScore(scores: NodeScore[], reverse: boolean): void {
  let max = 0;
  for (const s of scores) max = Math.max(max, s.score);
  if (max === 0) {
    if (reverse) for (const s of scores) s.score = MAX_NODE_SCORE;
    return;
  }
  for (const s of scores) {
    let v = Math.trunc((MAX_NODE_SCORE * s.score) / max);
    if (reverse) v = MAX_NODE_SCORE - v;
    s.score = v;
  }
}
