// kube-proxy as a component (seed, chapter 3: "kube-proxy is not a proxy"). It never carries a
// packet: it watches Services, EndpointSlices and its own Node through kube-apiserver, and after
// each change recomputes the kernel rules (iptables chains or IPVS virtual servers) that rewrite
// packets for a Service IP to a pod IP. Syncs are rate limited as its BoundedFrequencyRunner does
// (--iptables-min-sync-period, 1 s): a burst of changes is written once. Killed, it stops updating:
// the rules it wrote stay in the kernel, stale, until it runs again and resyncs from a fresh list.
//
// The mode is read once, at start, from --config=/var/lib/kube-proxy/config.conf: the kube-proxy
// ConfigMap's `config.conf` as the kubelet wrote it for this node's DaemonSet pod (before the pod
// exists, at boot, the mode kubeadm put in that ConfigMap). An invalid mode fails validation and
// the process exits 1 (the pod goes to CrashLoopBackOff), leaving the kernel's rules as they were.
// A new mode cleans up what the old one left as cmd/kube-proxy/app/server_linux.go platformCleanup
// does in v1.31: starting in nftables mode removes the iptables and IPVS rules (iptables and ipvs
// CleanupLeftovers, what `kube-proxy --cleanup` also runs); starting in iptables or IPVS mode
// removes the nftables table; iptables <-> IPVS removes nothing (the two share the iptables
// chains), so after IPVS -> iptables the old virtual servers stay in `ipvsadm -Ln`, unused.

import type { Credentials } from '../../api/http';
import type { EndpointSlice, Service } from '../../api/service';
import { rfc3339 } from '../../api/time';
import { createClient, type ClientState } from '../../client/apiclient';
import { createInformer } from '../../client/informer';
import {
  createInformerSet,
  informerSetOnMessage,
  informerSetOnTimer,
  informerSetStart,
  informerSetSynced,
  type ClientInput,
  type InformerSet,
} from '../../client/informer-set';
import { klogLine } from '../../client/klog';
import { KUBERNETES_VERSION, type Timings } from '../../config';
import type { ComponentType, Effects, Message, Timer } from '../../kernel/component';
import type { ProcessId } from '../../kernel/units';
import { processPodFile } from '../kubelet/process-pods';
import { modeFromConfigConf } from './configmap';
import { renderIptablesSave } from './iptables-save';
import { renderIpvsadm } from './ipvsadm';
import { computeRules, type ProxyMode, type ProxyRules } from './rules';

export interface KubeProxyConfig {
  nodeName: string;
  apiserver: ProcessId;
  credentials: Credentials;
  mode: ProxyMode;
  timings: Timings;
  /** --cluster-cidr (default 10.244.0.0/16, kubeadm's pod subnet in Kubeplay). */
  clusterCIDR?: string;
  /** The node's address, for node ports in IPVS mode. */
  nodeIP?: string;
}

/** The identity kube-proxy presents: bound to system:node-proxier by the bootstrap policy. */
export const KUBE_PROXY_CREDENTIALS: Credentials = { clientCertificate: { commonName: 'system:kube-proxy', organizations: [] } };
/** --iptables-min-sync-period / --ipvs-min-sync-period default. */
export const MIN_SYNC_PERIOD_MS = 1000;
/** --cluster-cidr when none is given: kubeadm's pod subnet in Kubeplay. */
export const DEFAULT_CLUSTER_CIDR = '10.244.0.0/16';
const SYNC_TIMER = 'proxy.sync';
type InformerName = 'services' | 'endpointslices' | 'nodes';
/** kube-proxy runs as a DaemonSet pod; its informers come from client-go's shared factory. */
const KUBE_PROXY_PID = 1;
const INFORMER_FACTORY = 'k8s.io/client-go/informers/factory.go:160';

/** What stays in the node's kernel when kube-proxy stops: the rules it last wrote. */
export interface KernelRules {
  /** The rules of the mode kube-proxy runs (or last ran) in: what a packet goes through. */
  rules: ProxyRules;
  /** Another mode's rules a mode switch did not clean up (IPVS virtual servers after IPVS -> iptables). */
  leftover?: ProxyRules[];
  /** What the node tools need to print the rules as the kernel holds them. */
  clusterCIDR?: string;
  nodeIP?: string;
}

/** The rules in force on a node: the running kube-proxy's, or those a stopped one left behind. */
export function kernelRules(proc: { state?: unknown; persisted?: unknown }): ProxyRules | undefined {
  return (proc.state as KubeProxyState | undefined)?.rules ?? (proc.persisted as KernelRules | undefined)?.rules;
}

export interface KubeProxyState {
  config: KubeProxyConfig;
  client: ClientState;
  informers: InformerSet<InformerName>;
  /** The rules as last written to the kernel; empty until the first sync. */
  rules: ProxyRules;
  syncs: number;
  lastSyncAt?: number;
  syncPending: boolean;
  /** Rules of other modes still in the kernel (see platformCleanup above). */
  leftover: ProxyRules[];
  /** Validation refused the configuration: the process exits when start returns. */
  failed?: boolean;
}

/** The config file the DaemonSet's command names (the ConfigMap's volume is mounted at /var/lib/kube-proxy). */
export const CONFIG_FILE = '/var/lib/kube-proxy/config.conf';

const iptablesBased = (m: ProxyMode): boolean => m !== 'nftables';

/**
 * What platformCleanup leaves in the kernel when kube-proxy starts in `mode`: the nftables table goes
 * when the mode is iptables-based, the iptables and IPVS rules when it is nftables.
 */
