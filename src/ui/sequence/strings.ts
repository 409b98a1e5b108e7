// The sequence diagram's words in English and Russian, picked like the app's own (app/useStrings.ts:
// the ui-store's `lang`). The phase explanations follow the seed's chapter 4 ("the life of a
// request"), in its own words where it explains a phase; the phases' names are the seed's (app/strings.ts
// PHASE_NAMES). kubectl's and Kubernetes' words (Running, Forbidden, ImagePullBackOff, MsgApp) and
// the components' names (kube-apiserver, etcd, kubelet) stay as they are: people type and search them.

import { PHASE_NAMES, type Lang } from '../app/strings';
import { plural, type Forms } from '../app/plural';
import { dropReasonText } from '../app/drop-reasons';
import type { LaneWords } from './lanes';
import type { Outcome, RequestPhase } from './outcome';
import type { Stage } from './pipeline';
import { useUiStore } from '../store/app-store';

export interface SeqStrings {
  title: string;
  follow: string;
  followLatest: string;
  exportSvg: string;
  keyOnly: string;
  keyOnlyHint: string;
  exportHint: string;
  empty: string;
  lost: string;
  truncated: string;
  noNode: string;
  leader: string;
  inFlight: string;
  dropped: string;
  /** A kernel drop code (`stream-broken`) in words. */
  dropReason(code: string): string;
  later(gap: string): string;
  selected: string;
  at: string;
  timeHead: string;
  clear: string;
  showWhere: string;
  showMessage: string;
  phaseTitle(n: number, name: string): string;
  /** The phase's name as the rest of the app says it (app/strings.ts PHASE_NAMES), so the toolbar and the diagram agree. */
  phaseName(phase: RequestPhase): string;
  /** Short names, for the header while a phase's own title has scrolled away. */
  phaseShort: Record<RequestPhase, string>;
  phaseHelp: Record<RequestPhase, string>;
  phaseHint: string;
  stageNames: Record<Stage, string>;
  /** The lanes' own words: the stages' short names over their lanes, `controller` under a controller's name. */
  lanes: LaneWords;
  mark: Record<'pass' | 'change' | 'fail' | 'skip' | 'wait' | 'none', string>;
  committed(n: number, of: number, members: string): string;
  watchFired: string;
  duration(ms: number): string;
  /** A row's time since the command, precise to the millisecond while it is short. */
  offset(ms: number): string;
  outcome(o: Outcome): { headline: string; detail?: string };
  diagramLabel(command: string): string;
  keyboardHint: string;
}

/** Why kubectl's request never reached kube-apiserver, in words: a drop code or conn-refused. */
function reasonWords(code: string | undefined, lang: Lang): string {
  if (code === 'conn-refused') return lang === 'ru' ? 'соединение отклонено (connection refused)' : 'connection refused';
  return dropReasonText(code ?? 'loss', lang);
}

function offset(ms: number, lang: Lang): string {
  const unit = lang === 'ru' ? ' с' : ' s';
  const dot = (x: string) => (lang === 'ru' ? x.replace('.', ',') : x);
  if (ms < 1000) return lang === 'ru' ? `${Math.round(ms)} мс` : `${Math.round(ms)} ms`;
  if (ms < 100_000) return dot((ms / 1000).toFixed(3)) + unit;
  return dot((ms / 1000).toFixed(1)) + unit;
}

function seconds(ms: number, lang: Lang): string {
  if (ms < 1000) return lang === 'ru' ? `${Math.round(ms)} мс` : `${Math.round(ms)} ms`;
  const s = ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
  return lang === 'ru' ? `${s.replace('.', ',')} с` : `${s} s`;
}

/** How many of the seed's four phases a request reached. */
const PHASES: Forms = { en: ['phase', 'phases'], ru: ['фаза', 'фазы', 'фаз'] };

const enStages: Record<Stage, string> = {
  authentication: 'authentication',
  authorization: 'authorization',
  admission: 'admission',
  validation: 'validation',
  storage: 'storage',
};
const ruStages: Record<Stage, string> = {
  authentication: 'аутентификации',
  authorization: 'авторизации',
  admission: 'admission control',
  validation: 'валидации',
  storage: 'сохранении в etcd',
};

