// "Send traffic" in a Service's or a pod's inspector: pick the other end, a rate and a duration, and
// the worker records a `traffic` step at this simulated moment (the same step a scenario writes, so
// Share and Export replay it). Below it, each load sent to this Service (or from this pod): live
// counts per endpoint while it runs, and the report the step prints once it is over.

import { type FormEvent, useId, useMemo, useState } from 'react';
import type { LoadView } from '../../protocol/traffic';
import { useSimStore, useUiStore } from '../store/app-store';
import { clientPods, endpointRows, loadsFor, pickValue, totals, trafficServices, trafficTarget, type Named } from './loads';
import { TRAFFIC_STRINGS } from './strings';
import './traffic.css';

export const DEFAULT_RPS = 50;
export const DEFAULT_SECONDS = 30;

export function TrafficPanel({ namespace, service, pod }: { namespace: string; service?: string; pod?: string }) {
  const lang = useUiStore((s) => s.lang);
  const t = TRAFFIC_STRINGS[lang];
  const send = useUiStore((s) => s.send);
  const objects = useSimStore((s) => s.objects);
  const loads = useSimStore((s) => s.loads);
  const pods = useMemo(() => clientPods(objects), [objects]);
  const services = useMemo(() => trafficServices(objects), [objects]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rps, setRps] = useState(DEFAULT_RPS);
  const [seconds, setSeconds] = useState(DEFAULT_SECONDS);
  const id = useId();
  const mine = useMemo(() => loadsFor(loads, { namespace, ...(service !== undefined && { service }), ...(pod !== undefined && { pod }) }), [loads, namespace, service, pod]);

  // A pod sends to a Service; a Service is sent to from a pod. Either may be in any namespace; the
  // inspected object's own namespace comes first and its names stand alone.
  const here = (xs: Named[]): Named[] => [...xs.filter((x) => x.namespace === namespace), ...xs.filter((x) => x.namespace !== namespace)];
  const fromChoices = pod !== undefined ? [{ namespace, name: pod }] : here(pods);
  const toChoices = service !== undefined ? [{ namespace, name: service }] : here(services);
  const chosenFrom = fromChoices.find((p) => pickValue(p, namespace) === from) ?? fromChoices[0];
  const chosenTo = toChoices.find((s) => pickValue(s, namespace) === to) ?? toChoices[0];
  const running = chosenFrom !== undefined && pods.some((p) => p.namespace === chosenFrom.namespace && p.name === chosenFrom.name);
  const canSend = chosenFrom !== undefined && chosenTo !== undefined && running && rps >= 1 && rps <= 1000 && seconds > 0 && seconds <= 600;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    const target = trafficTarget(chosenFrom, chosenTo);
    const cmd = { type: 'traffic', ...target, rps: Math.round(rps), durationMs: Math.round(seconds * 1000) } as const;
    // No kubectl does this: the terminal shows the scenario step it is recorded as (its report follows when it ends).
    useSimStore.getState().echo(`# traffic: {from: ${cmd.from}, to: ${cmd.to}${target.namespace ? `, namespace: ${target.namespace}` : ''}, rps: ${cmd.rps}, for: ${cmd.durationMs / 1000}s}`);
    send(cmd);
  };
  return (
    <section data-testid="traffic-panel" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>{t.sendTraffic}</h4>
      <p className="traffic-note">{t.trafficHint}</p>
      <form className="traffic-form" onSubmit={submit} data-testid="traffic-form">
        {pod === undefined && (
          <label>
            <span>{t.fromPod}</span>
            <select data-testid="traffic-from" value={chosenFrom ? pickValue(chosenFrom, namespace) : ''} onChange={(e) => setFrom(e.target.value)}>
              {fromChoices.map((p) => (
                <option key={`${p.namespace}/${p.name}`} value={pickValue(p, namespace)}>{p.namespace === namespace ? `pod/${p.name}` : `pod/${p.name} (${p.namespace})`}</option>
              ))}
            </select>
          </label>
        )}
        {service === undefined && (
          <label>
            <span>{t.toService}</span>
            <select data-testid="traffic-to" value={chosenTo ? pickValue(chosenTo, namespace) : ''} onChange={(e) => setTo(e.target.value)}>
              {toChoices.map((s) => (
                <option key={`${s.namespace}/${s.name}`} value={pickValue(s, namespace)}>{s.namespace === namespace ? `service/${s.name}` : `service/${s.name} (${s.namespace})`}</option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span>{t.rps}</span>
          <input data-testid="traffic-rps" type="number" min={1} max={1000} step={1} value={rps} onChange={(e) => setRps(Number(e.target.value))} />
        </label>
        <label>
          <span>{t.duration}</span>
          <input data-testid="traffic-seconds" type="number" min={1} max={600} step={1} value={seconds} onChange={(e) => setSeconds(Number(e.target.value))} />
        </label>
        <button type="submit" data-testid="traffic-send" disabled={!canSend}>
          <span aria-hidden="true">➜ </span>
          {t.send}
        </button>
      </form>
      {pods.length === 0 && <p className="traffic-note">{t.noClient}</p>}
      {pod !== undefined && services.length === 0 && <p className="traffic-note">{t.noService}</p>}
      {mine.map((l) => (
        <LoadResult key={l.id} load={l} />
      ))}
    </section>
  );
}

function LoadResult({ load }: { load: LoadView }) {
  const lang = useUiStore((s) => s.lang);
  const t = TRAFFIC_STRINGS[lang];
  const objects = useSimStore((s) => s.objects);
  const now = useSimStore((s) => s.clock.time);
  const rows = useMemo(() => endpointRows(load, objects), [load, objects]);
  const sum = totals(load);
  const failures = Object.entries(load.failures);
  return (
    <div className="traffic-load" data-testid="traffic-load" data-load={load.id} data-done={load.done}>
      <p className="traffic-load-title mono">
        {load.from} → {load.to}, {load.rps} rps, {(load.durationMs ?? 0) / 1000} s
      </p>
      {load.done ? (
        <>
          <p className="state-ok">
            <span aria-hidden="true">✓ </span>
            {t.finished}
          </p>
          <h5>{t.report}</h5>
          <pre className="traffic-report" data-testid="traffic-report" tabIndex={0} aria-label={t.report}>
            {load.report}
          </pre>
        </>
      ) : (
        <>
          <p data-testid="traffic-live" aria-live="polite">
            {t.running(load.sent, sum.ok, sum.failed, Math.max(0, Math.ceil((load.endAt - now) / 1000)))}
          </p>
          <table className="data-table compact" data-testid="traffic-endpoints">
            <thead>
              <tr>
                <th scope="col">{t.endpoint}</th>
                <th scope="col">{t.pod}</th>
                <th scope="col" className="num">{t.ok}</th>
                <th scope="col" className="num">{t.failed}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.endpoint} data-testid="traffic-endpoint" data-endpoint={r.endpoint} data-pod={r.pod ?? ''} data-ok={r.ok} data-failed={r.failed} className={r.failed > 0 ? 'row-warning' : undefined}>
                  <td className="mono">{r.endpoint === '(none)' ? t.noEndpoint : r.endpoint}</td>
                  <td className="mono">{r.pod ?? ''}</td>
                  <td className="num">{r.ok}</td>
                  <td className="num">{r.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {failures.length > 0 && (
            <p className="state-bad" data-testid="traffic-failures-by-kind">
              <span aria-hidden="true">✕ </span>
              {t.failures}: {failures.map(([k, n]) => `${n} ${k}`).join(', ')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
