// Live mode's words (app/live-mode.ts) in English and Russian, picked like the app's own
// (app/useStrings.ts). kubectl's words and commands stay as they are: people type them.

import type { DockTab } from '../store/ui-store';
import { useUiStore } from '../store/app-store';
import type { Lang } from './strings';

export interface LiveStrings {
  /** The toolbar's marker: `Live: read-only view of 127.0.0.1:8001`. */
  marker(server: string): string;
  markerHint: string;
  connecting: string;
  /** The connection broke: why, and when the next try is. */
  retrying(error: string, seconds: number): string;
  /** Why the run's controls (scenario, play, step, speed, share) are disabled. */
  controlsUnavailable: string;
  /** The line under the toolbar: what only the simulation shows. */
  note: string;
  /** The dock's tabs that only the simulation has, and why. */
  tabUnavailable: Partial<Record<DockTab, string>>;
  unavailableMark: string;
  /** The inspector's pod log: what it is read as. */
  logsFrom: string;
  logsContainer: string;
  logsPrevious: string;
  logsReading: string;
  /** The control plane's box: kube-apiserver's health checks (the title is the box's tooltip), and what the API does not show. */
  healthTitle: string;
  healthPassed(endpoint: string, ok: number, all: number): string;
  healthFailed(endpoint: string, failed: string): string;
  healthUnread(endpoint: string, error: string): string;
  healthReading: string;
  cpUnavailable: string;
}

const en: LiveStrings = {
  marker: (server) => `Live: read-only view of ${server}`,
  markerHint: 'This page reads a real cluster through kubectl proxy: its nodes, pods, Services and events, from list and watch. It changes nothing.',
  connecting: 'connecting…',
  retrying: (error, seconds) => `connection lost (${error}); trying again in ${seconds} s`,
  controlsUnavailable: 'Not available in live mode: a real cluster cannot be paused, stepped, rewound or shared, and this page does not write to it.',
  note: 'Live mode, read-only. Only the simulation shows the etcd members, the messages between components, stepping and time travel. To change the cluster, use your own kubectl.',
  tabUnavailable: {
    terminal: 'The in-page terminal runs commands in the simulated cluster only. In live mode use your own terminal, for example: kubectl get pods -w',
    timeline: 'Messages between components are only visible in the simulation: a real cluster does not show them to its clients.',
    sequence: 'The request timeline is drawn from the simulation’s messages; a real cluster does not show them to its clients.',
    yaml: 'Apply writes to the simulated cluster only. In live mode use your own kubectl: kubectl apply -f file.yaml',
    scenario: 'Scenarios run in the simulation only.',
  },
  unavailableMark: 'not in live mode',
  logsFrom: 'As your own kubectl reads it:',
  logsContainer: 'Container',
  logsPrevious: 'previous (the last ended run)',
  logsReading: 'reading…',
  healthTitle: 'kube-apiserver health, read from /readyz?verbose and /livez?verbose',
  healthPassed: (endpoint, ok, all) => `${endpoint}: ok (${ok}/${all} checks)`,
  healthFailed: (endpoint, failed) => `${endpoint}: failed: ${failed}`,
  healthUnread: (endpoint, error) => `${endpoint}: not readable (${error})`,
  healthReading: 'reading /readyz and /livez…',
  cpUnavailable: 'Not in live mode: etcd members, messages between components',
};

const ru: LiveStrings = {
  marker: (server) => `Живой кластер: только чтение, ${server}`,
  markerHint: 'Страница читает настоящий кластер через kubectl proxy: узлы, поды, Services и события — из list и watch. Она ничего не меняет.',
  connecting: 'подключение…',
  retrying: (error, seconds) => `связь потеряна (${error}); новая попытка через ${seconds} с`,
  controlsUnavailable: 'Недоступно в живом режиме: настоящий кластер нельзя поставить на паузу, пройти по шагам, отмотать назад или отправить ссылкой, а эта страница в него не пишет.',
  note: 'Живой режим, только чтение. Участники etcd, сообщения между компонентами, шаги и путешествие во времени есть только в симуляции. Чтобы изменить кластер, используйте свой kubectl.',
  tabUnavailable: {
    terminal: 'Терминал страницы выполняет команды только в симулированном кластере. В живом режиме используйте свой терминал, например: kubectl get pods -w',
    timeline: 'Сообщения между компонентами видны только в симуляции: настоящий кластер не показывает их клиентам.',
    sequence: 'Диаграмма запроса строится из сообщений симуляции; настоящий кластер не показывает их клиентам.',
    yaml: 'Apply пишет только в симулированный кластер. В живом режиме используйте свой kubectl: kubectl apply -f file.yaml',
    scenario: 'Сценарии выполняются только в симуляции.',
  },
  unavailableMark: 'нет в живом режиме',
  logsFrom: 'Так его читает ваш kubectl:',
  logsContainer: 'Контейнер',
  logsPrevious: 'previous (последний завершившийся запуск)',
  logsReading: 'чтение…',
  healthTitle: 'Здоровье kube-apiserver по /readyz?verbose и /livez?verbose',
  healthPassed: (endpoint, ok, all) => `${endpoint}: ok (проверок: ${ok}/${all})`,
  healthFailed: (endpoint, failed) => `${endpoint}: не пройдено: ${failed}`,
  healthUnread: (endpoint, error) => `${endpoint}: не удалось прочитать (${error})`,
  healthReading: 'чтение /readyz и /livez…',
  cpUnavailable: 'Нет в живом режиме: участники etcd, сообщения между компонентами',
};

export const LIVE_STRINGS: Record<Lang, LiveStrings> = { en, ru };

export function useLiveStrings(): LiveStrings {
  const lang = useUiStore((s) => s.lang);
  return LIVE_STRINGS[lang];
}
