// Live mode's words (app/live-mode.ts) in English and Russian, picked like the app's own
// (app/useStrings.ts). kubectl's words and commands stay as they are: people type them.

import type { DockTab } from '../store/ui-store';
import { useUiStore } from '../store/app-store';
import type { Lang } from './strings';

export interface LiveStrings {
  /** The toolbar's marker: `Live: 127.0.0.1:8001 (read-only)`. */
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
}

const en: LiveStrings = {
  marker: (server) => `Live: ${server} (read-only)`,
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
};

const ru: LiveStrings = {
  marker: (server) => `Живой кластер: ${server} (только чтение)`,
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
};

export const LIVE_STRINGS: Record<Lang, LiveStrings> = { en, ru };

export function useLiveStrings(): LiveStrings {
  const lang = useUiStore((s) => s.lang);
  return LIVE_STRINGS[lang];
}
