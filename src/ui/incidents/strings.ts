// The incident panel's own words in English and Russian, picked by the ui-store's `lang` like the
// rest of the app. The incident's texts (title, symptom, hints, choices) come in both languages
// from its scenario file; commands and kubectl's output stay as they are.

import type { Lang } from '../app/strings';
import { useUiStore } from '../store/app-store';

export interface IncidentStrings {
  kicker: string;
  symptom: string;
  hints: string;
  showHint(next: number, total: number): string;
  allHintsShown: string;
  hintLabel(n: number): string;
  diagnosis: string;
  diagnosisQuestion: string;
  checkAnswer: string;
  right: string;
  wrong: string;
  fix: string;
  fixExplain: string;
  checkFix: string;
  checking: string;
  fixPassed: string;
  fixFailed: string;
  closed: string;
  closedExplain: string;
  pickFirst: string;
}

const EN: IncidentStrings = {
  kicker: 'Incident — what is broken?',
  symptom: 'Symptom',
  hints: 'Hints',
  showHint: (next, total) => `Show hint ${next} of ${total}`,
  allHintsShown: 'All hints shown',
  hintLabel: (n) => `Hint ${n}`,
  diagnosis: 'Diagnosis',
  diagnosisQuestion: 'What is the cause?',
  checkAnswer: 'Check my answer',
  right: 'Right: that is the cause.',
  wrong: 'Not this one. Look again at what the cluster shows.',
  fix: 'Fix',
  fixExplain: 'Repair the cluster with kubectl, node tools or the graph, then ask the cluster whether the symptom is gone.',
  checkFix: 'Check my fix',
  checking: 'Asking the cluster…',
  fixPassed: 'The symptom is gone.',
  fixFailed: 'The symptom is still there (the cluster may need a few seconds: check again). Still failing:',
  closed: 'Incident closed',
  closedExplain: 'You found the cause and the cluster confirms it is healthy again.',
  pickFirst: 'Pick one of the causes first.',
};

const RU: IncidentStrings = {
  kicker: 'Инцидент — что сломано?',
  symptom: 'Симптом',
  hints: 'Подсказки',
  showHint: (next, total) => `Показать подсказку ${next} из ${total}`,
  allHintsShown: 'Все подсказки показаны',
  hintLabel: (n) => `Подсказка ${n}`,
  diagnosis: 'Диагноз',
  diagnosisQuestion: 'В чём причина?',
  checkAnswer: 'Проверить ответ',
  right: 'Верно: причина в этом.',
  wrong: 'Не то. Посмотрите ещё раз, что показывает кластер.',
  fix: 'Исправление',
  fixExplain: 'Почините кластер с помощью kubectl, инструментов узла или графа, затем спросите кластер, ушёл ли симптом.',
  checkFix: 'Проверить исправление',
  checking: 'Спрашиваем кластер…',
  fixPassed: 'Симптом исчез.',
  fixFailed: 'Симптом всё ещё есть (кластеру может понадобиться несколько секунд: проверьте снова). Не проходит:',
  closed: 'Инцидент закрыт',
  closedExplain: 'Вы нашли причину, и кластер подтверждает, что снова здоров.',
  pickFirst: 'Сначала выберите одну из причин.',
};

export const INCIDENT_STRINGS: Record<Lang, IncidentStrings> = { en: EN, ru: RU };

export function useIncidentStrings(): IncidentStrings {
  return INCIDENT_STRINGS[useUiStore((s) => s.lang)];
}
