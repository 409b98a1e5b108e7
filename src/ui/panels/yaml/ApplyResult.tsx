// What the YAML tab's Apply got back, shown where the person pressed it: kubectl's own lines
// (`pod/web created`, `deployment.apps/web configured`, `pod/web unchanged`, or the server's error
// as kubectl prints it), from the TerminalOutput the worker sent for this request. Nothing is
// re-derived here: the words are the simulated kubectl's. It is a live region, so a screen reader
// hears the answer without leaving the editor.

import type { TerminalOutput } from '../../../protocol/view';
import { useYamlStrings } from './yaml-strings';

export interface ApplyResultProps {
  /** The request Apply sent, or undefined before the first Apply. */
  requestId: number | undefined;
  /** Its finished output, once the worker sent it. */
  output: TerminalOutput | undefined;
  /** The clock runs: without it, the answer waits for Play or Step. */
  playing: boolean;
}

export function ApplyResult({ requestId, output, playing }: ApplyResultProps) {
  const t = useYamlStrings();
  const state = requestId === undefined ? 'idle' : !output ? 'pending' : output.exitCode === 0 ? 'ok' : 'failed';
  const lines = output ? `${output.stdout}${output.stderr}`.trimEnd() : '';
  return (
    <div className={`yaml-apply-result yaml-apply-${state}`} data-testid="yaml-apply-result" data-state={state} role="status" aria-live="polite" aria-label={t.applyResultLabel}>
      {state === 'pending' && (
        <span className="muted">
          {t.applying} {!playing && t.applyWaiting}
        </span>
      )}
      {(state === 'ok' || state === 'failed') && (
        <>
          <span className="yaml-apply-mark" aria-hidden="true">
            {state === 'ok' ? '✓' : '✖'}
          </span>
          <span className="yaml-apply-head">{state === 'ok' ? t.applyOk : t.applyFailed}</span>
          <pre className="yaml-apply-text" data-testid="yaml-apply-text">
            {lines || t.applyNothing}
          </pre>
        </>
      )}
    </div>
  );
}
