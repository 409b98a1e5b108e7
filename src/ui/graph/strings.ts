// The graph's words in English and Russian (labels, tooltips, the legend, the context menu), picked
// like the app's own (app/useStrings.ts: the ui-store's `lang`). Kubernetes' and kubectl's words stay
// as they are — component names, kinds, statuses, Raft message names, commands — people type them.

import type { AriaLabelConfig } from '@xyflow/react';
import { type Forms, plural } from '../app/plural';
import type { Lang } from '../app/strings';
import type { EtcdRole } from './etcd-view';
import { useUiStore } from '../store/app-store';

export interface GraphStrings {
  actions: string;
  actionsFor(label: string): string;
  legend: string;
  // Components
  componentOn(id: string, host: string): string;
  running: string;
  stopped: string;
  hostDown: string;
  raftLeader: string;
  term(n: string): string;
  etcdRoleText: Record<EtcdRole, string>;
  etcdRoleHint: Record<EtcdRole, string>;
  /** Names of the facts a component reports (src/worker/observe/components.ts) for its tooltip; unnamed ones show their key. */
  detailName: Partial<Record<string, string>>;
  /** Raft roles as a fact's value (`role: leader`). */
  roleValue: Partial<Record<string, string>>;
  // Pods and Services
  podTitle(name: string, namespace: string): string;
  podHostDown: string;
  notReadyNoTraffic: string;
  noEndpoints: string;
  endpoints(n: number): string;
  readyOf(ready: number, all: number): string;
  serviceTitle(name: string, namespace: string): string;
  endpointList(list: string): string;
  endpointNotReady: string;
  noEndpointsHint: string;
  kubeProxyRoutes: string;
  moreServices(n: number): string;
  moreServicesHint(n: number): string;
  morePods(n: number): string;
  morePodsHint(n: number): string;
  // Regions
  notRegistered: string;
  nodeStatusHint(name: string, status: string, unknown: boolean): string;
  taint(t: string): string;
  controlPlane(name: string): string;
  alsoNode(address: string): string;
  you: string;
  outsideCluster(name: string): string;
  imageRegistry: string;
  pendingTitle: string;
  pendingSub: string;
  services: string;
  servicesSub: string;
  etcdMemberHost(address: string): string;
  etcdCluster: string;
  etcdClusterOf(members: number, quorum: number): string;
  etcdStatus: { quorumLost(up: string, quorum: number): string; quorumLostHint(up: string, quorum: number): string; noLeader: string; leader(name: string): string; up(up: number, members: number): string; term(t: string): string };
  workerNode(address: string): string;
  noHost: string;
  /** `3 hosts` after "cut from" (Russian: genitive, «от 3 хостов»). */
  hosts(n: number): string;
  cutFrom(what: string): string;
  cutHint(host: string, from: string): string;
  /** `3 pods` (a compact worker's tooltip). */
  pods(n: number): string;
  itsNodeParts: string;
  noPendingPods: string;
  noServices: string;
  /** Under a graph bigger than the pane at its smallest readable zoom (ClusterGraph.tsx): how to see the rest. */
  scrollForMore: string;
  // Edges
  onlyApiTalksToEtcd: string;
  /** An edge's accessible name and role (React Flow's own are English: "Edge from a to b", "edge"). */
  edgeLabel(from: string, to: string): string;
  edgeRole: string;
  partitioned: string;
  partitionHint: string;
  serviceEdge(service: string, what: string, state: 'ready' | 'terminating' | 'notReady'): string;
  podWord: string;
  // Context menu
  noActions: string;
  menu: {
    kill(kind: string): string;
    restart(kind: string): string;
    start(kind: string): string;
    logs: string;
    openTerminal: string;
    openTerminalOn(host: string): string;
    powerOff(name: string): string;
    reboot(name: string): string;
    powerOn(name: string): string;
    partitionPeers: string;
    heal: string;
    slow: string;
    partition: string;
    describe: string;
    deletePod: string;
    deleteService: string;
    sendTraffic: string;
    /** Terminal comments for what no command does (`# (no command: ...)`). */
    registryOutside: string;
    notAService(kind: string): string;
    noCommand(what: string, verb: 'stop' | 'start' | 'restart', id: string): string;
    logsOf(id: string): string;
    poweredOff(name: string): string;
  };
  /** React Flow's own controls (zoom buttons) and the keyboard descriptions it gives nodes. */
  flow: Partial<AriaLabelConfig>;
}