/** `kubelet/worker-2` -> `worker-2`. */
function nodeOf(lane: string | undefined): string {
  return lane?.includes('/') ? lane.slice(lane.indexOf('/') + 1) : '';
}

function outcomeEn(o: Outcome): { headline: string; detail?: string } {
  const d = seconds(o.duration, 'en');
  const phases = `${plural(o.phases, PHASES, 'en')} in ${d} simulated`;
  const many = o.pods && o.pods.total > 1;
  switch (o.kind) {
    case 'running':
      return { headline: many ? `${o.subject}: ${o.pods!.running}/${o.pods!.total} pods Running — ${phases}` : `${o.subject} Running — ${phases}` };
    case 'completed':
      return { headline: `${o.subject} ${o.podStatus} — ${phases}` };
    case 'answered':
      return { headline: `Done in ${d}: ${o.message ?? ''}` };
    case 'rejected':
      return { headline: `Stopped at ${enStages[o.stage!]}${o.plugin ? ` (${o.plugin})` : ''}: ${o.status} ${o.reason}`, detail: o.message };
    case 'unreachable':
      return { headline: `kube-apiserver could not be reached: ${reasonWords(o.reason, 'en')}`, detail: 'kubectl talks only to kube-apiserver; without it nothing can be changed, while the pods already running keep running.' };
    case 'unschedulable':
      return { headline: `Stopped at kube-scheduler: no node fits ${o.subject} (it stays Pending)`, detail: o.message };
    case 'kubelet':
      return { headline: `Stopped at the kubelet on ${nodeOf(o.lane) || 'its node'}: ${o.reason}`, detail: o.message };
    case 'down':
      return { headline: `Stopped: ${o.lane} is down — ${o.subject} stays ${o.podStatus}`, detail: o.lane === 'kube-scheduler' ? 'Nobody is scheduling: new pods stay Pending until kube-scheduler runs again.' : 'Nobody on that node starts the pod until its kubelet runs again.' };
    case 'client':
      return { headline: 'kubectl refused the command itself: no request was sent', detail: o.message };
    case 'in-progress':
      return { headline: `In progress — ${phases}${o.subject ? `; ${o.subject}${o.podStatus ? ` ${o.podStatus}` : ''}` : ''}` };
  }
}

function outcomeRu(o: Outcome): { headline: string; detail?: string } {
  const d = seconds(o.duration, 'ru');
  const phases = `${plural(o.phases, PHASES, 'ru')} за ${d} симуляции`;
  const many = o.pods && o.pods.total > 1;
  switch (o.kind) {
    case 'running':
      return { headline: many ? `${o.subject}: ${o.pods!.running}/${o.pods!.total} подов Running — ${phases}` : `${o.subject} Running — ${phases}` };
    case 'completed':
      return { headline: `${o.subject} ${o.podStatus} — ${phases}` };
    case 'answered':
      return { headline: `Готово за ${d}: ${o.message ?? ''}` };
    case 'rejected':
      return { headline: `Остановлен на ${ruStages[o.stage!]}${o.plugin ? ` (${o.plugin})` : ''}: ${o.status} ${o.reason}`, detail: o.message };
    case 'unreachable':
      return { headline: `kube-apiserver недоступен: ${reasonWords(o.reason, 'ru')}`, detail: 'kubectl говорит только с kube-apiserver; без него ничего не изменить, а уже запущенные поды продолжают работать.' };
    case 'unschedulable':
      return { headline: `Остановлен в kube-scheduler: ни один узел не подходит для ${o.subject} (он остаётся Pending)`, detail: o.message };
    case 'kubelet':
      return { headline: `Остановлен в kubelet на ${nodeOf(o.lane) || 'узле'}: ${o.reason}`, detail: o.message };
    case 'down':
      return { headline: `Остановлен: ${o.lane} не работает — ${o.subject} остаётся ${o.podStatus}`, detail: o.lane === 'kube-scheduler' ? 'Никто не планирует: новые поды остаются Pending, пока kube-scheduler снова не запущен.' : 'На этом узле под никто не запустит, пока kubelet снова не заработает.' };
    case 'client':
      return { headline: 'kubectl отказался сам: запрос не отправлен', detail: o.message };
    case 'in-progress':
      return { headline: `Выполняется — ${phases}${o.subject ? `; ${o.subject}${o.podStatus ? ` ${o.podStatus}` : ''}` : ''}` };
  }
}

