// Picks a built-in scenario by its title: fetches its YAML and loads it into the worker. A lesson or an
// incident drill is not in the list; while one is open the select shows its own title (its
// spec.lesson.title or spec.incident.title, in the language shown) rather than its metadata.name.
// From the pick until the worker has loaded the scenario (its YAML fetched; in the first moments
// after the page opens, the scenario text tools' chunk arrived), the select shows the pick and is
// marked busy, so the choice is visible where it was made.

import { useEffect, useState } from 'react';
import { clearRunHash } from '../app/run-links';
import { scenarioTitle } from '../app/scenario-titles';
import { loadScenario, SCENARIOS } from '../app/scenarios';
import { useStrings } from '../app/useStrings';
import { useLessonStore } from '../lessons/lesson-store';
import { useSimStore, useUiStore } from '../store/app-store';

export function ScenarioPicker() {
  const t = useStrings();
  const lang = useUiStore((s) => s.lang);
  const name = useSimStore((s) => s.scenario?.name ?? '');
  const known = SCENARIOS.includes(name);
  const incident = useSimStore((s) => (s.progress?.name === name ? s.progress.incident?.title : undefined));
  const lesson = useLessonStore((s) => (s.name === name ? s.lesson?.title : undefined));
  const own = (incident ?? lesson)?.[lang];
  const [pending, setPending] = useState<string | undefined>(undefined);
  // Whatever scenario loads next (the pick, or a link or lesson opened meanwhile) ends the wait.
  useEffect(() => setPending(undefined), [name]);
  return (
    <label className="toolbar-field">
      <span className="visually-hidden">{t.scenario}</span>
      <select
        data-testid="scenario-select"
        title={t.scenario}
        value={pending ?? (known ? name : '')}
        aria-busy={pending !== undefined}
        onChange={(e) => {
          const picked = e.target.value;
          setPending(picked);
          // A link in the address bar would reopen its run on a reload: this is another run now.
          clearRunHash();
          // A scenario someone picks should start running; pause is one key away.
          void loadScenario(picked).then((ok) => {
            if (ok) useUiStore.getState().send({ type: 'play' });
            else setPending(undefined);
          });
        }}
      >
        {!known && <option value="">{own || name || t.loading}</option>}
        {SCENARIOS.map((s) => (
          <option key={s} value={s}>
            {scenarioTitle(s, lang)}
          </option>
        ))}
      </select>
    </label>
  );
}
