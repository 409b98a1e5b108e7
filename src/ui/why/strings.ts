// The "why" callouts' words in English and Russian. The worker sends facts (kinds, node names,
// simulated times); these tables say them. Kubernetes' own words (Pending, NotReady, Running,
// tolerationSeconds, node.kubernetes.io/unreachable:NoExecute, etcdserver: request timed out) stay
// as they are: people type and search them.

import type { Lang } from '../app/strings';
import type { Forms } from '../app/plural';
import type { SilentReason } from '../../protocol/why';

export interface WhyStrings {
  heading: string;
  /** A countdown: `23 s`, `4 min 12 s`. */
  seconds(s: number): string;
  minutes(m: number, s: number): string;
  reason: Record<SilentReason, string>;
  schedulerDown: { badge: string; title: string; body: string };
  notLeading: { badge: string; title: string; body: string };
  grace: { badge: string; due: string; title: string; body: string; next: string };
  notReady: { badge: string; title: string; body: string };
  notReadyWaiting: { badge: string; title: string; body: string };
  noController: { badge: string; title: string; body: string };
  etcd: { badge: string; title: string; ok: string; electing: string; lost: string; body: string; bodyLost: string };
  stale: { badge: string; title: string; body: string };
}

const en: WhyStrings = {
  heading: 'Why?',
  seconds: (s) => `${s} s`,
  minutes: (m, s) => (s === 0 ? `${m} min` : `${m} min ${s} s`),
  reason: { 'kubelet-down': 'its kubelet is stopped', 'host-down': 'the machine is off', cut: 'the network to kube-apiserver is cut' },
  schedulerDown: {
    badge: 'no scheduler',
    title: 'Nobody is scheduling: kube-scheduler is down',
    body: 'The Pod is stored (201 Created), but only kube-scheduler picks a node for a pod, and no kube-scheduler runs. There is no FailedScheduling event either: nobody tried. Start kube-scheduler again and it binds the pod.',
  },
  notLeading: {
    badge: 'scheduler starting',
    title: 'kube-scheduler runs but does not lead yet',
    body: 'A new kube-scheduler schedules only once it holds the kube-system/kube-scheduler Lease. It waits until the old holder’s lease (15 s) has run out, then binds the pod.',
  },
  grace: {
    badge: 'NotReady in {left}',
    due: 'NotReady at the next check',
    title: '{node} is silent ({reason}): NotReady in {left}',
    body: 'The apiserver still says Ready. The node lifecycle controller last saw {node} alive at {lastSeen}; after --node-monitor-grace-period ({grace} s), at {notReadyAt}, it marks the node NotReady ("Kubelet stopped posting node status.") at its next check (every {period} s). Then the pods tolerate the node.kubernetes.io/unreachable:NoExecute taint for tolerationSeconds (300 s by default) before they are evicted.',
    next: 'NotReady at the controller’s next check (every {period} s)',
  },
  notReady: {
    badge: 'eviction in {left}',
    title: '{node} is NotReady ({reason}): pods evicted in {left}',
    body: '{pods} the node.kubernetes.io/unreachable:NoExecute taint for {toleration} s (tolerationSeconds, added by the DefaultTolerationSeconds admission plugin). At {evictAt} the taint eviction controller deletes {them}, and the controller that owns each (a ReplicaSet, ...) creates a replacement on a healthy node.',
  },
  notReadyWaiting: {
    badge: 'NotReady',
    title: '{node} is NotReady ({reason})',
    body: 'The node lifecycle controller adds the node.kubernetes.io/unreachable:NoExecute taint at its next check; pods that do not tolerate it forever are then evicted after their tolerationSeconds. No pod on this node waits for eviction now.',
  },
  noController: {
    badge: 'nobody watching',
    title: '{node} is silent ({reason}), and nobody notices',
    body: 'Only the node lifecycle controller in kube-controller-manager marks a silent node NotReady, and kube-controller-manager is not running. The apiserver keeps saying Ready, and no pod is evicted.',
  },
  etcd: {
    badge: 'no quorum',
    title: '{members}, quorum {quorum}, {alive} alive: {verdict}',
    ok: 'writes commit; it survives {spare}',
    electing: 'electing a leader',
    lost: 'no quorum — writes and reads with quorum fail',
    body: 'A write commits once a quorum, floor(N/2)+1 = {quorum} of {members}, has it (Raft). Leader: {leader}.',
    bodyLost: 'With {alive} of {members} alive no member can win an election (it needs {votes}), so nothing commits: kube-apiserver’s writes end with "etcdserver: request timed out". Running pods keep running: the nodes do not need etcd.',
  },
  stale: {
    badge: 'stale',
    title: 'Stale: the apiserver still says {status}',
    body: 'Nobody is left to report otherwise: only the kubelet of {node} writes this pod’s status, and {reason}. Whether its containers still run nobody knows until the node is back, or the pod is evicted.',
  },
};