const en: SeqStrings = {
  title: 'The request as a sequence diagram',
  follow: 'Request',
  followLatest: 'the latest command',
  exportSvg: 'Export SVG',
  keyOnly: 'key messages',
  keyOnlyHint: 'Leave out the Event objects the components write and the watch events nobody acted on',
  exportHint: 'Download this diagram as an SVG file (for slides)',
  empty: 'No request yet. Run a command in the Terminal or press Apply in the YAML tab: its messages appear here, lane by lane, as they happen.',
  lost: 'That request is no longer kept. Pick another one.',
  truncated: 'The request went on; the diagram shows its first messages.',
  noNode: 'no node yet',
  leader: 'leader',
  inFlight: 'in flight',
  dropped: 'lost',
  dropReason: (code) => dropReasonText(code, 'en'),
  later: (gap) => `${gap} later`,
  selected: 'Selected message',
  at: 'at',
  timeHead: 'time',
  clear: 'Clear the selection',
  showWhere: 'Show where',
  showMessage: 'Show the message',
  phaseTitle: (n, name) => `Phase ${n}: ${name}`,
  phaseName: (p) => PHASE_NAMES.en[p],
  phaseShort: { persistence: 'Persistence', watch: 'Watch', scheduling: 'Scheduling', execution: 'Execution' },
  phaseHelp: {
    persistence:
      'kubectl turns the YAML into JSON and POSTs it to kube-apiserver, which checks who you are, what you may do, lets admission plugins change or refuse it, validates it and stores it in etcd. Once etcd confirms the write the answer is 201 Created — and still no container exists: the Pod is only a record.',
    watch:
      'Nobody polls. The components keep a long-lived watch open to kube-apiserver; etcd tells the apiserver about the new record and the apiserver fans the event out to everyone who watches Pods.',
    scheduling:
      'kube-scheduler reacts to a Pod with an empty nodeName: it filters out the nodes that cannot fit it, scores the rest and picks one. It never talks to that node: it asks kube-apiserver to write the choice (a Binding), and the apiserver stores it in etcd.',
    execution:
      'The kubelet of the chosen node watches for Pods bound to it. It asks the container runtime over CRI for a sandbox (the runtime asks CNI for the pod IP), pulls the image from the registry, creates and starts the container, and reports Running to kube-apiserver.',
  },
  phaseHint: 'Hover or focus a phase to read what happens in it.',
  lanes: { stage: { authentication: 'authn', authorization: 'authz', admission: 'admission', validation: 'validation', storage: 'storage' }, controller: 'controller' },
  stageNames: { authentication: 'Authentication: who are you?', authorization: 'Authorization (RBAC): may you do this?', admission: 'Admission control: plugins may change or refuse the object', validation: 'Validation: is the object well formed?', storage: 'Storage: written to (or read from) etcd' },
  mark: { pass: 'passed', change: 'passed, object changed', fail: 'refused', skip: 'not used for reads', wait: 'not answered yet', none: 'not reached' },
  committed: (n, of, members) => `committed by a quorum of ${n}/${of}: ${members}`,
  watchFired: 'watch fired',
  duration: (ms) => seconds(ms, 'en'),
  offset: (ms) => offset(ms, 'en'),
  outcome: outcomeEn,
  diagramLabel: (command) => `Sequence diagram of ${command}`,
  keyboardHint: 'Tab to the diagram, then ↑ ↓ move between messages and Enter selects one.',
};

