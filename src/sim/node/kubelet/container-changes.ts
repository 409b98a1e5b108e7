// A running pod whose container image changed (`kubectl set image pod/web web=nginx:1.26`, the one
// pod spec field besides a few others that may change): kuberuntime_manager.go computePodActions
// finds the container's spec hash changed, kills it with the event `Killing: Container web
// definition changed, will be restarted` and starts it again from the new image (Pulling, Pulled,
// Created, Started), so RESTARTS goes up by one.

import type { Effects } from '../../kernel/component';
import { criCall } from './cri-client';
import { recordEvent } from './events';
import { podRef } from './pod-worker';
import { stopProbes } from './prober';
import type { KubeletState, PodWorker } from './state';
import { Reason, T } from './texts';

export function restartChangedContainers(s: KubeletState, ctx: Effects, w: PodWorker): void {
  for (const c of w.containers) {
    const spec = [...(w.pod.spec.initContainers ?? []), ...(w.pod.spec.containers ?? [])].find((x) => x.name === c.name);
    if (!spec || spec.image === c.spec.image) continue;
    c.spec = spec;
    if (c.state !== 'running' || c.stopping || !c.containerId) continue;
    stopProbes(ctx, c);
    c.stopping = true;
    recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Killing, T.definitionChanged(c.name));
    const grace = w.pod.spec.terminationGracePeriodSeconds ?? 30;
    criCall(s, ctx, { method: 'StopContainer', containerId: c.containerId, timeout: grace }, { purpose: 'stop', podUid: w.uid, container: c.name }, podRef(w), `StopContainer ${c.name} (definition changed)`);
  }
}
