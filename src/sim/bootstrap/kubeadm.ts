// kubeadm's "mark-control-plane" phase: once the control-plane node's kubelet has registered, label
// it node-role.kubernetes.io/control-plane with admin credentials. The kubelet itself may not set
// node-role labels (the NodeRestriction admission plugin refuses them), which is why kubeadm does
// it. Then the "addon/kube-proxy" phase: the kube-proxy ConfigMap in kube-system (configmap.ts),
// which an existing one is left as it is (AlreadyExists). One-shot: after both, the process has
// nothing left to do.

import type { HttpResponse } from '../api/http';
import type { Credentials } from '../api/http';
import { apiRequest, clientOnMessage, clientOnTimer, createClient, resourcePath, type ClientState } from '../client/apiclient';
import type { ComponentType } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import { kubeProxyConfigMap } from '../node/kube-proxy/configmap';
import type { ProxyMode } from '../node/kube-proxy/rules';

export interface KubeadmConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  nodeName: string;
  labels: Record<string, string>;
  /** For the kube-proxy ConfigMap: the mode, the pod subnet and the apiserver's URL. */
  kubeProxy?: { mode: ProxyMode; clusterCIDR: string; server: string };
}

export interface KubeadmState {
  client: ClientState;
  done: boolean;
  /** The kube-proxy ConfigMap exists (created, or found already there). */
  proxyConfigDone?: boolean;
}

const RETRY = 'kubeadm.retry';
const RETRY_MS = 1000;

function tryMark(ctx: Parameters<ComponentType['onTimer']>[2], s: KubeadmState, cfg: KubeadmConfig): void {
  apiRequest(
    ctx,
    s.client,
    {
      method: 'PATCH',
      path: resourcePath({ resource: 'nodes', name: cfg.nodeName }),
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: cfg.labels } },
    },
    'mark-control-plane',
    undefined,
    { phase: 'controller', summary: `PATCH node/${cfg.nodeName} (kubeadm mark-control-plane)`, object: { kind: 'Node', name: cfg.nodeName } },
  );
}

function createProxyConfig(ctx: Parameters<ComponentType['onTimer']>[2], s: KubeadmState, cfg: NonNullable<KubeadmConfig['kubeProxy']>): void {
  apiRequest(
    ctx,
    s.client,
    { method: 'POST', path: resourcePath({ resource: 'configmaps', namespace: 'kube-system' }), body: kubeProxyConfigMap(cfg.mode, cfg.clusterCIDR, cfg.server) },
    'addon/kube-proxy',
    undefined,
    { phase: 'controller', summary: 'POST configmap kube-system/kube-proxy (kubeadm addon/kube-proxy)', object: { kind: 'ConfigMap', name: 'kube-proxy', namespace: 'kube-system' } },
  );
}

export const kubeadm: ComponentType<KubeadmState & { cfg: KubeadmConfig }, KubeadmConfig> = {
  kind: 'kubeadm',
  start(ctx, input) {
    const s = {
      client: createClient({ apiserver: input.config.apiserver, credentials: input.config.credentials, userAgent: 'kubeadm/v1.31.0', timeoutMs: 10_000 }),
      done: false,
      cfg: input.config,
    };
    ctx.setTimer(RETRY_MS, RETRY);
    return s;
  },
  onMessage(s, msg, ctx) {
    const ev = clientOnMessage(s.client, msg, ctx);
    if (!ev) return;
    const status = ev.kind === 'response' ? (ev.response as HttpResponse).status : 0;
    if (s.done) {
      if (status === 201 || status === 409) s.proxyConfigDone = true;
      else ctx.setTimer(RETRY_MS, RETRY);
      return;
    }
    if (status === 200) {
      s.done = true;
      if (s.cfg.kubeProxy) createProxyConfig(ctx, s, s.cfg.kubeProxy);
      ctx.log(`[mark-control-plane] Marking the node ${s.cfg.nodeName} as control-plane by adding the labels: [${Object.keys(s.cfg.labels).join(' ')}]`);
    } else ctx.setTimer(RETRY_MS, RETRY);
  },
  onTimer(s, t, ctx) {
    if (clientOnTimer(s.client, t, ctx)?.length) {
      ctx.setTimer(RETRY_MS, RETRY);
      return;
    }
    if (t.name === RETRY && !s.done) tryMark(ctx, s, s.cfg);
    else if (t.name === RETRY && s.cfg.kubeProxy && !s.proxyConfigDone) createProxyConfig(ctx, s, s.cfg.kubeProxy);
  },
};
