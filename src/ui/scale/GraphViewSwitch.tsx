// The switch between the graph and the scale view, offered from SWITCH_FROM workers on. Its
// choice holds until the person picks again; `auto` (the start) follows the number of workers.

import { useScaleStrings } from './scale-strings';
import { type GraphViewChoice, useViewChoice } from './view-choice';

export function GraphViewSwitch({ scale }: { scale: boolean }) {
  const s = useScaleStrings();
  const choose = useViewChoice((st) => st.choose);
  const option = (c: Exclude<GraphViewChoice, 'auto'>, label: string, pressed: boolean) => (
    <button type="button" aria-pressed={pressed} data-testid={`graph-view-${c}`} onClick={() => choose(c)}>
      {label}
    </button>
  );
  return (
    <div className={`kp-graph-switch${scale ? ' kp-graph-switch--scale' : ''}`} role="group" aria-label={s.viewSwitch} data-testid="graph-view-switch">
      {option('graph', s.graph, !scale)}
      {option('scale', s.scale, scale)}
    </div>
  );
}
