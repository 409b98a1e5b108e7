// The incident panel (issue 15, "What's broken?"): shown in the Scenario tab instead of the steps
// when the loaded scenario is an incident drill, whose steps are the hidden break. It shows the
// symptom, a ladder of three hints opened one at a time (the last names the command to run), the
// diagnosis as multiple choice, and "Check my fix", which asks the cluster itself; the incident is
// closed when the right cause was named and the fix check passed (whichever the incident has).
// Each column scrolls on its own, so each is a stop for the keyboard (axe: scrollable-region-focusable).

import { incidentClosed, isRightChoice, type IncidentView } from '../../protocol/incident';
import { useUiStore } from '../store/app-store';
import { useFixCheck } from './fix-check';
import { useIncidentProgress, useIncidentStore, type FixState } from './incident-store';
import { useIncidentStrings, type IncidentStrings } from './strings';
import './incident-panel.css';

export function IncidentPanel({ name, incident }: { name: string; incident: IncidentView }) {
  const s = useIncidentStrings();
  const lang = useUiStore((x) => x.lang);
  const { hintsShown, picked, answered, fix } = useIncidentProgress(name);
  const update = useIncidentStore((x) => x.update);
  const checkFix = useFixCheck(name, incident.fixed, fix);
  const choseRight = answered !== undefined && isRightChoice(incident, answered);
  const closed = incidentClosed(incident, { choseRight, fixPassed: fix.kind === 'passed' });
  return (
    <div className="incident-panel" data-testid="incident-panel" data-closed={closed}>
      <header className="incident-head">
        <p className="incident-kicker">{s.kicker}</p>
        <h2 className="incident-title">{incident.title[lang]}</h2>
      </header>
      {closed && (
        <p className="incident-closed" role="status" data-testid="incident-closed">
          <span aria-hidden="true">✓ </span>
          <strong>{s.closed}.</strong> {s.closedExplain}
        </p>
      )}
      <div className="incident-columns" data-columns={1 + (incident.choices ? 1 : 0) + (incident.fixed ? 1 : 0)}>
        <section className="incident-section" tabIndex={0} aria-labelledby="incident-symptom-h">
          <h3 id="incident-symptom-h">{s.symptom}</h3>
          <p className="incident-symptom" data-testid="incident-symptom">
            {incident.symptom[lang]}
          </p>
          <Hints incident={incident} shown={hintsShown} onMore={() => update(name, { hintsShown: Math.min(hintsShown + 1, incident.hints.length) })} s={s} lang={lang} />
        </section>
        {incident.choices && (
          <section className="incident-section" tabIndex={0} aria-label={s.diagnosis}>
            <Diagnosis incident={incident} picked={picked} answered={answered} onPick={(id) => update(name, { picked: id })} onAnswer={() => update(name, { answered: picked })} s={s} lang={lang} />
          </section>
        )}
        {incident.fixed && (
          <section className="incident-section" tabIndex={0} aria-labelledby="incident-fix-h">
            <Fix state={fix} onCheck={checkFix} s={s} />
          </section>
        )}
      </div>
    </div>
  );
}

function Hints({ incident, shown, onMore, s, lang }: { incident: IncidentView; shown: number; onMore: () => void; s: IncidentStrings; lang: 'en' | 'ru' }) {
  const total = incident.hints.length;
  return (
    <>
      <h3 id="incident-hints-h">{s.hints}</h3>
      {shown > 0 && (
        <ol className="incident-hints" aria-labelledby="incident-hints-h" data-testid="incident-hints">
          {incident.hints.slice(0, shown).map((h, i) => (
            <li key={i} data-testid="incident-hint">
              <span className="incident-hint-label">{s.hintLabel(i + 1)}:</span> {h[lang]}
            </li>
          ))}
        </ol>
      )}
      <button type="button" data-testid="incident-show-hint" disabled={shown >= total} onClick={onMore}>
        {shown >= total ? s.allHintsShown : s.showHint(shown + 1, total)}
      </button>
    </>
  );
}

interface DiagnosisProps {
  incident: IncidentView;
  picked: string | undefined;
  answered: string | undefined;
  onPick: (id: string) => void;
  onAnswer: () => void;
  s: IncidentStrings;
  lang: 'en' | 'ru';
}

function Diagnosis({ incident, picked, answered, onPick, onAnswer, s, lang }: DiagnosisProps) {
  const right = answered !== undefined && isRightChoice(incident, answered);
  return (
    <form
      className="incident-diagnosis"
      onSubmit={(e) => {
        e.preventDefault();
        if (picked !== undefined) onAnswer();
      }}
    >
      <fieldset>
        <legend>
          <span className="incident-legend">{s.diagnosis}</span> {s.diagnosisQuestion}
        </legend>
        {incident.choices!.map((c) => (
          <label key={c.id} className="incident-choice" data-testid="incident-choice" data-id={c.id}>
            <input type="radio" name="incident-cause" value={c.id} checked={picked === c.id} onChange={() => onPick(c.id)} />
            {c.text[lang]}
          </label>
        ))}
      </fieldset>
      <div className="incident-actions">
        <button type="submit" className="primary" data-testid="incident-check-answer" disabled={picked === undefined} title={picked === undefined ? s.pickFirst : undefined}>
          {s.checkAnswer}
        </button>
        <span aria-live="polite" data-testid="incident-answer" data-right={answered === undefined ? undefined : String(right)} className={answered === undefined ? undefined : right ? 'incident-ok' : 'incident-bad'}>
          {answered !== undefined && (
            <>
              <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
              {right ? s.right : s.wrong}
            </>
          )}
        </span>
      </div>
    </form>
  );
}

function Fix({ state: st, onCheck, s }: { state: FixState; onCheck: () => void; s: IncidentStrings }) {
  return (
    <div className="incident-fix">
      <h3 id="incident-fix-h">{s.fix}</h3>
      <p className="incident-fix-explain">{s.fixExplain}</p>
      <div className="incident-actions">
        <button type="button" className="primary" data-testid="incident-check-fix" disabled={st.kind === 'checking'} onClick={onCheck}>
          {s.checkFix}
        </button>
        <span aria-live="polite" data-testid="incident-fix" data-state={st.kind} className={st.kind === 'passed' ? 'incident-ok' : st.kind === 'failed' ? 'incident-bad' : undefined}>
          {st.kind === 'checking' && s.checking}
          {st.kind === 'passed' && (
            <>
              <span aria-hidden="true">✓ </span>
              {s.fixPassed}
            </>
          )}
          {st.kind === 'failed' && (
            <>
              <span aria-hidden="true">✗ </span>
              {s.fixFailed}
            </>
          )}
        </span>
      </div>
      {st.kind === 'failed' && (
        <ul className="incident-failing">
          {st.failing.map((line) => (
            <li key={line}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
