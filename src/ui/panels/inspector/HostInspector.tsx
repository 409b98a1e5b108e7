// A machine: its address, whether it is up, and the processes on it.

import { useMemo } from 'react';
import { useStrings } from '../../app/useStrings';
import { WhySection } from '../../why/WhyCallouts';
import { useSimStore, useUiStore } from '../../store/app-store';

export function HostInspector({ id }: { id: string }) {
  const t = useStrings();
  const host = useSimStore((s) => s.hosts[id]);
  const components = useSimStore((s) => s.components);
  const targets = useSimStore((s) => s.targets);
  const send = useUiStore((s) => s.send);
  const select = useUiStore((s) => s.select);
  const procs = useMemo(() => Object.values(components).filter((c) => c.host === id), [components, id]);
  if (!host) return <p className="panel-empty">{id}: not found</p>;
  // A host can be stopped as a whole when the scenario knows it as a target (a worker node).
  const killable = targets.includes(id);
  return (
    <div data-testid="inspector-host" data-id={id} data-up={host.up}>
      <h3 className="inspector-title mono">{host.id}</h3>
      {/* The explanation first: a learner who clicked a why badge came for it. */}
      <WhySection targets={[{ kind: 'host', id }]} />
      <dl className="facts">
        <div>
          <dt>{t.address}</dt>
          <dd className="mono">{host.address}</dd>
        </div>
        <div>
          <dt>{t.state}</dt>
          <dd className={host.up ? 'state-ok' : 'state-bad'}>
            <span aria-hidden="true">{host.up ? '● ' : '✕ '}</span>
            {host.up ? t.up : t.down}
          </dd>
        </div>
      </dl>
      {killable && (
        <div className="button-row">
          <button type="button" data-testid="inspector-kill" disabled={!host.up} onClick={() => send({ type: 'kill', target: id })}>
            <span aria-hidden="true">✕ </span>
            {t.kill}
          </button>
          <button type="button" data-testid="inspector-restart" onClick={() => send({ type: 'restart', target: id })}>
            <span aria-hidden="true">↻ </span>
            {t.restart}
          </button>
        </div>
      )}
      <section>
        <h4>{t.processes}</h4>
        <ul className="proc-list">
          {procs.map((c) => (
            <li key={c.id}>
              <button type="button" className="link mono" onClick={() => select({ kind: 'component', id: c.id })}>
                {c.id}
              </button>{' '}
              <span className={c.alive ? 'state-ok' : 'state-bad'}>
                <span aria-hidden="true">{c.alive ? '●' : '✕'}</span> {c.alive ? t.alive : t.dead}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
