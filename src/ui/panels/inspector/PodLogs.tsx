// Live mode's pod log in the inspector: what `kubectl logs POD -c C --tail 200 [--previous]` prints,
// read by the live worker through kubectl proxy (GET .../pods/NAME/log: worker/live/cluster-reads.ts)
// and read again every few seconds while the pod is inspected. The command it matches is shown, so
// a learner can type it in their own terminal. An error is the API's own message.

import { useEffect, useState } from 'react';
import { useLiveStrings } from '../../app/live-strings';
import { useStrings } from '../../app/useStrings';
import { useUiStore, useWorkerStore } from '../../store/app-store';

/** Lines asked for, as `kubectl logs --tail`. */
export const POD_LOG_TAIL = 200;
/** The log is read again this often while it is shown. */
const REFRESH_MS = 5000;
/** kubectl's annotation naming the container `kubectl logs` picks without -c (podcmd.DefaultContainerAnnotationName). */
const DEFAULT_CONTAINER = 'kubectl.kubernetes.io/default-container';

interface PodShape {
  metadata?: { annotations?: Record<string, string> };
  spec?: { containers?: { name: string }[]; initContainers?: { name: string }[] };
}

/** The containers `kubectl logs -c` accepts, and the one it picks without -c. */
export function logContainers(pod: PodShape): { names: string[]; initial: string } {
  const main = (pod.spec?.containers ?? []).map((c) => c.name);
  const names = [...main, ...(pod.spec?.initContainers ?? []).map((c) => c.name)];
  const annotated = pod.metadata?.annotations?.[DEFAULT_CONTAINER];
  return { names, initial: annotated && names.includes(annotated) ? annotated : (main[0] ?? names[0] ?? '') };
}

export function PodLogs({ namespace, name, pod }: { namespace: string; name: string; pod: PodShape }) {
  const t = useStrings();
  const l = useLiveStrings();
  const send = useUiStore((s) => s.send);
  const { names, initial } = logContainers(pod);
  const [container, setContainer] = useState(initial);
  const [previous, setPrevious] = useState(false);
  const [asked, setAsked] = useState(0);
  const log = useWorkerStore((s) => s.podLog);
  const mine = log && log.namespace === namespace && log.pod === name && log.container === container && log.previous === previous ? log : null;
  useEffect(() => {
    if (!container) return;
    const ask = (): void => send({ type: 'podLog', namespace, pod: name, container, tail: POD_LOG_TAIL, previous });
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => clearInterval(timer);
  }, [send, namespace, name, container, previous, asked]);
  const command = `kubectl logs ${name}${namespace === 'default' ? '' : ` -n ${namespace}`} -c ${container} --tail ${POD_LOG_TAIL}${previous ? ' --previous' : ''}`;
  return (
    <section data-testid="inspector-pod-log-section">
      <h4>
        {t.log}{' '}
        <button type="button" className="link" data-testid="inspector-pod-log-refresh" onClick={() => setAsked((n) => n + 1)}>
          {t.refresh}
        </button>
      </h4>
      <p className="explain">
        {l.logsFrom} <code className="mono">{command}</code>
      </p>
      <div className="button-row">
        {names.length > 1 && (
          <label>
            {l.logsContainer}{' '}
            <select data-testid="inspector-pod-log-container" value={container} onChange={(e) => setContainer(e.target.value)}>
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <input type="checkbox" data-testid="inspector-pod-log-previous" checked={previous} onChange={(e) => setPrevious(e.target.checked)} /> {l.logsPrevious}
        </label>
      </div>
      {mine?.error ? (
        <p className="inspector-error" role="status" data-testid="inspector-pod-log-error">
          {mine.error}
        </p>
      ) : (
        // Focusable, so the keyboard can scroll a long log (axe scrollable-region-focusable).
        <pre className="log-view" data-testid="inspector-pod-log" tabIndex={0} aria-label={t.log} aria-busy={!mine}>
          {!mine ? l.logsReading : mine.text ? mine.text : t.noLog}
        </pre>
      )}
    </section>
  );
}
