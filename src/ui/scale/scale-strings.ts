// The scale view's words in English and Russian. Kubernetes' words (Ready, NotReady, Running,
// CrashLoopBackOff, node and pod names) stay as kubectl prints them.

import { type Forms, pluralWord } from '../app/plural';
import type { Lang } from '../app/strings';
import { useUiStore } from '../store/app-store';
import type { PodBucket } from './scale-model';

export interface ScaleStrings {
  viewSwitch: string;
  graph: string;
  scale: string;
  canvasLabel: string;
  /** The canvas' description: what it shows and how to move around it. */
  summary(nodes: number, ready: number, notReady: number, pods: number, problems: number): string;
  keys: string;
  problems: string;
  noProblems: string;
  notReadyNodes: string;
  failingPods: string;
  more(n: number): string;
  goTo: string;
  goToPlaceholder: string;
  noSuchNode(name: string): string;
  unscheduled(n: number): string;
  bucket: Record<PodBucket, string>;
  drillTitle(node: string): string;
  podsOnNode(n: number): string;
  inspectNode: string;
  close: string;
  hostDown: string;
}

const POD: Forms = { en: ['pod', 'pods'], ru: ['под', 'пода', 'подов'] };
const NODE: Forms = { en: ['node', 'nodes'], ru: ['узел', 'узла', 'узлов'] };
const n = (x: number, lang: Lang) => x.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US');

const en: ScaleStrings = {
  viewSwitch: 'Graph view',
  graph: 'Graph',
  scale: 'Scale view',
  canvasLabel: 'Scale view of the worker nodes',
  summary: (nodes, ready, notReady, pods, problems) =>
    `${n(nodes, 'en')} worker ${pluralWord(nodes, NODE, 'en')}: ${n(ready, 'en')} Ready, ${n(notReady, 'en')} not Ready. ${n(pods, 'en')} ${pluralWord(pods, POD, 'en')}, ${n(problems, 'en')} failing or not ready.`,
  keys: 'Arrow keys pan, + and − zoom, 0 fits, Enter opens the node in the dashed frame.',
  problems: 'Problems',
  noProblems: 'Every node Ready, no failing pod.',
  notReadyNodes: 'Nodes not Ready',
  failingPods: 'Failing or not ready pods',
  more: (x) => `and ${n(x, 'en')} more`,
  goTo: 'Go to node',
  goToPlaceholder: 'worker-42',
  noSuchNode: (name) => `No node named ${name}`,
  unscheduled: (x) => `${n(x, 'en')} ${pluralWord(x, POD, 'en')} not scheduled yet`,
  bucket: { running: 'Running', creating: 'ContainerCreating', pending: 'Pending', 'not-ready': 'not ready', failing: 'failing', terminating: 'Terminating', completed: 'Completed' },
  drillTitle: (node) => `Node ${node}`,
  podsOnNode: (x) => `${n(x, 'en')} ${pluralWord(x, POD, 'en')} on this node`,
  inspectNode: 'Inspect the Node',
  close: 'Close',
  hostDown: 'host down',
};

const ru: ScaleStrings = {
  viewSwitch: 'Вид графа',
  graph: 'Граф',
  scale: 'Масштаб',
  canvasLabel: 'Рабочие узлы в масштабном виде',
  summary: (nodes, ready, notReady, pods, problems) =>
    `Рабочих узлов: ${n(nodes, 'ru')}; ${n(ready, 'ru')} Ready, ${n(notReady, 'ru')} не Ready. ${n(pods, 'ru')} ${pluralWord(pods, POD, 'ru')}, из них ${n(problems, 'ru')} с ошибкой или не готовы.`,
  keys: 'Стрелки двигают, + и − масштабируют, 0 показывает всё, Enter открывает узел в пунктирной рамке.',
  problems: 'Проблемы',
  noProblems: 'Все узлы Ready, упавших подов нет.',
  notReadyNodes: 'Узлы не в Ready',
  failingPods: 'Поды с ошибкой или не готовые',
  more: (x) => `и ещё ${n(x, 'ru')}`,
  goTo: 'Перейти к узлу',
  goToPlaceholder: 'worker-42',
  noSuchNode: (name) => `Узла ${name} нет`,
  unscheduled: (x) => `${n(x, 'ru')} ${pluralWord(x, POD, 'ru')} ещё не назначены на узел`,
  bucket: { running: 'Running', creating: 'ContainerCreating', pending: 'Pending', 'not-ready': 'не готов', failing: 'с ошибкой', terminating: 'Terminating', completed: 'Completed' },
  drillTitle: (node) => `Узел ${node}`,
  podsOnNode: (x) => `${n(x, 'ru')} ${pluralWord(x, POD, 'ru')} на узле`,
  inspectNode: 'Открыть Node в инспекторе',
  close: 'Закрыть',
  hostDown: 'машина выключена',
};

export const SCALE_STRINGS: Record<Lang, ScaleStrings> = { en, ru };

export function useScaleStrings(): ScaleStrings {
  return SCALE_STRINGS[useUiStore((s) => s.lang)];
}
