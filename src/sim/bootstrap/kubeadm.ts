// kubeadm init's phases that go through the apiserver once it answers, in kubeadm's order:
// "mark-control-plane" labels the control-plane node node-role.kubernetes.io/control-plane (the
// kubelet itself may not set node-role labels: the NodeRestriction admission plugin refuses them),
// then "addon/coredns" and "addon/kube-proxy" create their objects (addons.ts). Each request is
// retried until it succeeds; an object that already exists (409) counts as created, as kubeadm's
// CreateOrUpdate does. After the last one the process has nothing left to do.

import type { HttpResponse } from '../api/http';
import type { Credentials } from '../api/http';
import { apiRequest, clientOnMessage, clientOnTimer, createClient, resourcePath, type ClientState } from '../client/apiclient';
import type { ComponentType, Effects } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import type { AddonObject } from './addons';

export interface KubeadmConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  nodeName: string;
  labels: Record<string, string>;
  /** The addon phase's objects, created in order after mark-control-plane. */
  addons?: AddonObject[];
}

export interface KubeadmState {
  client: ClientState;
  done: boolean;
  /** 0: mark-control-plane; 1 + i: the i-th addon object. */
  step: number;
}

const RETRY = 'kubeadm.retry';
const RETRY_MS = 1000;

function tryMark(ctx: Effects, s: KubeadmState, cfg: KubeadmConfig): void {
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

function tryAddon(ctx: Effects, s: KubeadmState, a: AddonObject): void {
  const m = a.object.metadata;
  apiRequest(ctx, s.client, { method: 'POST', path: a.path, body: a.object }, 'addon', undefined, {
    phase: 'controller',
    summary: `POST ${a.object.kind.toLowerCase()}/${m.name} (kubeadm addon)`,
    object: { kind: a.object.kind, name: m.name ?? '', namespace: m.namespace },
  });
}

function next(ctx: Effects, s: KubeadmState & { cfg: KubeadmConfig }): void {
  const addons = s.cfg.addons ?? [];
  if (s.step === 0) return tryMark(ctx, s, s.cfg);
  const a = addons[s.step - 1];
  if (a) return tryAddon(ctx, s, a);
  s.done = true;
}

function logStep(ctx: Effects, s: KubeadmState & { cfg: KubeadmConfig }): void {
  if (s.step === 0) {
    ctx.log(`[mark-control-plane] Marking the node ${s.cfg.nodeName} as control-plane by adding the labels: [${Object.keys(s.cfg.labels).join(' ')}]`);
    return;
  }
  const addons = s.cfg.addons ?? [];
  const a = addons[s.step - 1];
  const following = addons[s.step];
  // kubeadm prints one line per addon, after its last object.
  if (a && (!following || (following.object.metadata.name !== a.object.metadata.name && following.object.kind === 'ServiceAccount'))) {
    ctx.log(`[addons] Applied essential addon: ${a.object.kind === 'DaemonSet' ? 'kube-proxy' : 'CoreDNS'}`);
  }
}

export const kubeadm: ComponentType<KubeadmState & { cfg: KubeadmConfig }, KubeadmConfig> = {
  kind: 'kubeadm',
  start(ctx, input) {
    const s = {
      client: createClient({ apiserver: input.config.apiserver, credentials: input.config.credentials, userAgent: 'kubeadm/v1.31.0', timeoutMs: 10_000 }),
      done: false,
      step: 0,
      cfg: input.config,
    };
    ctx.setTimer(RETRY_MS, RETRY);
    return s;
  },
  onMessage(s, msg, ctx) {
    const ev = clientOnMessage(s.client, msg, ctx);
    if (!ev) return;
    const status = ev.kind === 'response' ? (ev.response as HttpResponse).status : 0;
    const ok = (status >= 200 && status < 300) || (s.step > 0 && status === 409);
    if (!ok) return void ctx.setTimer(RETRY_MS, RETRY);
    logStep(ctx, s);
    s.step++;
    next(ctx, s);
  },
  onTimer(s, t, ctx) {
    if (clientOnTimer(s.client, t, ctx)?.length) {
      ctx.setTimer(RETRY_MS, RETRY);
      return;
    }
    if (t.name === RETRY && !s.done) next(ctx, s);
  },
};
