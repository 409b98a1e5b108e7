// A Kubernetes object: its facts, its events, the scheduler's table (pods) and its live YAML.

import { useEffect, useMemo } from 'react';
import { stringify } from 'yaml';
import { fill } from '../../app/strings';
import { useStrings } from '../../app/useStrings';
import { eventRows, eventsFor, lastSeen, sortRows } from '../events-table';
import { TypeCell } from '../EventsPanel';
import { SchedulerTable } from './SchedulerTable';
import { TrafficPanel } from '../../traffic/TrafficPanel';
import { WhySection } from '../../why/WhyCallouts';
import { useSimStore, useUiStore, useWorkerStore } from '../../store/app-store';
import { PodLogs } from './PodLogs';

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function ObjectInspector({ id }: { id: string }) {
  const t = useStrings();
  const view = useSimStore((s) => s.objects[id]);
  const send = useUiStore((s) => s.send);
  // Live mode (app/live-mode.ts): the pod's log comes from the real cluster's API.
  const live = useWorkerStore((s) => s.live !== null);
  const isPod = view?.kind === 'Pod';
  const podKey = view ? `${view.namespace}/${view.name}` : '';
  const rv = view?.resourceVersion;
  useEffect(() => {
    // Each change of the pod may be a new scheduling cycle (bound, or retried after FailedScheduling).
    if (isPod) send({ type: 'cycles', pod: podKey });
  }, [isPod, podKey, rv, send]);
  const yamlText = useMemo(() => (view ? stringify(view.object) : ''), [view]);

  if (!view) return <p className="panel-empty" data-testid="inspector-gone">{fill(t.objectGone, { id })}</p>;
  const meta = rec(view.object.metadata);
  const spec = rec(view.object.spec);
  const status = rec(view.object.status);
  const facts: [string, unknown][] = [
    ['namespace', view.namespace],
    ['resourceVersion', view.resourceVersion],
    ...(isPod
      ? ([
          ['phase', status.phase],
          ['node', spec.nodeName ?? '<none>'],
          ['podIP', status.podIP ?? '<none>'],
        ] as [string, unknown][])
      : []),
  ];
  return (
    <div data-testid="inspector-object" data-id={id}>
      <h3 className="inspector-title mono">
        {view.kind.toLowerCase()}/{view.name}
      </h3>
      {/* The explanation first: a learner who clicked a why badge came for it. */}
      <WhySection targets={view.kind === 'Node' ? [{ kind: 'object', id }, { kind: 'host', id: view.name }] : [{ kind: 'object', id }]} />
      <dl className="facts">
        {facts
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className="mono">{String(v)}</dd>
            </div>
          ))}
      </dl>
      {(isPod || view.kind === 'Service') && <TrafficPanel namespace={view.namespace} {...(isPod ? { pod: view.name } : { service: view.name })} />}
      <ObjectEvents kind={view.kind} namespace={view.namespace} name={view.name} uid={String(meta.uid ?? '')} />
      {isPod && live && <PodLogs key={id} namespace={view.namespace} name={view.name} pod={view.object} />}
      {isPod && (
        <section>
          <h4>{t.schedulerTable}</h4>
          <SchedulerTable pod={podKey} />
        </section>
      )}
      <section>
        <h4>{t.live}</h4>
        {/* Focusable, so the keyboard can scroll a long object (axe scrollable-region-focusable). */}
        <pre className="yaml-view" data-testid="inspector-yaml" tabIndex={0} aria-label={t.live}>
          {yamlText}
        </pre>
      </section>
    </div>
  );
}

function ObjectEvents(target: { kind: string; namespace: string; name: string; uid: string }) {
  const t = useStrings();
  const objects = useSimStore((s) => s.objects);
  const second = useSimStore((s) => Math.floor(s.clock.time / 1000));
  const { kind, namespace, name, uid } = target;
  const rows = useMemo(
    () => sortRows(eventsFor(eventRows(objects), { kind, namespace, name, uid }), 'lastSeen', 'asc'),
    [objects, kind, namespace, name, uid],
  );
  return (
    <section>
      <h4>
        {t.events} ({rows.length})
      </h4>
      {rows.length > 0 && (
        <table className="data-table compact" data-testid="inspector-events">
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={r.type === 'Warning' ? 'row-warning' : undefined}>
                <td className="mono">{lastSeen(r, second * 1000)}</td>
                <td>
                  <TypeCell type={r.type} />
                </td>
                <td>{r.reason}</td>
                <td>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
