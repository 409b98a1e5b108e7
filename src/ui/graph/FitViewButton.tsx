// The fit button of the graph's zoom controls, fitting as the graph does (ClusterGraph.tsx `fit`:
// READABLE_ZOOM at the least, a bigger cluster from its top). Not the Controls' own button: that one
// also calls React Flow's fitView, which queues a fit to the whole cluster and carries it out at the
// next change of a node's size (@xyflow/react createStore updateNodeInternals, resolveFitView), often
// seconds later, after a scroll or a refit: the cluster ended zoomed out, labels 5.8-9.3 px (issue 11).

import { ControlButton, useStore } from '@xyflow/react';

export function FitViewButton({ onFit }: { onFit: () => void }) {
  // The label the Controls' button had (ariaLabelConfig, strings.ts `flow`).
  const label = useStore((s) => s.ariaLabelConfig['controls.fitView.ariaLabel']);
  return (
    <ControlButton className="react-flow__controls-fitview" onClick={onFit} title={label} aria-label={label}>
      {/* React Flow's FitViewIcon (not exported). */}
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
        <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
      </svg>
    </ControlButton>
  );
}
