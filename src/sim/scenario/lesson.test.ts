// spec.lesson (issue 15): narrated steps, highlights, do-this checks and section questions, parsed
// strictly like the rest of a scenario (a lesson can arrive in a shared link).
import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { formatScenarioError } from './schema';

const head = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  steps: []
  lesson:
`;

function errors(lesson: string): string[] {
  const r = parseScenario(head + lesson, 't.yaml');
  return r.ok ? [] : r.errors.map(formatScenarioError);
}

describe('spec.lesson', () => {
  it('reads sections, steps, highlights, do-this checks and a question', () => {
    const r = parseScenario(
      head +
        `    title: {en: Containers, ru: Контейнеры}
    sections:
      - id: s1
        title: {en: One, ru: Один}
        steps:
          - id: a
            text: {en: "Look.", ru: "Смотрите."}
            highlight: {component: kube-apiserver}
          - id: b
            text: {en: "Kill it.", ru: "Убейте."}
            do:
              prompt: {en: Kill worker-2, ru: Убейте worker-2}
              command: kill worker-2
              check:
                - {host: worker-2, up: false}
                - {objects: pods, labels: {app: web}, field: status.phase, equals: Running, count: 3}
                - {objects: pods, name: sleeper, field: "status.containerStatuses[0].containerID", printed: true}
        question:
          text: {en: Why?, ru: Почему?}
          choices: [{en: A, ru: А}, {en: B, ru: Б}]
          answer: 1
          explain: {en: Because., ru: Потому что.}
`,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.scenario.lesson!.sections[0]!;
    expect(s.steps[0]!.highlight).toEqual({ component: 'kube-apiserver' });
    expect(s.steps[1]!.do!.check).toEqual([
      { host: 'worker-2', up: false },
      { objects: 'pods', labels: { app: 'web' }, field: 'status.phase', equals: 'Running', count: 3 },
      { objects: 'pods', name: 'sleeper', field: 'status.containerStatuses[0].containerID', printed: true },
    ]);
    expect(s.question!.answer).toBe(1);
  });

  it('reports a missing language, an unknown check, a bad answer and duplicate step ids with their place', () => {
    expect(
      errors(`    title: {en: X}
    sections: []
`),
    ).toEqual(['t.yaml:7:12: spec.lesson.title: missing required field "ru"']);
    expect(
      errors(`    title: {en: X, ru: Х}
    sections:
      - id: s
        title: {en: X, ru: Х}
        steps:
          - id: a
            text: {en: X, ru: Х}
            do: {prompt: {en: X, ru: Х}, check: [{keystroke: x}]}
          - id: a
            text: {en: X, ru: Х}
        question: {text: {en: Q, ru: В}, choices: [{en: A, ru: А}, {en: B, ru: Б}], answer: 2, explain: {en: E, ru: Е}}
`),
    ).toEqual([
      expect.stringContaining('spec.lesson.sections[0].steps[0].do.check[0]: unknown field "keystroke"'),
      expect.stringContaining('spec.lesson.sections[0].question.answer: must be between 0 and 1, got 2'),
    ]);
    expect(
      errors(`    title: {en: X, ru: Х}
    sections:
      - id: s
        title: {en: X, ru: Х}
        steps:
          - {id: a, text: {en: X, ru: Х}}
          - {id: a, text: {en: X, ru: Х}}
`),
    ).toEqual([expect.stringContaining('spec.lesson.sections: duplicate step id "a"')]);
    const check = (c: string) =>
      errors(`    title: {en: X, ru: Х}
    sections:
      - id: s
        title: {en: X, ru: Х}
        steps:
          - {id: a, text: {en: X, ru: Х}, do: {prompt: {en: X, ru: Х}, check: [${c}]}}
`);
    expect(check('{objects: pods, field: status.phase}')).toEqual([expect.stringContaining('"field" goes with "equals" or "printed: true"')]);
    expect(check('{objects: pods, printed: true}')).toEqual([expect.stringContaining('"equals" and "printed" need a "field"')]);
    expect(check('{objects: pods, field: status.phase, equals: Running, printed: true}')).toEqual([expect.stringContaining('"printed" and "equals" do not go together')]);
  });
});