const ru: SeqStrings = {
  title: 'Запрос как диаграмма последовательности',
  follow: 'Запрос',
  followLatest: 'последняя команда',
  exportSvg: 'Экспорт SVG',
  keyOnly: 'только главное',
  keyOnlyHint: 'Скрыть объекты Event, которые пишут компоненты, и события watch, на которые никто не отреагировал',
  exportHint: 'Скачать эту диаграмму как файл SVG (для слайдов)',
  empty: 'Запросов пока нет. Выполните команду в терминале или нажмите «Применить» на вкладке YAML: её сообщения появятся здесь по дорожкам, по мере того как они идут.',
  lost: 'Этот запрос больше не хранится. Выберите другой.',
  truncated: 'Запрос продолжался; на диаграмме его первые сообщения.',
  noNode: 'нет узла',
  leader: 'лидер',
  inFlight: 'в пути',
  dropped: 'потеряно',
  dropReason: (code) => dropReasonText(code, 'ru'),
  later: (gap) => `через ${gap}`,
  selected: 'Выбранное сообщение',
  at: 'в',
  timeHead: 'время',
  clear: 'Снять выбор',
  showWhere: 'Показать где',
  showMessage: 'Показать сообщение',
  phaseTitle: (n, name) => `Фаза ${n}: ${name}`,
  phaseName: (p) => PHASE_NAMES.ru[p],
  phaseShort: { persistence: 'Сохранение', watch: 'Watch', scheduling: 'Планирование', execution: 'Исполнение' },
  phaseHelp: {
    persistence:
      'kubectl конвертирует YAML в JSON и отправляет HTTP POST в kube-apiserver. Тот проверяет, кто вы и есть ли у вас права, пропускает объект через admission-плагины, проверяет его и сохраняет в etcd. Как только etcd подтвердил запись, приходит 201 Created — но контейнер ещё не существует: Pod пока просто запись в базе.',
    watch:
      'Никто не опрашивает базу. Компоненты держат постоянное соединение Watch с kube-apiserver; etcd уведомляет apiserver о новой записи, а тот рассылает событие всем, кто подписан на Pod.',
    scheduling:
      'kube-scheduler замечает Pod с пустым nodeName: отбрасывает узлы, где не хватает ресурсов, оценивает остальные и выбирает лучший. С узлом он не связывается: он просит kube-apiserver записать выбор (Binding), и apiserver обновляет запись в etcd.',
    execution:
      'kubelet выбранного узла подписан на Pod, привязанные к нему. Через CRI он просит среду выполнения создать песочницу (она просит CNI выдать IP), скачать образ из registry, создать и запустить контейнер, и сообщает kube-apiserver, что Pod перешёл в Running.',
  },
  phaseHint: 'Наведите на фазу или выберите её, чтобы прочитать, что в ней происходит.',
  // The seed's names of the stages (chapter 2: Аутентификация, Авторизация, Admission Control,
  // Валидация, Сохранение), shortened to fit a stage's lane; the lane's tooltip says them whole.
  lanes: { stage: { authentication: 'аутентиф.', authorization: 'авториз.', admission: 'admission', validation: 'валидация', storage: 'сохранение' }, controller: 'контроллер' },
  stageNames: { authentication: 'Аутентификация: кто вы?', authorization: 'Авторизация (RBAC): можно ли вам это?', admission: 'Admission control: плагины могут изменить или отклонить объект', validation: 'Валидация: правильно ли составлен объект?', storage: 'Хранилище: запись в etcd (или чтение)' },
  mark: { pass: 'пройдено', change: 'пройдено, объект изменён', fail: 'отказано', skip: 'для чтения не нужно', wait: 'ответа ещё нет', none: 'не дошёл' },
  committed: (n, of, members) => `зафиксировано кворумом ${n}/${of}: ${members}`,
  watchFired: 'сработал watch',
  duration: (ms) => seconds(ms, 'ru'),
  offset: (ms) => offset(ms, 'ru'),
  outcome: outcomeRu,
  diagramLabel: (command) => `Диаграмма последовательности: ${command}`,
  keyboardHint: 'Перейдите к диаграмме клавишей Tab; ↑ ↓ — между сообщениями, Enter — выбрать.',
};

export const SEQ_STRINGS: Record<Lang, SeqStrings> = { en, ru };

export function useSeqStrings(): SeqStrings {
  const lang = useUiStore((s) => s.lang);
  return SEQ_STRINGS[lang];
}
