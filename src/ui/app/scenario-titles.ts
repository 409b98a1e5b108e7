// Each built-in scenario's title in the picker, in English and Russian. The file name stays the
// scenario's id (the URL, the CLI and the tests use it); people choose by what it shows.
// scenarios.test.ts checks that every file in public/scenarios has a title in both languages.

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
    drain: 'Draining a node',
    'namespace-delete': 'Deleting a namespace',
    'rbac-user': "RBAC: a user's rights",
    'rbac-scheduler-binding': "RBAC: the scheduler's binding deleted",
    'leader-election': 'Leader election',
    statefulset: 'StatefulSet',
    job: 'Job',
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
    drain: 'Освобождение узла (drain)',
    'namespace-delete': 'Удаление namespace',
    'rbac-user': 'RBAC: права пользователя',
    'rbac-scheduler-binding': 'RBAC: у планировщика удалили привязку',
    'leader-election': 'Выбор лидера',
    statefulset: 'StatefulSet',
    job: 'Job',
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

/** The title of a built-in scenario, or its name when it has none (a file someone opened). */
export function scenarioTitle(name: string, lang: Lang): string {
  return SCENARIO_TITLES[lang][name] ?? name;
}
