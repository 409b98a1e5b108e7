// A process: what it is, where it runs, whether it is alive, its details, Kill/Restart/Start, its log.

import { useEffect } from 'react';
import { useStrings } from '../../app/useStrings';
import type { WhyTarget } from '../../../protocol/why';
import { WhySection } from '../../why/WhyCallouts';
import { ProxyCostChart } from '../../traffic/ProxyCostChart';
import { useSimStore, useUiStore } from '../../store/app-store';

/** The callouts that concern a process: etcd's quorum on a member, the node's countdown on its kubelet. */
function whyTargets(kind: string, host: string): WhyTarget[] {
  if (kind === 'etcd') return [{ kind: 'etcd', id: 'etcd' }];
  if (kind === 'kubelet') return [{ kind: 'host', id: host }];
  return [];
}

const LOG_TAIL = 200;

export function ComponentInspector({ id }: { id: string }) {
  const t = useStrings();
  const c = useSimStore((s) => s.components[id]);
  const log = useSimStore((s) => s.logs[id]);
  const send = useUiStore((s) => s.send);
  const select = useUiStore((s) => s.select);
  const alive = c?.alive;
  const incarnation = c?.incarnation;
  useEffect(() => {
    send({ type: 'logs', process: id, tail: LOG_TAIL });
  }, [id, alive, incarnation, send]);
  if (!c) return <p className="panel-empty">{id}: not found</p>;
  return (
    <div data-testid="inspector-component" data-id={id} data-alive={c.alive}>
      <h3 className="inspector-title mono">{c.id}</h3>
      {/* The explanation first: a learner who clicked a why badge came for it. */}
      <WhySection targets={whyTargets(c.kind, c.host)} />
      {/* kube-proxy's figure first: on a small screen it is what the panel is opened for. */}
      {c.kind === 'kube-proxy' && <ProxyCostChart component={c} />}
      <dl className="facts">
        <div>
          <dt>{t.kind}</dt>
          <dd className="mono">{c.kind}</dd>
        </div>
        <div>
          <dt>{t.host}</dt>
          <dd>
            <button type="button" className="link" onClick={() => select({ kind: 'host', id: c.host })}>
              {c.host}
            </button>
          </dd>
        </div>
        <div>
          <dt>{t.state}</dt>
          <dd className={c.alive ? 'state-ok' : 'state-bad'} data-testid="component-state">
            <span aria-hidden="true">{c.alive ? '● ' : '✕ '}</span>
            {c.alive ? t.alive : t.dead}
          </dd>
        </div>
        <div>
          <dt>{t.incarnation}</dt>
          <dd className="mono">{c.incarnation}</dd>
        </div>
        {Object.entries(c.detail).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className="mono">{String(v)}</dd>
          </div>
        ))}
      </dl>
      <div className="button-row">
        <button type="button" data-testid="inspector-kill" disabled={!c.alive} onClick={() => send({ type: 'kill', target: id })}>
          <span aria-hidden="true">✕ </span>
          {t.kill}
        </button>
        <button type="button" data-testid="inspector-restart" onClick={() => send({ type: 'restart', target: id })}>
          <span aria-hidden="true">↻ </span>
          {t.restart}
        </button>
        <button type="button" data-testid="inspector-start" disabled={c.alive} onClick={() => send({ type: 'start', target: id })}>
          <span aria-hidden="true">▶ </span>
          {t.start}
        </button>
      </div>
      <section>
        <h4>
          {t.log}{' '}
          <button type="button" className="link" data-testid="inspector-log-refresh" onClick={() => send({ type: 'logs', process: id, tail: LOG_TAIL })}>
            {t.refresh}
          </button>
        </h4>
        {/* Focusable, so the keyboard can scroll a long log (axe scrollable-region-focusable). */}
        <pre className="log-view" data-testid="inspector-log" tabIndex={0} aria-label={t.log}>
          {log && log.length > 0 ? log.join('\n') : t.noLog}
        </pre>
      </section>
    </div>
  );
}
