// The lesson panel's and the start screen's words in English and Russian, picked by the ui-store's
// `lang` like the app's own (app/useStrings.ts). The lessons' own texts come from their YAML, in
// both languages; these are only the frame around them.

import type { Lang } from '../app/strings';
import { useUiStore } from '../store/app-store';

export interface LessonStrings {
  panelLabel: string;
  stepOf(n: number, of: number): string;
  back: string;
  next: string;
  skip: string;
  finish: string;
  hide: string;
  show: string;
  watch: string;
  showMe: string;
  doThis: string;
  copy: string;
  copied: string;
  waiting: string;
  confirmed: string;
  question: string;
  check: string;
  right: string;
  wrong: string;
  shareStep: string;
  shareLesson: string;
  linkCopied: string;
  linkNotCopied: string;
  complete: string;
  restart: string;
  highlightKind: { component: string; message: string; lane: string };
  // The start screen.
  startTitle: string;
  startIntro: string;
  lessons: string;
  lessonsIntro: string;
  drills: string;
  drillsIntro: string;
  play: string;
  playIntro: string;
  playButton: string;
  progress(done: number, of: number): string;
  stepsDone(n: number): string;
  close: string;
  openStart: string;
  loadingList: string;
  listFailed: string;
  noDrills: string;
}

const en: LessonStrings = {
  panelLabel: 'Lesson',
  stepOf: (n, of) => `Step ${n} of ${of}`,
  back: 'Back',
  next: 'Next',
  skip: 'Skip',
  finish: 'Finish',
  hide: 'Hide the lesson',
  show: 'Lesson',
  watch: 'Watch',
  showMe: 'Show me',
  doThis: 'Do this',
  copy: 'Copy',
  copied: 'Copied',
  waiting: 'Waiting for the cluster to show it…',
  confirmed: 'Done: the cluster shows it.',
  question: 'Question',
  check: 'Answer',
  right: 'Right.',
  wrong: 'Not quite.',
  shareStep: 'Link to this step',
  shareLesson: 'Link to this lesson',
  linkCopied: 'Link copied',
  linkNotCopied: 'Copy the link from the address bar',
  complete: 'Lesson complete.',
  restart: 'Start over',
  highlightKind: { component: 'component', message: 'message', lane: 'lane of the Request diagram' },
  startTitle: 'Welcome to Kubeplay',
  startIntro: 'A whole Kubernetes cluster runs in this tab. Learn how it works, practise finding what is broken, or just play with it.',
  lessons: 'Lessons',
  lessonsIntro: 'Four short lessons, one per chapter: watch the cluster work and do each step yourself.',
  drills: 'Incident drills: “What’s broken?”',
  drillsIntro: 'Something in the cluster is broken. Investigate with kubectl and the node tools, then name the cause.',
  play: 'Just play',
  playIntro: 'An idle cluster with three workers: type kubectl, break things, watch.',
  playButton: 'Open the cluster',
  progress: (done, of) => `${done}/${of} steps`,
  stepsDone: (n) => `${n} ${n === 1 ? 'step' : 'steps'} done`,
  close: 'Close',
  openStart: 'Start screen',
  loadingList: 'Loading…',
  listFailed: 'The list could not be loaded.',
  noDrills: 'No drills yet.',
};

const ru: LessonStrings = {
  panelLabel: 'Урок',
  stepOf: (n, of) => `Шаг ${n} из ${of}`,
  back: 'Назад',
  next: 'Дальше',
  skip: 'Пропустить',
  finish: 'Завершить',
  hide: 'Скрыть урок',
  show: 'Урок',
  watch: 'Смотрите',
  showMe: 'Показать',
  doThis: 'Сделайте',
  copy: 'Копировать',
  copied: 'Скопировано',
  waiting: 'Ждём, когда кластер это покажет…',
  confirmed: 'Готово: кластер это показывает.',
  question: 'Вопрос',
  check: 'Ответить',
  right: 'Верно.',
  wrong: 'Не совсем.',
  shareStep: 'Ссылка на этот шаг',
  shareLesson: 'Ссылка на этот урок',
  linkCopied: 'Ссылка скопирована',
  linkNotCopied: 'Скопируйте ссылку из адресной строки',
  complete: 'Урок пройден.',
  restart: 'Начать заново',
  highlightKind: { component: 'компонент', message: 'сообщение', lane: 'дорожка диаграммы запроса' },
  startTitle: 'Добро пожаловать в Kubeplay',
  startIntro: 'В этой вкладке работает целый кластер Kubernetes. Узнайте, как он устроен, потренируйтесь находить поломки или просто поиграйте с ним.',
  lessons: 'Уроки',
  lessonsIntro: 'Четыре коротких урока, по одному на главу: смотрите, как работает кластер, и делайте каждый шаг сами.',
  drills: 'Учебные инциденты: «Что сломалось?»',
  drillsIntro: 'В кластере что-то сломано. Разберитесь с помощью kubectl и инструментов узла и назовите причину.',
  play: 'Просто поиграть',
  playIntro: 'Пустой кластер с тремя рабочими узлами: вводите kubectl, ломайте, наблюдайте.',
  playButton: 'Открыть кластер',
  progress: (done, of) => `шагов: ${done}/${of}`,
  stepsDone: (n) => `пройдено шагов: ${n}`,
  close: 'Закрыть',
  openStart: 'Начальный экран',
  loadingList: 'Загрузка…',
  listFailed: 'Список не загрузился.',
  noDrills: 'Инцидентов пока нет.',
};

export const LESSON_STRINGS: Record<Lang, LessonStrings> = { en, ru };

export function useLessonStrings(): LessonStrings {
  const lang = useUiStore((s) => s.lang);
  return LESSON_STRINGS[lang];
}
