// kubectl's commands as one table: each verb names the flags it takes (beside the global ones in
// flags.ts), how it starts, and how it takes the answers to its requests, watch events and timers.
// Adding a verb touches this table and the verb's own module; the parser, the router and the
// terminal's Tab completion all read it.

import type { WatchEventBody } from '../../api/http';
import type { Effects, Timer } from '../../kernel/component';
import type { CliExec } from '../protocol';
import { onApiResourcesResult, startApiResources } from './commands/api-resources';
import { onApplyResult, startApply } from './commands/apply';
import { onAuthResult, startAuth } from './commands/auth';
import { onCordonResult, startCordon } from './commands/cordon';
import { onCreateResult, startCreate, startRun } from './commands/create';
import { onDeleteResult, onDeleteWatchEvent, startDelete } from './commands/delete';
import { onDescribeResult, startDescribe } from './commands/describe';
import { onAutoscaleResult, startAutoscale } from './commands/autoscale';
import { DRAIN_POLL_TIMER, onDrainResult, onDrainTimer, startDrain } from './commands/drain';
import { onExecResult, onExecWatchEvent, startExec } from './commands/exec';
import { onPodWaitTimer, POD_WAIT_TIMER } from './commands/pod-for-object';
import { onPortForwardResult, startPortForward } from './commands/port-forward';
import { ATTACH_POLL_TIMER, attachTypeName, onAttachResult, onAttachTimer, onAttachWatchEvent, startAttach } from './commands/attach';
import { CLUSTER_INFO_HINT, onClusterInfoResult, startClusterInfo } from './commands/cluster-info';
import { onDiscoveryVerbResult, startDiscoveryVerb } from './commands/discovery-verbs';
import { onEventsResult, onEventsWatchEvent, startEvents } from './commands/events';
import { onExplainResult, startExplain } from './commands/explain';
import { onExposeResult, startExpose } from './commands/expose';
import { startConfig } from './commands/kubeconfig';
import { onDiffResult, startDiff } from './commands/diff';
import { onRunAttachTimer, RUN_ATTACH_TIMER } from './commands/run-attach';
import { onEditResult, startEdit } from './commands/edit';
import { onGetResult, startGet } from './commands/get';
import { GET_WATCH_DEADLINE_TIMER, onGetWatchDeadline, onGetWatchEvent } from './commands/get-watch';
import { onLogsResult, onLogsWatchEvent, startLogs } from './commands/logs';
import { LOGS_FOLLOW_TIMER, onFollowTimer } from './commands/logs-follow';
import { onPatchResult, startPatchCommand } from './commands/patch-object';
import { onPatchVerbResult, startPatch } from './commands/patch';
import { onReplaceResult, onReplaceTimer, REPLACE_POLL_TIMER, startReplace } from './commands/replace';
import { onRolloutResult, onRolloutTimer, ROLLOUT_POLL_TIMER, startRollout } from './commands/rollout';
import { onTaintResult, startTaint } from './commands/taint';
import { onVersionResult, startVersion } from './commands/version';
import { onWaitResult, onWaitTimer, startWait, WAIT_POLL_TIMER } from './commands/wait';
import type { FlagSpec, ParsedArgs } from './flags';
import { builderTypes, canITypes, createTypes, eventsTypes, podOrSlashType, slashType, withoutPairs } from './type-args';
import type { JobCommon, KubectlJob, KubectlState, RequestResult } from './job';
import type { MappingStyle } from './discovery-retry';

