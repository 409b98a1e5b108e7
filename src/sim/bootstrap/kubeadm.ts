// kubeadm's "mark-control-plane" phase: once the control-plane node's kubelet has registered, label
// it node-role.kubernetes.io/control-plane with admin credentials. The kubelet itself may not set
// node-role labels (the NodeRestriction admission plugin refuses them), which is why kubeadm does
// it. Then the "addon" phase: CoreDNS and kube-proxy's objects, created one by one through the API
// (addons.ts). One-shot: after the last of them, the process has nothing left to do.

import type { HttpResponse } from '../api/http';
import type { Credentials } from '../api/http';
import { apiRequest, clientOnMessage, clientOnTimer, createClient, resourcePath, type ClientState } from '../client/apiclient';
import type { ComponentType } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import type { AddonObject } from './addons';

export interface KubeadmConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  nodeName: string;
  labels: Record<string, string>;
  /** The addon phase's objects, created in order after the node is marked. */
  addons?: AddonObject[];
}

export interface KubeadmState {
  client: ClientState;
  done: boolean;
  /** The next addon object to create. */
  addon: number;
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

function tryAddon(ctx: Parameters<ComponentType['onTimer']>[2], s: KubeadmState & { cfg: KubeadmConfig }): void {
  const a = s.cfg.addons?.[s.addon];
  if (!a) return;
  const o = a.object;
  apiRequest(ctx, s.client, { method: 'POST', path: a.path, body: o }, 'addon', undefined, {
    phase: 'controller',
    summary: `POST ${o.kind.toLowerCase()}/${o.metadata.name ?? ''} (kubeadm addon)`,
    object: { kind: o.kind, name: o.metadata.name ?? '', namespace: 'kube-system' },
  });
}

export const kubeadm: ComponentType<KubeadmState & { cfg: KubeadmConfig }, KubeadmConfig> = {
  kind: 'kubeadm',
  start(ctx, input) {
    const s = {
      client: createClient({ apiserver: input.config.apiserver, credentials: input.config.credentials, userAgent: 'kubeadm/v1.31.0', timeoutMs: 10_000 }),
      done: false,
      addon: 0,
      cfg: input.config,
    };
    ctx.setTimer(RETRY_MS, RETRY);
    return s;
  },
  onMessage(s, msg, ctx) {
    const ev = clientOnMessage(s.client, msg, ctx);
    if (!ev) return;
    const status = ev.kind === 'response' ? (ev.response as HttpResponse).status : 0;
    if (ev.call.purpose === 'addon') {
      // Created, or there already (a kubeadm that ran before): go on with the next one.
      if (status !== 201 && status !== 409) return void ctx.setTimer(RETRY_MS, RETRY);
      const o = s.cfg.addons![s.addon++]!.object;
      ctx.log(`[addons] Applied essential addon: ${o.kind} ${o.metadata.name}`);
      return tryAddon(ctx, s);
    }
    if (status === 200) {
      s.done = true;
      ctx.log(`[mark-control-plane] Marking the node ${s.cfg.nodeName} as control-plane by adding the labels: [${Object.keys(s.cfg.labels).join(' ')}]`);
      tryAddon(ctx, s);
    } else ctx.setTimer(RETRY_MS, RETRY);
  },
  onTimer(s, t, ctx) {
    if (clientOnTimer(s.client, t, ctx)?.length) {
      ctx.setTimer(RETRY_MS, RETRY);
      return;
    }
    if (t.name === RETRY && !s.done) tryMark(ctx, s, s.cfg);
    else if (t.name === RETRY) tryAddon(ctx, s);
  },
};
