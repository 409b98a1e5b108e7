// The Scenario tab: the loaded scenario's title and description, its steps (done with the simulated
// time each started, the one running or next, those ahead with their scheduled time) and its
// expectations with the verdict the simulation's scenario runner reached (src/sim/scenario/progress.ts,
// sent by the worker). Nothing here checks an expectation: it shows what the runner decided.

import { useEffect, useRef } from 'react';
import type { ScenarioProgressView, ScenarioStepView } from '../../protocol/scenario-progress';
import { formatClock } from '../app/format';
import { IncidentPanel } from '../incidents/IncidentPanel';
import { scenarioDescription, scenarioTitle } from '../app/scenario-titles';
import { useScenarioStrings, type ScenarioStrings } from './scenario-strings';
import './scenario-panel.css';
import { useSimStore, useUiStore } from '../store/app-store';

const STEP_ICON: Record<ScenarioStepView['state'], string> = { done: '✓', running: '▶', next: '→', ahead: '○' };
const VERDICT_ICON = { pass: '✓', fail: '✗', pending: '…' } as const;

export function ScenarioPanel() {
  const sc = useScenarioStrings();
  const lang = useUiStore((s) => s.lang);
  const p = useSimStore((s) => s.progress);
  if (!p) return <p className="panel-empty">{sc.empty}</p>;
  if (p.incident) return <IncidentPanel name={p.name} incident={p.incident} />;
  const done = p.steps.filter((s) => s.state === 'done').length;
  const title = scenarioTitle(p.name, lang);
  const description = scenarioDescription(p.name, lang) ?? p.description;
  return (
    <div className="scenario-panel" data-testid="scenario-panel" data-done={p.done}>
      <header className="scenario-head">
        <div className="scenario-head-row">
          <h2 className="scenario-title">
            {title}
            {title !== p.name && <span className="scenario-name">{p.name}</span>}
          </h2>
          <p className="scenario-summary" data-testid="scenario-summary">
            <span>
              {sc.stepsDone(done, p.steps.length)}
              {p.done && ` · ${sc.finished}`}
            </span>
            {p.passed + p.failed + p.pending > 0 && <Summary p={p} sc={sc} />}
            {p.recorded > 0 && <span>{sc.recorded(p.recorded)}</span>}
          </p>
        </div>
        {description && <p className="scenario-description">{description}</p>}
      </header>
      <div className="scenario-columns">
        <StepList p={p} sc={sc} />
        <ExpectationList p={p} sc={sc} />
      </div>
    </div>
  );
}

/** `2 passed · 1 failed · 3 pending`, the failed count in the danger colour when there is one. */
function Summary({ p, sc }: { p: ScenarioProgressView; sc: ScenarioStrings }) {
  const parts = sc.summaryParts(p);
  return (
    <span>
      {parts.map((x, i) => (
        <span key={x.kind} className={x.kind === 'failed' && p.failed > 0 ? 'scenario-bad' : undefined}>
          {i > 0 && ' · '}
          {x.text}
        </span>
      ))}
    </span>
  );
}

/** Scrolls `list` (its own scroll box) so that its row marked `data-focus` shows, when `key` changes. */
function useKeepInView(key: string) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const show = () => {
      const row = list.querySelector<HTMLElement>('[data-focus="true"]');
      if (!row) return;
      const top = row.offsetTop;
      const bottom = top + row.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
    };
    show();
    // A smaller window or a resized dock would hide the row again.
    const seen = new ResizeObserver(show);
    seen.observe(list);
    return () => seen.disconnect();
  }, [key]);
  return ref;
}

function StepList({ p, sc }: { p: ScenarioProgressView; sc: ScenarioStrings }) {
  // The step running or due next; once all ran, the last one.
  const current = p.steps.find((s) => s.state === 'running' || s.state === 'next') ?? (p.done ? p.steps.at(-1) : undefined);
  const ref = useKeepInView(`${current?.index ?? 'end'}:${p.steps.length}`);
  return (
    <section className="scenario-section" aria-labelledby="scenario-steps-h">
      <h3 id="scenario-steps-h">{sc.steps}</h3>
      {p.steps.length === 0 ? (
        <p className="panel-empty">{sc.noSteps}</p>
      ) : (
        // A scroll box a keyboard can reach (axe: scrollable-region-focusable).
        <ol className="scenario-list" ref={ref} tabIndex={0} aria-label={sc.stepsListLabel} data-testid="scenario-steps">
          {p.steps.map((s) => (
            <StepRow key={s.index} s={s} sc={sc} focus={s === current} />
          ))}
        </ol>
      )}
    </section>
  );
}