const ru: WhyStrings = {
  heading: 'Почему?',
  seconds: (s) => `${s} с`,
  minutes: (m, s) => (s === 0 ? `${m} мин` : `${m} мин ${s} с`),
  reason: { 'kubelet-down': 'его kubelet остановлен', 'host-down': 'машина выключена', cut: 'сеть до kube-apiserver перерезана' },
  schedulerDown: {
    badge: 'нет планировщика',
    title: 'Никто не планирует: kube-scheduler не работает',
    body: 'Под сохранён (201 Created), но узел для пода выбирает только kube-scheduler, а он не запущен. События FailedScheduling тоже нет: никто не пытался. Запустите kube-scheduler снова, и он привяжет под.',
  },
  notLeading: {
    badge: 'планировщик стартует',
    title: 'kube-scheduler запущен, но ещё не лидер',
    body: 'Новый kube-scheduler планирует, только получив Lease kube-system/kube-scheduler. Он ждёт, пока истечёт lease прежнего владельца (15 с), и затем привязывает под.',
  },
  grace: {
    badge: 'NotReady через {left}',
    due: 'NotReady при следующей проверке',
    title: '{node} молчит ({reason}): NotReady через {left}',
    body: 'Apiserver всё ещё считает узел Ready. Контроллер жизненного цикла узлов последний раз видел {node} живым в {lastSeen}; после --node-monitor-grace-period ({grace} с), в {notReadyAt}, при ближайшей проверке (каждые {period} с) он пометит узел NotReady («Kubelet stopped posting node status.»). Затем поды терпят taint node.kubernetes.io/unreachable:NoExecute в течение tolerationSeconds (по умолчанию 300 с) и только потом вытесняются.',
    next: 'NotReady при следующей проверке контроллера (каждые {period} с)',
  },
  notReady: {
    badge: 'вытеснение через {left}',
    title: '{node} NotReady ({reason}): поды вытесняются через {left}',
    body: '{pods} taint node.kubernetes.io/unreachable:NoExecute {toleration} с (tolerationSeconds, добавлено плагином допуска DefaultTolerationSeconds). В {evictAt} контроллер вытеснения по taint удалит {them}, и контроллер-владелец каждого пода (ReplicaSet, ...) создаст ему замену на исправном узле.',
  },
  notReadyWaiting: {
    badge: 'NotReady',
    title: '{node} NotReady ({reason})',
    body: 'При следующей проверке контроллер жизненного цикла узлов добавит taint node.kubernetes.io/unreachable:NoExecute; поды, которые не терпят его бессрочно, будут вытеснены после своих tolerationSeconds. Сейчас на этом узле ни один под не ждёт вытеснения.',
  },
  noController: {
    badge: 'никто не следит',
    title: '{node} молчит ({reason}), и никто этого не замечает',
    body: 'Помечать замолчавший узел как NotReady умеет только контроллер жизненного цикла узлов в kube-controller-manager, а kube-controller-manager не запущен. Apiserver продолжает считать узел Ready, и ни один под не вытесняется.',
  },
  etcd: {
    badge: 'нет кворума',
    title: 'членов: {members}, кворум {quorum}, живы: {alive} — {verdict}',
    ok: 'записи фиксируются; переживёт ещё {spare}',
    electing: 'идут выборы лидера',
    lost: 'нет кворума — записи и чтения с кворумом не проходят',
    body: 'Запись фиксируется, когда её получил кворум: floor(N/2)+1 = {quorum} из {members} (Raft). Лидер: {leader}.',
    bodyLost: 'Когда живы {alive} из {members}, ни один член не выиграет выборы (нужно {votes}), и ничего не фиксируется: записи kube-apiserver заканчиваются ошибкой «etcdserver: request timed out». Работающие поды продолжают работать: узлам etcd не нужен.',
  },
  stale: {
    badge: 'устарело',
    title: 'Устарело: apiserver всё ещё говорит {status}',
    body: 'Сообщить иное больше некому: статус этого пода пишет только kubelet узла {node}, а {reason}. Работают ли контейнеры, никто не узнает, пока узел не вернётся или под не вытеснят.',
  },
};

export const WHY_STRINGS: Record<Lang, WhyStrings> = { en, ru };

/**
 * Counted words, in the form their number takes (app/plural.ts: English one/other, Russian
 * one/few/many). A verb or a pronoun that agrees with the count goes with it: 1 pod tolerates, 2 pods
 * tolerate; 1 под терпит, 2 пода терпят.
 */
export const WHY_FORMS = {
  podsTolerate: { en: ['pod tolerates', 'pods tolerate'], ru: ['под терпит', 'пода терпят', 'подов терпят'] },
  them: { en: ['it', 'them'], ru: ['его', 'их', 'их'] },
  members: { en: ['member', 'members'], ru: ['член', 'члена', 'членов'] },
  failures: { en: ['more failure', 'more failures'], ru: ['отказ', 'отказа', 'отказов'] },
  votes: { en: ['vote', 'votes'], ru: ['голос', 'голоса', 'голосов'] },
} satisfies Record<string, Forms>;
