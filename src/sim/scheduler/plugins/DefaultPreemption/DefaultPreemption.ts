// DefaultPreemption (plugins/defaultpreemption + framework/preemption): PostFilter after a failed
// cycle. Its message is a whole FitError text ending in ".", which FitError.Error then follows with
// another "." - real v1.31 messages end in ".." (kubernetes/kubernetes#123301).
//
// cycle. Kubeplay does not evict victims; it reports what the real evaluator concludes when no
// candidate exists: nodes that failed with UnschedulableAndUnresolvable are "not helpful", and the
// others have no lower-priority pod to evict (or still fail their filters without them).

import { fitErrorMessage } from '../../framework/fit-error';
import { PluginNames, type Plugin, type Status } from '../../framework/types';

export const PreemptionNotHelpful = 'Preemption is not helpful for scheduling';
export const NoPreemptionVictims = 'No preemption victims found for incoming pod';

export const DefaultPreemption: Plugin = {
  name: PluginNames.DefaultPreemption,
  postFilter(ctx, statuses): Status {
    const pod = ctx.pod.pod;
    if (pod.spec.preemptionPolicy === 'Never') {
      return { code: 'Unschedulable', reasons: ['preemption: not eligible due to preemptionPolicy=Never'] };
    }
    const priority = pod.spec.priority ?? 0;
    const out = new Map<string, Status>();
    // preemption.go nodesWherePreemptionMightHelp walks every node: one left out of the statuses (a
    // node PreFilter's result did not name) counts as UnschedulableAndUnresolvable (kubernetes#125197).
    for (const node of ctx.nodes) {
      const name = node.name;
      const s = statuses.get(name);
      if (!s || s.code === 'UnschedulableAndUnresolvable') {
        out.set(name, { code: 'UnschedulableAndUnresolvable', reasons: [PreemptionNotHelpful] });
        continue;
      }
      const victims = node.pods.filter((p) => (p.spec.priority ?? 0) < priority);
      // With victims, the real evaluator re-runs the filters without them; Kubeplay reports the filter's own reasons.
      out.set(name, victims.length === 0 ? { code: 'UnschedulableAndUnresolvable', reasons: [NoPreemptionVictims] } : s);
    }
    return { code: 'Unschedulable', reasons: [`preemption: ${fitErrorMessage(out.size, out)}`] };
  },
};