// Russian: the loanword «эндпоинт» with its own forms; the kind itself (EndpointSlice) stays as kubectl prints it.
const ENDPOINT: Forms = { en: ['endpoint', 'endpoints'], ru: ['эндпоинт', 'эндпоинта', 'эндпоинтов'] };
/** Genitive in Russian: it follows «от». */
const HOST: Forms = { en: ['host', 'hosts'], ru: ['хоста', 'хостов', 'хостов'] };
const MEMBER: Forms = { en: ['member', 'members'], ru: ['член', 'члена', 'членов'] };
// Russian: «сервис», the seed's own word for a Service.
const SERVICE: Forms = { en: ['Service', 'Services'], ru: ['сервис', 'сервиса', 'сервисов'] };
const POD: Forms = { en: ['pod', 'pods'], ru: ['под', 'пода', 'подов'] };

const en: GraphStrings = {
  actions: 'Actions',
  actionsFor: (label) => `Actions for ${label}`,
  legend: 'Message colours',
  componentOn: (id, host) => `${id} on ${host}`,
  running: 'running',
  stopped: 'stopped',
  hostDown: 'host down',
  raftLeader: 'etcd Raft leader',
  term: (n) => `term ${n}`,
  etcdRoleText: { leader: '★ leader', candidate: '? candidate', 'pre-candidate': 'pre-candidate', follower: 'follower', dead: '✕ down', unknown: '' },
  etcdRoleHint: {
    leader: 'the Raft leader: every write goes through it, it appends the write to its log and sends it to the followers (MsgApp); the write commits once a quorum has it',
    follower: 'a follower: it stores the entries the leader sends and answers its heartbeats; without a heartbeat for an election timeout (1 s) it starts an election',
    candidate: 'a candidate: it heard no leader for an election timeout, raised its term and asks the others for their votes (MsgVote); a majority makes it leader',
    'pre-candidate': 'a pre-candidate: before raising its term it asks whether the others would vote for it (MsgPreVote), so a member cut off from the rest cannot disrupt the cluster',
    dead: 'not running: it takes no part in Raft until it starts again and catches up from the leader',
    unknown: '',
  },
  detailName: {},
  roleValue: {},
  podTitle: (name, ns) => `pod/${name} (namespace ${ns})`,
  podHostDown: 'its node is down: this is the last status the kubelet reported',
  notReadyNoTraffic: 'not ready: it gets no Service traffic',
  noEndpoints: 'no endpoints',
  endpoints: (n) => plural(n, ENDPOINT, 'en'),
  readyOf: (ready, all) => `${ready}/${all} ready`,
  serviceTitle: (name, ns) => `service/${name} (namespace ${ns})`,
  endpointList: (list) => `endpoints (from its EndpointSlices): ${list}`,
  endpointNotReady: ' (not ready)',
  noEndpointsHint: 'no endpoints: no ready pod matches its selector, so connections to it fail',
  kubeProxyRoutes: 'kube-proxy on every node routes its ClusterIP to these endpoints.',
  moreServices: (n) => `+${n} more ${SERVICE.en[n === 1 ? 0 : 1]}`,
  moreServicesHint: (n) => `${n} more ${SERVICE.en[n === 1 ? 0 : 1]} (kubectl get services lists them all)`,
  morePods: (n) => `+${n} more ${POD.en[n === 1 ? 0 : 1]}`,
  morePodsHint: (n) => `${n} more ${POD.en[n === 1 ? 0 : 1]} here (the graph shows a count beyond this many)`,
  notRegistered: 'not registered',
  nodeStatusHint: (name, status, unknown) => `node/${name}: ${status}${unknown ? ' (Ready condition Unknown: the kubelet stopped posting status)' : ''}${status.includes('SchedulingDisabled') ? ' (SchedulingDisabled: cordoned, kube-scheduler places no new pods here)' : ''}. Click for its YAML and events.`,
  taint: (t) => `taint ${t}`,
  controlPlane: (name) => `Control plane · ${name}`,
  alsoNode: (address) => `${address} · also a node`,
  you: 'you',
  outsideCluster: (name) => `${name} · outside the cluster`,
  imageRegistry: 'image registry',
  pendingTitle: 'Pending - no node yet',
  pendingSub: 'waiting for kube-scheduler to bind them',
  services: 'Services',
  servicesSub: 'virtual IPs on no node: kube-proxy on every node sends their traffic to the endpoints',
  etcdMemberHost: (address) => `${address} · etcd member host`,
  etcdCluster: 'etcd cluster',
  etcdClusterOf: (members, quorum) => `etcd cluster (${plural(members, MEMBER, 'en')}, quorum ${quorum})`,
  etcdStatus: {
    quorumLost: (up, quorum) => `⚠ quorum lost: ${up}, a write needs ${quorum}`,
    quorumLostHint: (up, quorum) => `quorum lost: ${up}, a write needs ${quorum} members - writes and quorum reads time out`,
    noLeader: 'no leader yet (election)',
    leader: (name) => `leader ${name}`,
    up: (up, members) => `${up}/${members} up`,
    term: (t) => `term ${t}`,
  },
  workerNode: (address) => `worker node · ${address}`,
  noHost: 'no host',
  hosts: (n) => plural(n, HOST, 'en'),
  cutFrom: (what) => `✂ cut from ${what}`,
  cutHint: (host, from) => `network partition: no messages pass between ${host} and ${from}`,
  pods: (n) => plural(n, POD, 'en'),
  itsNodeParts: 'its node parts →',
  noPendingPods: 'no pending pods',
  noServices: 'no Services',
  scrollForMore: '↓ scroll or drag to see the rest of the cluster',
  onlyApiTalksToEtcd: 'only kube-apiserver\ntalks to etcd',
  edgeLabel: (from, to) => `link from ${from} to ${to}`,
  edgeRole: 'link',
  partitioned: '✂ partitioned',
  partitionHint: 'network partition: messages on this link are dropped',
  serviceEdge: (service, what, state) =>
    `Service ${service} -> ${what}: ${state === 'ready' ? 'ready, gets traffic' : state === 'terminating' ? 'terminating, not ready' : 'not ready, gets no traffic'}`,
  podWord: 'pod',
  noActions: 'no actions',
  menu: {
    kill: (kind) => `Kill ${kind}`,
    restart: (kind) => `Restart ${kind}`,
    start: (kind) => `Start ${kind}`,
    logs: 'Show logs',
    openTerminal: 'Open terminal',
    openTerminalOn: (host) => `Open terminal on ${host}`,
    powerOff: (name) => `Power off ${name}`,
    reboot: (name) => `Reboot ${name}`,
    powerOn: (name) => `Power on ${name}`,
    partitionPeers: 'Partition from the other members',
    heal: 'Heal the network',
    slow: 'Slow network to the control plane',
    partition: 'Partition from control plane',
    describe: 'Describe',
    deletePod: 'Delete pod',
    deleteService: 'Delete service',
    sendTraffic: 'Send traffic…',
    registryOutside: 'the image registry is outside your cluster',
    notAService: (kind) => `${kind} is not a service you can stop`,
    noCommand: (what, verb, id) => `# (no command: ${what}; Kubeplay ${verb}s ${id})`,
    logsOf: (id) => `# logs of ${id}`,
    poweredOff: (name) => `# (no command: ${name} is off; press its power button)`,
  },
  flow: {},
};

