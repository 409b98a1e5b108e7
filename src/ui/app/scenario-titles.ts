// Each built-in scenario's title in the picker, in English and Russian, and its description in
// Russian (the English one is the file's own metadata.description). The file name stays the
// scenario's id (the URL, the CLI and the tests use it); people choose by what it shows.
// scenarios.test.ts checks that every file in public/scenarios has a title in both languages and a
// Russian description.

import type { Lang } from './strings';

export const SCENARIO_TITLES: Record<Lang, Record<string, string>> = {
  en: {
    default: 'Idle cluster',
    'pod-lifecycle': 'Life of a pod',
    'image-typo': 'Image typo: ImagePullBackOff',
    unschedulable: 'Pod too big for every node',
    placement: 'Choosing a node: selectors, affinity',
    taints: 'Taints and evictions',
    'bad-input': 'Invalid input',
    'hostile-input': 'Hostile input',
    'scheduler-down': 'kube-scheduler down',
    deployment: 'Deployment',
    service: 'Service and kube-proxy',
    'node-tools': 'On a node: crictl, systemctl, journalctl',
    'pods-that-end': 'Pods that end',
    'scale-50': 'Scale: 50 workers, 1,500 pods',
    drain: 'Draining a node',
    'namespace-delete': 'Deleting a namespace',
    'rbac-user': "RBAC: a user's rights",
    'rbac-scheduler-binding': "RBAC: the scheduler's binding deleted",
    'leader-election': 'Leader election',
    statefulset: 'StatefulSet',
    job: 'Job',
    cronjob: 'CronJob',
    'configmaps-secrets': 'ConfigMaps and Secrets',
    quota: 'Quotas and limits',
    'init-containers': 'Init containers',
    'apiserver-down': 'kube-apiserver down',
    'apiserver-restart': 'kube-apiserver restarts',
    'kubelet-down': 'kubelet down: node NotReady',
    'containerd-down': 'containerd down',
    'etcd-cluster': 'etcd: three members',
    'etcd-leader-failover': 'etcd: the leader dies',
    'etcd-quorum-loss': 'etcd: quorum lost',
    'etcd-partition': 'etcd: network partition',
    'etcd-four-members': 'etcd: four members',
    'etcd-five-members': 'etcd: five members',
  },
  ru: {
    default: 'Пустой кластер',
    'pod-lifecycle': 'Жизнь пода',
    'image-typo': 'Опечатка в образе: ImagePullBackOff',
    unschedulable: 'Под не помещается ни на один узел',
    placement: 'Выбор узла: селекторы, affinity',
    taints: 'Taints и вытеснение',
    'bad-input': 'Неверный ввод',
    'hostile-input': 'Враждебный ввод',
    'scheduler-down': 'kube-scheduler остановлен',
    deployment: 'Deployment',
    service: 'Service и kube-proxy',
    'node-tools': 'На узле: crictl, systemctl, journalctl',
    'pods-that-end': 'Поды, которые завершаются',
    'scale-50': 'Масштаб: 50 узлов, 1500 подов',
    drain: 'Освобождение узла (drain)',
    'namespace-delete': 'Удаление namespace',
    'rbac-user': 'RBAC: права пользователя',
    'rbac-scheduler-binding': 'RBAC: у планировщика удалили привязку',
    'leader-election': 'Выбор лидера',
    statefulset: 'StatefulSet',
    job: 'Job',
    cronjob: 'CronJob',
    'configmaps-secrets': 'ConfigMap и Secret',
    quota: 'Квоты и лимиты',
    'init-containers': 'Init-контейнеры',
    'apiserver-down': 'kube-apiserver остановлен',
    'apiserver-restart': 'Перезапуски kube-apiserver',
    'kubelet-down': 'kubelet остановлен: узел NotReady',
    'containerd-down': 'containerd остановлен',
    'etcd-cluster': 'etcd: три участника',
    'etcd-leader-failover': 'etcd: гибель лидера',
    'etcd-quorum-loss': 'etcd: потеря кворума',
    'etcd-partition': 'etcd: сетевое разделение',
    'etcd-four-members': 'etcd: четыре участника',
    'etcd-five-members': 'etcd: пять участников',
  },
};