export function afterCleanup(mode: ProxyMode, persisted: KernelRules | undefined): { rules: ProxyRules; leftover: ProxyRules[] } {
  const all = [...(persisted ? [persisted.rules] : []), ...(persisted?.leftover ?? [])];
  const kept = all.filter((r) => iptablesBased(r.mode) === iptablesBased(mode) && r.services.length > 0);
  return { rules: kept.find((r) => r.mode === mode) ?? { mode, services: [] }, leftover: kept.filter((r) => r.mode !== mode) };
}

function sync(s: KubeProxyState, ctx: Effects): void {
  s.syncPending = false;
  const services = [...s.informers.byName.services.items.values()] as Service[];
  const slices = [...s.informers.byName.endpointslices.items.values()] as EndpointSlice[];
  s.rules = computeRules(s.config.mode, services, slices);
  s.syncs++;
  s.lastSyncAt = ctx.now;
  // The rules live in the node's kernel, not in kube-proxy: they outlive the process.
  persistKernel(s, ctx);
  const endpoints = s.rules.services.reduce((n, x) => n + x.endpoints.length, 0);
  const what = `${s.config.mode} rules`;
  ctx.log(`"Syncing ${what}" ipFamily="IPv4" services=${s.rules.services.length} endpoints=${endpoints}`);
}

function persistKernel(s: KubeProxyState, ctx: Effects): void {
  const kernel: KernelRules = { rules: s.rules, clusterCIDR: s.config.clusterCIDR ?? DEFAULT_CLUSTER_CIDR, nodeIP: s.config.nodeIP ?? '' };
  if (s.leftover.length) kernel.leftover = s.leftover;
  ctx.persist(kernel);
}

/** Ask for a sync: now if the last one is at least the min sync period ago, else when it will be. */
function requestSync(s: KubeProxyState, ctx: Effects): void {
  if (s.syncPending || !informerSetSynced(s.informers)) return;
  s.syncPending = true;
  const wait = s.lastSyncAt === undefined ? 0 : Math.max(0, s.lastSyncAt + MIN_SYNC_PERIOD_MS - ctx.now);
  ctx.setTimer(wait, SYNC_TIMER);
}

/** A LIST or a watch event changed an informer's cache (or completed its first LIST): sync. */
function onClientInputs(s: KubeProxyState, ctx: Effects, inputs: ClientInput<InformerName>[]): void {
  if (inputs.some((i) => i.kind === 'deltas')) requestSync(s, ctx);
}

export function iptablesSave(s: KubeProxyState, now: number): string {
  return renderIptablesSave(s.rules, { clusterCIDR: s.config.clusterCIDR ?? DEFAULT_CLUSTER_CIDR, date: goDate(now) });
}

export function ipvsadmList(s: KubeProxyState): string {
  return renderIpvsadm(s.rules, s.config.nodeIP ?? '');
}

/** time.Now().Format(time.ANSIC)-like: `Tue Aug 13 09:00:00 2024`. */
export function goDate(now: number): string {
  const iso = rfc3339(now);
  const d = new Date(iso);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${day} ${mon} ${String(d.getUTCDate()).padStart(2, ' ')} ${iso.slice(11, 19)} ${d.getUTCFullYear()}`;
}

export const kubeProxy: ComponentType<KubeProxyState, KubeProxyConfig> = {
  kind: 'kube-proxy',
  // The rules are the kernel's tables: a machine that loses power boots with none.
  afterPowerOff: () => undefined,
  start(ctx, { config: flags, persisted }) {
    const file = processPodFile(ctx, CONFIG_FILE);
    const mode = file === undefined ? flags.mode : modeFromConfigConf(file);
    const config = typeof mode === 'string' ? { ...flags, mode } : flags;
    const client = createClient({
      apiserver: config.apiserver,
      credentials: config.credentials,
      userAgent: `kube-proxy/${KUBERNETES_VERSION} (linux/amd64) kubernetes/kube-proxy`,
      timeoutMs: config.timings.clientRequestTimeoutMs,
    });
    const s: KubeProxyState = {
      config,
      client,
      informers: createInformerSet(
        {
          services: createInformer({ name: 'services', path: '/api/v1/services', phase: 'networking' }),
          endpointslices: createInformer({ name: 'endpointslices', path: '/apis/discovery.k8s.io/v1/endpointslices', phase: 'networking' }),
          nodes: createInformer({ name: 'nodes', path: '/api/v1/nodes', fieldSelector: `metadata.name=${config.nodeName}`, phase: 'networking' }),
        },
        { pid: KUBE_PROXY_PID, reflector: INFORMER_FACTORY },
      ),
      rules: { mode: config.mode, services: [] },
      syncs: 0,
      syncPending: false,
      leftover: [],
    };
    if (typeof mode !== 'string') {
      // component-base/cli/run.go: the command's error is logged, and the process exits 1.
      ctx.log(klogLine(ctx.now, KUBE_PROXY_PID, 'E', 'run.go:72', '"command failed"', { err: `failed validate: ${mode.error}` }));
      ctx.fail(1);
      return { ...s, failed: true };
    }
    const kept = afterCleanup(config.mode, persisted as KernelRules | undefined);
    s.rules = kept.rules;
    s.leftover = kept.leftover;
    if (persisted) persistKernel(s, ctx);
    ctx.log(`"Using ${config.mode} Proxier"`);
    informerSetStart(ctx, client, s.informers);
    return s;
  },
  onMessage(s, msg: Message, ctx) {
    if (s.failed) return;
    const inputs = informerSetOnMessage(ctx, s.client, s.informers, msg);
    if (inputs) onClientInputs(s, ctx, inputs);
  },
  onTimer(s, t: Timer, ctx) {
    if (s.failed) return;
    if (t.name === SYNC_TIMER) return sync(s, ctx);
    const inputs = informerSetOnTimer(ctx, s.client, s.informers, t);
    if (inputs) onClientInputs(s, ctx, inputs);
  },
};