const ru: GraphStrings = {
  actions: 'Действия',
  actionsFor: (label) => `Действия: ${label}`,
  legend: 'Цвета сообщений',
  componentOn: (id, host) => `${id} на ${host}`,
  running: 'работает',
  stopped: 'остановлен',
  hostDown: 'хост выключен',
  raftLeader: 'лидер Raft в etcd',
  term: (n) => `срок ${n}`,
  etcdRoleText: { leader: '★ лидер', candidate: '? кандидат', 'pre-candidate': 'пред-кандидат', follower: 'последователь', dead: '✕ не работает', unknown: '' },
  etcdRoleHint: {
    leader: 'лидер Raft: через него идёт каждая запись; он дописывает её в свой журнал и рассылает последователям (MsgApp); запись фиксируется, когда она есть у кворума',
    follower: 'последователь: хранит записи, которые присылает лидер, и отвечает на его heartbeat; не услышав heartbeat за время выборов (1 с), начинает выборы',
    candidate: 'кандидат: не слышал лидера за время выборов, увеличил срок (term) и просит у остальных голоса (MsgVote); большинство делает его лидером',
    'pre-candidate': 'пред-кандидат: прежде чем увеличить срок, спрашивает, проголосуют ли за него остальные (MsgPreVote), чтобы отрезанный член не мешал кластеру',
    dead: 'не работает: не участвует в Raft, пока не запустится снова и не догонит лидера',
    unknown: '',
  },
  detailName: {
    role: 'роль',
    leader: 'лидер',
    term: 'срок',
    revision: 'ревизия',
    keys: 'ключей',
    synced: 'синхронизирован',
    watchers: 'watch-подписчиков',
    node: 'узел',
    registered: 'зарегистрирован',
    pods: 'подов',
    sandboxes: 'песочниц',
    containers: 'контейнеров',
    pulling: 'загружается образов',
    images: 'образов',
    mode: 'режим',
    syncs: 'синхронизаций',
    rules: 'правил',
    endpoints: 'эндпоинтов',
    servicePorts: 'портов сервисов',
    queuedPods: 'подов в очереди',
    schedulingCycle: 'цикл планирования',
    requestsInProgress: 'запросов в работе',
    runtimeUp: 'среда выполнения работает',
    dbSizeInUseBytes: 'занято в БД, байт',
  },
  roleValue: { leader: 'лидер', follower: 'последователь', candidate: 'кандидат', 'pre-candidate': 'пред-кандидат' },
  podTitle: (name, ns) => `pod/${name} (пространство имён ${ns})`,
  podHostDown: 'его узел выключен: это последний статус, который сообщил kubelet',
  notReadyNoTraffic: 'не готов: трафик сервиса к нему не идёт',
  noEndpoints: 'нет эндпоинтов',
  endpoints: (n) => plural(n, ENDPOINT, 'ru'),
  readyOf: (ready, all) => `${ready}/${all} готовы`,
  serviceTitle: (name, ns) => `service/${name} (пространство имён ${ns})`,
  endpointList: (list) => `эндпоинты (из его EndpointSlice): ${list}`,
  endpointNotReady: ' (не готов)',
  noEndpointsHint: 'нет эндпоинтов: ни один готовый под не подходит под его селектор, поэтому соединения с ним не проходят',
  kubeProxyRoutes: 'kube-proxy на каждом узле направляет его ClusterIP на эти эндпоинты.',
  moreServices: (n) => `ещё ${plural(n, SERVICE, 'ru')}`,
  moreServicesHint: (n) => `ещё ${plural(n, SERVICE, 'ru')} (kubectl get services покажет все)`,
  morePods: (n) => `ещё ${plural(n, POD, 'ru')}`,
  morePodsHint: (n) => `здесь ещё ${plural(n, POD, 'ru')} (сверх этого числа граф показывает только счётчик)`,
  notRegistered: 'не зарегистрирован',
  nodeStatusHint: (name, status, unknown) => `node/${name}: ${status}${unknown ? ' (условие Ready = Unknown: kubelet перестал сообщать статус)' : ''}${status.includes('SchedulingDisabled') ? ' (SchedulingDisabled: узел закордонен, kube-scheduler не назначает сюда новые поды)' : ''}. Нажмите, чтобы увидеть его YAML и события.`,
  taint: (t) => `taint ${t}`,
  controlPlane: (name) => `Control plane · ${name}`,
  alsoNode: (address) => `${address} · заодно и узел`,
  you: 'вы',
  outsideCluster: (name) => `${name} · вне кластера`,
  imageRegistry: 'реестр образов',
  pendingTitle: 'Ожидают — узла ещё нет',
  pendingSub: 'ждут, пока kube-scheduler их назначит',
  services: 'Сервисы',
  servicesSub: 'виртуальные IP ни на одном узле: kube-proxy на каждом узле отправляет их трафик на эндпоинты',
  etcdMemberHost: (address) => `${address} · хост члена etcd`,
  etcdCluster: 'кластер etcd',
  etcdClusterOf: (members, quorum) => `кластер etcd (${plural(members, MEMBER, 'ru')}, кворум ${quorum})`,
  etcdStatus: {
    quorumLost: (up, quorum) => `⚠ нет кворума: ${up}, нужно ${quorum}`,
    quorumLostHint: (up, quorum) => `кворум потерян: ${up}, для записи нужно ${quorum} — записи и чтения с кворумом не проходят по таймауту`,
    noLeader: 'лидера пока нет (выборы)',
    leader: (name) => `лидер ${name}`,
    up: (up, members) => `работают ${up}/${members}`,
    term: (t) => `срок ${t}`,
  },
  workerNode: (address) => `рабочий узел · ${address}`,
  noHost: 'нет хоста',
  hosts: (n) => plural(n, HOST, 'ru'),
  cutFrom: (what) => `✂ отрезан от ${what}`,
  cutHint: (host, from) => `сетевой разрыв: сообщения между ${host} и ${from} не проходят`,
  pods: (n) => plural(n, POD, 'ru'),
  itsNodeParts: 'его части узла →',
  noPendingPods: 'нет подов в ожидании',
  noServices: 'нет сервисов',
  scrollForMore: '↓ прокрутите или перетащите, чтобы увидеть остальной кластер',
  onlyApiTalksToEtcd: 'с etcd говорит\nтолько kube-apiserver',
  edgeLabel: (from, to) => `связь ${from} → ${to}`,
  edgeRole: 'связь',
  partitioned: '✂ разрыв',
  partitionHint: 'сетевой разрыв: сообщения по этой связи теряются',
  serviceEdge: (service, what, state) =>
    `сервис ${service} -> ${what}: ${state === 'ready' ? 'готов, получает трафик' : state === 'terminating' ? 'завершается, не готов' : 'не готов, трафик не получает'}`,
  podWord: 'под',
  noActions: 'нет действий',
  menu: {
    kill: (kind) => `Убить ${kind}`,
    restart: (kind) => `Перезапустить ${kind}`,
    start: (kind) => `Запустить ${kind}`,
    logs: 'Показать журнал',
    openTerminal: 'Открыть терминал',
    openTerminalOn: (host) => `Терминал на ${host}`,
    powerOff: (name) => `Выключить ${name}`,
    reboot: (name) => `Перезагрузить ${name}`,
    powerOn: (name) => `Включить ${name}`,
    partitionPeers: 'Отрезать от остальных членов',
    heal: 'Восстановить сеть',
    slow: 'Замедлить сеть до control plane',
    partition: 'Отрезать от control plane',
    describe: 'Описать (describe)',
    deletePod: 'Удалить под',
    deleteService: 'Удалить сервис',
    sendTraffic: 'Отправить трафик…',
    registryOutside: 'реестр образов находится вне вашего кластера',
    notAService: (kind) => `${kind} — не служба, которую можно остановить`,
    noCommand: (what, verb, id) => `# (команды нет: ${what}; Kubeplay ${verb === 'stop' ? 'останавливает' : verb === 'start' ? 'запускает' : 'перезапускает'} ${id})`,
    logsOf: (id) => `# журнал ${id}`,
    poweredOff: (name) => `# (команды нет: ${name} выключен; нажмите его кнопку питания)`,
  },
  flow: {
    'node.a11yDescription.default': 'Enter или пробел выбирают узел графа.',
    'node.a11yDescription.keyboardDisabled': 'Enter или пробел выбирают узел графа.',
    'edge.a11yDescription.default': 'Enter или пробел выбирают связь.',
    'controls.ariaLabel': 'Масштаб',
    'controls.zoomIn.ariaLabel': 'Увеличить',
    'controls.zoomOut.ariaLabel': 'Уменьшить',
    'controls.fitView.ariaLabel': 'Показать весь кластер',
    'controls.interactive.ariaLabel': 'Разрешить или запретить перемещение',
    'minimap.ariaLabel': 'Мини-карта',
    'handle.ariaLabel': 'Точка связи',
  },
};

export const GRAPH_STRINGS: Record<Lang, GraphStrings> = { en, ru };

export function useGraphStrings(): GraphStrings {
  return GRAPH_STRINGS[useUiStore((s) => s.lang)];
}