function StepRow({ s, sc, focus }: { s: ScenarioStepView; sc: ScenarioStrings; focus: boolean }) {
  const failed = s.error !== undefined || s.expect?.state === 'fail';
  const time = s.startedAt !== undefined ? sc.ranAt(formatClock(s.startedAt)) : sc.dueAt(formatClock(s.at));
  return (
    <li
      className={`scenario-step scenario-step--${s.state}${failed ? ' scenario-step--failed' : ''}`}
      data-testid="scenario-step"
      data-index={s.index}
      data-state={s.state}
      data-kind={s.kind}
      data-focus={focus}
      aria-current={focus && s.state !== 'done' ? 'step' : undefined}
    >
      <span className="scenario-icon" aria-hidden="true">
        {failed ? '✗' : STEP_ICON[s.state]}
      </span>
      <span className="visually-hidden">{sc.stepState[s.state]}</span>
      <span className="scenario-time">{time}</span>
      <code className="scenario-text" title={s.text}>
        {s.text}
      </code>
      {s.expect && <Verdict state={s.expect.state} sc={sc} />}
      {s.exitCode !== undefined && s.exitCode !== 0 && !s.expect && <span className="scenario-note">{sc.exitCode(s.exitCode)}</span>}
      {s.error !== undefined && (
        <span className="scenario-note scenario-bad">
          {sc.errorLabel}: {s.error}
        </span>
      )}
    </li>
  );
}

function Verdict({ state, sc }: { state: 'pending' | 'pass' | 'fail'; sc: ScenarioStrings }) {
  return (
    <span className={`scenario-verdict scenario-verdict--${state}`} data-testid="scenario-verdict" data-state={state}>
      <span aria-hidden="true">{VERDICT_ICON[state]} </span>
      {sc.verdict[state]}
    </span>
  );
}

function ExpectationList({ p, sc }: { p: ScenarioProgressView; sc: ScenarioStrings }) {
  const expects = p.steps.filter((s) => s.expect);
  const latest = [...expects].reverse().find((s) => s.expect!.state !== 'pending');
  const ref = useKeepInView(`${latest?.index ?? 'none'}`);
  return (
    <section className="scenario-section" aria-labelledby="scenario-expect-h">
      <h3 id="scenario-expect-h">{sc.expectations}</h3>
      {expects.length === 0 ? (
        <p className="panel-empty">{sc.noExpectations}</p>
      ) : (
        <ol className="scenario-list" ref={ref} tabIndex={0} aria-label={sc.expectationsListLabel} data-testid="scenario-expectations">
          {expects.map((s) => {
            const e = s.expect!;
            return (
              <li key={s.index} className={`scenario-expectation scenario-expectation--${e.state}`} data-testid="scenario-expectation" data-step={s.index} data-state={e.state} data-focus={s === latest}>
                <div className="scenario-expectation-head">
                  <Verdict state={e.state} sc={sc} />
                  <span className="scenario-time">{s.startedAt !== undefined ? sc.ranAt(formatClock(s.startedAt)) : sc.dueAt(formatClock(s.at))}</span>
                  <code className="scenario-text" title={s.text}>
                    {s.text}
                  </code>
                </div>
                <ul className="scenario-checks">
                  {e.checks.map((c, i) => (
                    <li key={i} data-ok={c.ok === undefined ? undefined : String(c.ok)}>
                      {sc.check(c)}
                      {c.ok === false && !e.timedOut && c.actual !== undefined && <span className="scenario-bad"> — {sc.got(c.actual)}</span>}
                    </li>
                  ))}
                  {e.timedOut && <li className="scenario-bad">{sc.timedOut}</li>}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