export interface Verb {
  name: string;
  /** The verb's own flags; the global flags (flags.ts) apply to every verb. */
  flags: readonly FlagSpec[];
  start(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void;
  onResult(st: KubectlState, job: KubectlJob, step: string, r: RequestResult, ctx: Effects): void;
  onWatchEvent?(st: KubectlState, job: KubectlJob, body: WatchEventBody, ctx: Effects): void;
  /** The TYPE words the verb maps through kubectl's discovery cache (type-args.ts, discovery-cache.ts). */
  types?(p: ParsedArgs): string[];
  /** How it maps them, which says how often a failing discovery is asked again (discovery-retry.ts); default `names`. */
  mapping?: MappingStyle;
  /** What the verb still prints when discovery fails and it stops (cluster-info's hint). */
  onDiscoveryError?(job: JobCommon): void;
  /** Timers the verb sets, by timer name. */
  timers?: Readonly<Record<string, (st: KubectlState, timer: Timer, ctx: Effects) => void>>;
}

// The jobs of each verb extend JobCommon with their own fields; the table stores them erased.
type AnyResult = (st: KubectlState, job: never, step: string, r: RequestResult, ctx: Effects) => void;
const onResult = (f: AnyResult): Verb['onResult'] => f as unknown as Verb['onResult'];
type AnyWatch = (st: KubectlState, job: never, body: WatchEventBody, ctx: Effects) => void;
const onWatch = (f: AnyWatch): Verb['onWatchEvent'] => f as unknown as Verb['onWatchEvent'];

const str = (name: string, short?: string): FlagSpec => ({ name, short, type: 'string' });
const bool = (name: string, short?: string): FlagSpec => ({ name, short, type: 'bool' });
const int = (name: string, short?: string): FlagSpec => ({ name, short, type: 'int' });
const arr = (name: string, short?: string): FlagSpec => ({ name, short, type: 'stringArray' });

const FILE_FLAGS = [arr('filename', 'f'), bool('recursive', 'R')];
const OUTPUT = str('output', 'o');
/** exec, attach, logs: how long GetFirstPod waits for a pod (commands/pod-for-object.ts). */
const POD_RUNNING_TIMEOUT: FlagSpec = { name: 'pod-running-timeout', type: 'duration' };
const SELECTOR = str('selector', 'l');
const ALL_NAMESPACES = bool('all-namespaces', 'A');
const DRY_RUN = str('dry-run');

const VERB_LIST: Verb[] = [
  {
    name: 'get',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [
      OUTPUT, SELECTOR, str('field-selector'), ALL_NAMESPACES, str('sort-by'), bool('show-labels'), arr('label-columns', 'L'),
      bool('no-headers'), bool('watch', 'w'), bool('watch-only'), bool('output-watch-events'), str('raw'),
    ],
    start: (st, c, p, _e, ctx) => startGet(st, c, p, ctx),
    onResult: onResult(onGetResult),
    onWatchEvent: onWatch(onGetWatchEvent),
    timers: { [GET_WATCH_DEADLINE_TIMER]: onGetWatchDeadline },
  },
  {
    name: 'apply',
    flags: [...FILE_FLAGS, str('validate'), OUTPUT, DRY_RUN, bool('server-side'), bool('force-conflicts'), str('field-manager')],
    start: startApply,
    onResult: onResult(onApplyResult),
  },
  {
    name: 'create',
    types: createTypes,
    flags: [
      ...FILE_FLAGS, str('validate'), OUTPUT, int('replicas'), arr('image'), int('port'), DRY_RUN,
      // create service (create-service.ts)
      arr('tcp'), str('clusterip'), int('node-port'), str('external-name'),
      // create role|clusterrole|rolebinding|clusterrolebinding (create-rbac.ts)
      arr('verb'), arr('resource'), arr('resource-name'), arr('non-resource-url'), str('role'), str('clusterrole'),
      arr('user'), arr('group'), arr('serviceaccount'),
      // create configmap|secret (create-config.ts)
      arr('from-literal'), arr('from-file'), arr('from-env-file'), str('type'), str('cert'), str('key'),
      str('docker-server'), str('docker-username'), str('docker-password'), str('docker-email'),
      // create cronjob, create job --from (create-cronjob.ts)
      str('schedule'), str('restart'), str('from'),
      // create quota (create-quota.ts)
      str('hard'), str('scopes'),
      // create ingress (create-ingress.ts)
      arr('rule'), str('class'), str('default-backend'), arr('annotation'),
      // create token (create-token.ts)
      str('duration'), arr('audience'), str('bound-object-kind'), str('bound-object-name'), str('bound-object-uid'),
    ],
    start: startCreate,
    onResult: onResult(onCreateResult),
  },
  {
    name: 'run',
    flags: [
      OUTPUT, str('image'), str('restart'), str('labels', 'L'), str('port'), bool('command'), arr('env'), str('image-pull-policy'),
      DRY_RUN, bool('stdin', 'i'), bool('tty', 't'), bool('rm'), bool('attach'), bool('quiet', 'q'), str('pod-running-timeout'),
    ],
    // run.go: the Pod it builds is mapped with the deferred mapper's RESTMapping, one discovery call.
    types: () => ['pods'],
    mapping: 'restMapping',
    start: (st, c, p, _e, ctx) => startRun(st, c, p, ctx),
    onResult: onResult(onCreateResult),
    timers: { [RUN_ATTACH_TIMER]: onRunAttachTimer },
  },
  {
    name: 'delete',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [
      ...FILE_FLAGS, OUTPUT, SELECTOR, ALL_NAMESPACES, int('grace-period'), bool('force'), bool('now'), bool('wait'), str('cascade'),
      bool('all'), DRY_RUN,
    ],
    start: startDelete,
    onResult: onResult(onDeleteResult),
    onWatchEvent: onWatch(onDeleteWatchEvent),
  },
  {
    name: 'logs',
    types: (p) => podOrSlashType(p.args[0]),
    flags: [
      SELECTOR, str('container', 'c'), int('tail'), bool('previous', 'p'), bool('timestamps'), bool('follow', 'f'), { name: 'since', type: 'duration' }, str('since-time'),
      bool('prefix'), int('max-log-requests'), bool('all-containers'), int('limit-bytes'), POD_RUNNING_TIMEOUT,
    ],
    start: (st, c, p, _e, ctx) => startLogs(st, c, p, ctx),
    onResult: onResult(onLogsResult),
    onWatchEvent: onWatch(onLogsWatchEvent),
    timers: { [LOGS_FOLLOW_TIMER]: onFollowTimer, [POD_WAIT_TIMER]: onPodWaitTimer },
  },
  {
    name: 'exec',
    types: (p) => podOrSlashType(p.args[0]),
    flags: [str('container', 'c'), bool('stdin', 'i'), bool('tty', 't'), bool('quiet', 'q'), POD_RUNNING_TIMEOUT, arr('filename', 'f')],
    start: (st, c, p, _e, ctx) => startExec(st, c, p, ctx),
    onResult: onResult(onExecResult),
    onWatchEvent: onWatch(onExecWatchEvent),
    timers: { [POD_WAIT_TIMER]: onPodWaitTimer },
  },
  {
    name: 'attach',
    types: (p) => (p.args.length === 0 ? [] : [attachTypeName(p.args)[0] ?? 'pods']),
    flags: [str('container', 'c'), bool('stdin', 'i'), bool('tty', 't'), bool('quiet', 'q'), POD_RUNNING_TIMEOUT],
    start: (st, c, p, _e, ctx) => startAttach(st, c, p, ctx),
    onResult: onResult(onAttachResult),
    onWatchEvent: onWatch(onAttachWatchEvent),
    timers: { [ATTACH_POLL_TIMER]: onAttachTimer, [POD_WAIT_TIMER]: onPodWaitTimer },
  },
  {
    name: 'port-forward',
    types: (p) => slashType(p.args[0]),
    flags: [arr('address'), str('pod-running-timeout')],
    start: (st, c, p, _e, ctx) => startPortForward(st, c, p, ctx),
    onResult: onResult(onPortForwardResult),
  },
  {
    name: 'describe',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [SELECTOR, ALL_NAMESPACES],
    start: (st, c, p, _e, ctx) => startDescribe(st, c, p, ctx),
    onResult: onResult(onDescribeResult),
  },
  ...(
    [
      ['scale', [int('replicas'), DRY_RUN]],
      ['label', [bool('overwrite'), SELECTOR, bool('all'), ALL_NAMESPACES, DRY_RUN]],
      ['annotate', [bool('overwrite'), SELECTOR, bool('all'), ALL_NAMESPACES, DRY_RUN]],
      ['set', [DRY_RUN]],
    ] as const
  ).map(
    ([name, flags]): Verb => ({
      name,
      flags,
      // scale TYPE NAME; label|annotate TYPE NAME key=value; set image TYPE/NAME c=image.
      mapping: 'builder',
      types: (p) => builderTypes(name === 'set' ? withoutPairs(p.args.slice(1)) : name === 'scale' ? p.args : withoutPairs(p.args)),
      start: (st, c, p, _e, ctx) => startPatchCommand(st, c, p, ctx),
      onResult: onResult(onPatchResult),
    }),
  ),
  {
    name: 'patch',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [str('patch', 'p'), str('patch-file'), str('type'), DRY_RUN, OUTPUT],
    start: startPatch,
    onResult: onResult(onPatchVerbResult),
  },
  {
    name: 'wait',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [str('for'), str('timeout'), SELECTOR, bool('all'), ALL_NAMESPACES, ...FILE_FLAGS, OUTPUT],
    start: (st, c, p, _e, ctx) => startWait(st, c, p, ctx),
    onResult: onResult(onWaitResult),
    timers: { [WAIT_POLL_TIMER]: onWaitTimer },
  },
  {
    name: 'replace',
    flags: [...FILE_FLAGS, str('validate'), OUTPUT, DRY_RUN, bool('force'), int('grace-period'), str('timeout'), bool('wait'), str('cascade')],
    start: startReplace,
    onResult: onResult(onReplaceResult),
    timers: { [REPLACE_POLL_TIMER]: onReplaceTimer },
  },
  {
    name: 'edit',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [...FILE_FLAGS, OUTPUT, str('validate'), bool('windows-line-endings'), bool('save-config'), str('subresource')],
    start: startEdit,
    onResult: onResult(onEditResult),
  },
  {
    name: 'diff',
    flags: [...FILE_FLAGS, bool('server-side'), str('field-manager'), bool('force-conflicts'), SELECTOR, bool('prune'), bool('show-managed-fields')],
    start: startDiff,
    onResult: onResult(onDiffResult),
  },
  {
    name: 'rollout',
    types: (p) => builderTypes(p.args.slice(1)),
    mapping: 'builder',
    flags: [str('timeout'), int('to-revision'), int('revision')],
    start: (st, c, p, _e, ctx) => startRollout(st, c, p, ctx),
    onResult: onResult(onRolloutResult),
    timers: { [ROLLOUT_POLL_TIMER]: onRolloutTimer },
  },
  ...['cordon', 'uncordon'].map(
    (name): Verb => ({
      name,
      // drain.go RunCordonOrUncordon: the builder's ResourceNames("nodes", ...), no category expansion.
      types: () => ['nodes'],
      flags: [],
      start: (st, c, p, _e, ctx) => startCordon(st, c, p, ctx),
      onResult: onResult(onCordonResult),
    }),
  ),
  {
    name: 'taint',
    flags: [bool('overwrite')],
    start: (st, c, p, _e, ctx) => startTaint(st, c, p, ctx),
    onResult: onResult(onTaintResult),
  },
  {
    name: 'autoscale',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [int('min'), int('max'), int('cpu-percent'), str('name'), OUTPUT, DRY_RUN],
    start: (st, c, p, _e, ctx) => startAutoscale(st, c, p, ctx),
    onResult: onResult(onAutoscaleResult),
  },
  {
    name: 'expose',
    types: (p) => builderTypes(p.args),
    mapping: 'builder',
    flags: [
      str('port'), str('target-port'), str('container-port'), str('type'), str('name'), str('protocol'), str('selector'),
      str('labels', 'l'), str('cluster-ip'), str('external-ip'), str('session-affinity'), str('load-balancer-ip'), OUTPUT, DRY_RUN,
    ],
    start: (st, c, p, _e, ctx) => startExpose(st, c, p, ctx),
    onResult: onResult(onExposeResult),
  },
  {
    name: 'drain',
    types: () => ['nodes'],
    flags: [
      int('grace-period'), bool('force'), bool('ignore-daemonsets'), bool('delete-emptydir-data'), bool('delete-local-data'),
      bool('disable-eviction'), str('pod-selector'), int('skip-wait-for-delete-timeout'), { name: 'timeout', type: 'duration' },
    ],
    start: (st, c, p, _e, ctx) => startDrain(st, c, p, ctx),
    onResult: onResult(onDrainResult),
    timers: { [DRAIN_POLL_TIMER]: onDrainTimer },
  },
  {
    name: 'api-resources',
    flags: [bool('namespaced'), str('api-group'), bool('no-headers')],
    start: (st, c, p, _e, ctx) => startApiResources(st, c, p, ctx),
    onResult: onResult(onApiResourcesResult),
  },
  {
    name: 'auth',
    types: canITypes,
    mapping: 'resourceForWarns',
    flags: [ALL_NAMESPACES, bool('list'), bool('quiet', 'q'), str('subresource'), bool('no-headers'), OUTPUT],
    start: (st, c, p, _e, ctx) => startAuth(st, c, p, ctx),
    onResult: onResult(onAuthResult),
  },
  {
    name: 'version',
    flags: [OUTPUT, bool('client')],
    start: (st, c, p, _e, ctx) => startVersion(st, c, p, ctx),
    onResult: onResult(onVersionResult),
  },
  {
    name: 'explain',
    types: (p) => (p.args[0] ? [p.args[0].split('.')[0]!] : []),
    mapping: 'resourceFor',
    flags: [bool('recursive'), str('api-version'), OUTPUT],
    start: (st, c, p, _e, ctx) => startExplain(st, c, p, ctx),
    onResult: onResult(onExplainResult),
  },
  ...['api-versions', 'top'].map(
    (name): Verb => ({
      name,
      flags: name === 'top' ? [ALL_NAMESPACES, SELECTOR, bool('no-headers'), str('sort-by'), bool('containers'), bool('show-capacity'), bool('sum'), str('field-selector')] : [],
      start: (st, c, p, _e, ctx) => startDiscoveryVerb(st, c, p, ctx),
      onResult: onResult(onDiscoveryVerbResult),
    }),
  ),
  {
    name: 'config',
    flags: [bool('minify'), bool('raw'), OUTPUT, bool('no-headers'), bool('embed-certs'), bool('current'), str('username'), str('password')],
    start: startConfig,
    onResult: () => undefined,
  },
  {
    name: 'cluster-info',
    // clusterinfo.go: the builder's ResourceTypeOrNameArgs(false, "services"), so categories are expanded first.
    types: () => ['services'],
    mapping: 'builder',
    onDiscoveryError: (job) => void (job.stdout += CLUSTER_INFO_HINT),
    flags: [],
    start: (st, c, _p, _e, ctx) => startClusterInfo(st, c, ctx),
    onResult: onResult(onClusterInfoResult),
  },
  {
    name: 'events',
    types: eventsTypes,
    mapping: 'resourceFor',
    flags: [ALL_NAMESPACES, str('for'), arr('types'), bool('watch', 'w'), bool('no-headers'), OUTPUT],
    start: (st, c, p, _e, ctx) => startEvents(st, c, p, ctx),
    onResult: onResult(onEventsResult),
    onWatchEvent: onWatch(onEventsWatchEvent),
  },
];

/**
 * Every verb with printer flags (-o from genericclioptions.PrintFlags) also takes
 * --show-managed-fields; explain, version and api-resources have an -o of their own and do not
 * (kubectl v1.31.9: `unknown flag: --show-managed-fields`).
 */
const SHOW_MANAGED_FIELDS = bool('show-managed-fields');
const OWN_OUTPUT = new Set(['explain', 'version', 'api-resources']);
for (const v of VERB_LIST) if (v.flags.includes(OUTPUT) && !OWN_OUTPUT.has(v.name)) v.flags = [...v.flags, SHOW_MANAGED_FIELDS];

export const VERBS: ReadonlyMap<string, Verb> = new Map(VERB_LIST.map((v) => [v.name, v]));

/** The flags a verb takes of its own (none for an unknown verb). */
export function verbFlags(command: string | undefined): readonly FlagSpec[] {
  return (command !== undefined && VERBS.get(command)?.flags) || [];
}

/** Timer names to the verb handler that owns them. */
export const VERB_TIMERS: ReadonlyMap<string, (st: KubectlState, timer: Timer, ctx: Effects) => void> = new Map(
  VERB_LIST.flatMap((v) => Object.entries(v.timers ?? {})),
);
