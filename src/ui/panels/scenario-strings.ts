// The scenario panel's words in English and Russian, picked like the app's own (app/useStrings.ts:
// the ui-store's `lang`). Commands, kubectl's output and the scenario's own text stay as written.

import type { ExpectationCheckView, ExpectationState, ScenarioStepState } from '../../protocol/scenario-progress';
import type { Lang } from '../app/strings';
import { useUiStore } from '../store/app-store';

export interface ScenarioStrings {
  tab: string;
  failedBadge(n: number): string;
  passedBadge(passed: number, total: number): string;
  empty: string;
  steps: string;
  expectations: string;
  noSteps: string;
  noExpectations: string;
  stepState: Record<ScenarioStepState, string>;
  verdict: Record<ExpectationState, string>;
  /** The time column: when a done step started, or when one ahead is due. */
  ranAt(clock: string): string;
  dueAt(clock: string): string;
  exitCode(code: number | null): string;
  summaryParts(p: { passed: number; failed: number; pending: number }): { kind: 'passed' | 'failed' | 'pending'; text: string }[];
  stepsDone(done: number, total: number): string;
  finished: string;
  recorded(n: number): string;
  errorLabel: string;
  timedOut: string;
  check(c: ExpectationCheckView): string;
  got(actual: string): string;
  stepsListLabel: string;
  expectationsListLabel: string;
}

const quote = (s: string, lang: Lang) => (lang === 'ru' ? `«${s}»` : `“${s}”`);
/** Long outputs (a whole `kubectl get events`) are cut for the panel; the terminal has them whole. */
const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

const WHAT: Record<Lang, Record<ExpectationCheckView['what'], string>> = {
  en: { stdout: 'output', stderr: 'error output', exitCode: 'exit code' },
  ru: { stdout: 'вывод', stderr: 'вывод ошибок', exitCode: 'код выхода' },
};
const OP: Record<Lang, Record<ExpectationCheckView['op'], string>> = {
  en: { equals: 'is', contains: 'contains' },
  ru: { equals: 'равен', contains: 'содержит' },
};

function check(c: ExpectationCheckView, lang: Lang): string {
  const value = c.what === 'exitCode' ? c.expected : quote(clip(c.expected), lang);
  return `${WHAT[lang][c.what]} ${OP[lang][c.op]} ${value}`;
}

const en: ScenarioStrings = {
  tab: 'Scenario',
  failedBadge: (n) => `${n} failed`,
  passedBadge: (p, t) => `${p} of ${t} expectations passed`,
  empty: 'No scenario loaded.',
  steps: 'Steps',
  expectations: 'Expectations',
  noSteps: 'This scenario has no steps: the cluster is yours to drive from the terminal.',
  noExpectations: 'This scenario checks nothing.',
  stepState: { done: 'done', running: 'running', next: 'next', ahead: 'ahead' },
  verdict: { pending: 'pending', pass: 'passed', fail: 'failed' },
  ranAt: (c) => `ran ${c}`,
  dueAt: (c) => `at ${c}`,
  exitCode: (code) => (code === null ? 'no answer' : `exit ${code}`),
  summaryParts: ({ passed, failed, pending }) => [
    { kind: 'passed', text: `${passed} passed` },
    { kind: 'failed', text: `${failed} failed` },
    { kind: 'pending', text: `${pending} pending` },
  ],
  stepsDone: (d, t) => `${d} of ${t} steps done`,
  finished: 'finished',
  recorded: (n) => `${n} ${n === 1 ? 'action' : 'actions'} of yours recorded`,
  errorLabel: 'could not run',
  timedOut: 'no answer in time',
  check: (c) => check(c, 'en'),
  got: (a) => `got ${quote(clip(a), 'en')}`,
  stepsListLabel: 'The scenario’s steps in order',
  expectationsListLabel: 'What the scenario checks, and the verdicts',
};

const ru: ScenarioStrings = {
  tab: 'Сценарий',
  failedBadge: (n) => `не выполнено проверок: ${n}`,
  passedBadge: (p, t) => `выполнено проверок: ${p} из ${t}`,
  empty: 'Сценарий не загружен.',
  steps: 'Шаги',
  expectations: 'Проверки',
  noSteps: 'В этом сценарии нет шагов: управляйте кластером из терминала.',
  noExpectations: 'Этот сценарий ничего не проверяет.',
  stepState: { done: 'выполнен', running: 'выполняется', next: 'следующий', ahead: 'впереди' },
  verdict: { pending: 'ожидает', pass: 'выполнена', fail: 'не выполнена' },
  ranAt: (c) => `запущен ${c}`,
  dueAt: (c) => `в ${c}`,
  exitCode: (code) => (code === null ? 'нет ответа' : `код ${code}`),
  summaryParts: ({ passed, failed, pending }) => [
    { kind: 'passed', text: `выполнено ${passed}` },
    { kind: 'failed', text: `не выполнено ${failed}` },
    { kind: 'pending', text: `ожидают ${pending}` },
  ],
  stepsDone: (d, t) => `выполнено шагов: ${d} из ${t}`,
  finished: 'завершён',
  recorded: (n) => `записано ваших действий: ${n}`,
  errorLabel: 'не удалось выполнить',
  timedOut: 'нет ответа вовремя',
  check: (c) => check(c, 'ru'),
  got: (a) => `получено ${quote(clip(a), 'ru')}`,
  stepsListLabel: 'Шаги сценария по порядку',
  expectationsListLabel: 'Что проверяет сценарий, и результаты',
};

export const SCENARIO_STRINGS: Record<Lang, ScenarioStrings> = { en, ru };

export function useScenarioStrings(): ScenarioStrings {
  const lang = useUiStore((s) => s.lang);
  return SCENARIO_STRINGS[lang];
}
