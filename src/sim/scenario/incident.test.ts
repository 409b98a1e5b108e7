// `spec.incident` (issue 15's incident drills): parsed into plain data, and every mistake an author
// (or a hostile link) can make is an error with its field path, never a half-read drill.

import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';

const HEAD = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: drill}
spec:
  pauseAt: 10s
  steps:
    - {at: 0s, kill: kube-scheduler}
  incident:
    title: {en: Pending pods, ru: Поды в Pending}
    symptom: {en: Pods stay Pending., ru: Поды остаются в Pending.}
`;
const HINTS = `    hints:
      - {en: one, ru: один}
      - {en: two, ru: два}
      - {en: "Run: kubectl get pods -n kube-system", ru: "Выполните: kubectl get pods -n kube-system"}
`;
const CHOICES = `    choices:
      - {id: scheduler, en: kube-scheduler is down, ru: kube-scheduler не работает}
      - {id: image, en: A typo in the image, ru: Опечатка в образе}
    answer: scheduler
`;
const FIXED = `    fixed:
      - run: kubectl get pod web -o jsonpath={.status.phase}
        equals: Running
    solution:
      - {at: 0s, start: kube-scheduler}
`;

function errors(text: string): string[] {
  const r = parseScenario(text, 'drill.yaml');
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
}

describe('spec.incident', () => {
  it('reads title, symptom, three hints, choices with the answer, the fixed check and the solution', () => {
    const r = parseScenario(HEAD + HINTS + CHOICES + FIXED, 'drill.yaml');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const inc = r.scenario.incident!;
    expect(inc.title).toEqual({ en: 'Pending pods', ru: 'Поды в Pending' });
    expect(inc.hints.map((h) => h.en)).toEqual(['one', 'two', 'Run: kubectl get pods -n kube-system']);
    expect(inc.choices?.map((c) => c.id)).toEqual(['scheduler', 'image']);
    expect(inc.answer).toBe('scheduler');
    expect(inc.fixed).toEqual([{ run: 'kubectl get pod web -o jsonpath={.status.phase}', equals: 'Running' }]);
    expect(inc.solution?.map((s) => s.kind)).toEqual(['start']);
    // The break stays the scenario's own steps.
    expect(r.scenario.steps.map((s) => s.kind)).toEqual(['kill']);
  });

  it.each([
    ['two hints instead of three', HEAD + HINTS.split('\n').slice(0, 3).join('\n') + '\n' + CHOICES, 'spec.incident.hints: expected exactly 3 hints'],
    ['an answer that is none of the choices', HEAD + HINTS + CHOICES.replace('answer: scheduler', 'answer: etcd'), 'spec.incident.answer: "etcd" is not the id of one of the choices'],
    ['choices without an answer', HEAD + HINTS + CHOICES.replace('    answer: scheduler\n', ''), 'spec.incident: choices need an "answer"'],
    ['neither choices nor a fixed check', HEAD + HINTS, 'spec.incident: an incident needs "choices"'],
    ['a hint without its Russian text', HEAD + HINTS.replace('{en: two, ru: два}', '{en: two}') + CHOICES, 'spec.incident.hints[1]: missing required field "ru"'],
    ['an unknown field', HEAD + HINTS + CHOICES + '    hint: {en: x, ru: y}\n', 'spec.incident: unknown field "hint"'],
    ['a fixed check with nothing to check', HEAD + HINTS + '    fixed:\n      - run: kubectl get pods\n', 'spec.incident.fixed[0]: an expect needs something to check'],
    ['the same choice id twice', HEAD + HINTS + CHOICES.replace('id: image', 'id: scheduler'), 'duplicate choice id "scheduler"'],
  ])('refuses %s', (_name, text, message) => {
    expect(errors(text).join('\n')).toContain(message);
  });
});