/** Russian for each built-in scenario's metadata.description. */
export const SCENARIO_DESCRIPTIONS_RU: Record<string, string> = {
  'apiserver-down': 'kube-apiserver остановлен: kubectl получает отказ, поды продолжают работать, падающий контейнер kubelet всё равно перезапускает.',
  'apiserver-restart': 'kube-apiserver перезапускается через 2 с и ещё раз через 3 минуты; после этого поды назначаются и запускаются, Deployment масштабируются.',
  'bad-input': 'Испорченный YAML, неизвестные kind и поля, неверные объекты, дубликаты и отказы RBAC.',
  'containerd-down': 'containerd мёртв на единственном рабочем узле; новый под остаётся ContainerCreating с FailedCreatePodSandBox.',
  default: 'Простаивающий кластер с тремя рабочими узлами: управляйте им сами.',
  deployment: 'Deployment на 3 пода; удалённый под заменяется; масштабирование до 4 не выполняется, пока kube-controller-manager остановлен.',
  drain: 'Deployment на 3 пода и DaemonSet; drain рабочего узла без --ignore-daemonsets и с ним, затем uncordon.',
  'etcd-cluster': 'Три участника etcd выбирают лидера и реплицируют каждую запись; поверх работает Deployment на 2 пода.',
  'etcd-five-members': 'Пять участников etcd переживают два отказа, но не три.',
  'etcd-four-members': 'Четыре участника etcd переживают один отказ, но не два, — не лучше трёх.',
  'etcd-leader-failover': 'Три участника etcd; лидер убит, новый выбран в пределах двух election timeout, kubectl снова работает.',
  'etcd-partition': 'Лидер etcd отрезан от остальных; большинство выбирает нового лидера, старый уходит в отставку; связь восстановлена.',
  'etcd-quorum-loss': 'Три участника etcd; двое убиты — записи не проходят по тайм-ауту, поды работают; один запущен — записи снова проходят.',
  'hostile-input': 'Бомба из алиасов, 10 001 вложенный список, метка __proto__ и объекты, слишком большие для apiserver, gRPC и etcd.',
  'image-typo': 'Под с несуществующим образом назначен на узел, образ не скачивается, и kubelet откладывает попытки (back-off).',
  job: 'Job из 3 завершений по 2 за раз доходит до Complete; падающий Job останавливается на backoffLimit.',
  cronjob: 'CronJob из документации каждую минуту запускает Job и хранит три последних; CronJob с Forbid пропускает запуск, пока работает его Job.',
  quota: 'LimitRange подставляет память по умолчанию; ResourceQuota отклоняет под, который превысил бы requests.memory; из 3 реплик Deployment под квотой в 2 пода создаются 2.',
  'configmaps-secrets': 'ConfigMap читается через env и том; под ждёт в CreateContainerConfigError, пока ConfigMap не появится; Secret расшифровывается в env.',
  'init-containers': 'myapp-pod со страницы документации ждёт в Init:0/2, пока не появятся его Service, затем запускается; упавший init-контейнер даёт Init:Error при restartPolicy Never и Init:CrashLoopBackOff при Always.',
  'kubelet-down': 'kubelet на worker-2 убит; NotReady через 40 с после последнего продления lease, поды вытеснены через 300 с и заменены на других узлах.',
  'leader-election': 'Резервный kube-scheduler забирает Lease через ~15 с после гибели лидера, и ожидающий под назначается.',
  'namespace-delete': 'Namespace с Deployment удаляется: он Terminating, пока контроллер namespace его опустошает, потом исчезает.',
  'node-tools': 'ssh на worker-1: crictl, systemctl и journalctl; containerd убит — crictl перестаёт работать.',
  placement: 'Размещение решают nodeSelector, taints и tolerations, node affinity.',
  'pod-lifecycle': 'Примените Pod и проследите, как он проходит четыре фазы до Running.',
  'pods-that-end': 'Completed, Error, OOMKilled и CrashLoopBackOff; мягкое удаление: SIGTERM, затем SIGKILL, --grace-period, --force.',
  'scale-50': '50 рабочих узлов и Deployment из 1500 подов, по 30 на узел.',
  'rbac-scheduler-binding': 'ClusterRoleBinding system:kube-scheduler удалён; новые поды остаются Pending, пока apiserver его не восстановит.',
  'rbac-user': 'jane может создавать поды только в dev; kubectl auth can-i и ошибки Forbidden.',
  'scheduler-down': 'kube-scheduler убит, создан Pod: он остаётся Pending без событий; планировщик перезапущен.',
  service: 'Три пода за Service типа ClusterIP; EndpointSlice следует за подами; kube-proxy пишет правила на каждом узле.',
  statefulset: 'Поды StatefulSet по порядку: web-0, web-1, web-2; удалённый под возвращается под своим именем; упорядоченное уменьшение и каскадное удаление foreground.',
  taints: 'Узлу ставится taint NoSchedule, затем NoExecute: его поды вытесняются и заменяются; taint снимается.',
  unschedulable: 'Под, слишком большой для любого узла, остаётся Pending с FailedScheduling.',
};

/** The scenario's description in `lang` when the app has its own (Russian for a built-in one); else undefined: the file's own is shown. */
export function scenarioDescription(name: string, lang: Lang): string | undefined {
  return lang === 'ru' ? SCENARIO_DESCRIPTIONS_RU[name] : undefined;
}

/** The title of a built-in scenario, or its name when it has none (a file someone opened). */
export function scenarioTitle(name: string, lang: Lang): string {
  return SCENARIO_TITLES[lang][name] ?? name;
}
