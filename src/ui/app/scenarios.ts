import { useSimStore, useUiStore } from '../store/app-store';
// The built-in scenarios the toolbar offers, and how one is loaded: fetch its YAML from the page's
// own origin and hand the text to the worker.


/** `default` first: an idle cluster to type kubectl into. */
export const SCENARIOS: readonly string[] = [
  'default',
  'pod-lifecycle',
  'image-typo',
  'unschedulable',
  'placement',
  'taints',
  'bad-input',
  'hostile-input',
  'scheduler-down',
  'kube-system',
  'deployment',
  'service',
  'service-traffic',
  'guestbook',
  'guestbook-examples',
  'readiness',
  'node-tools',
  'pods-that-end',
  'drain',
  'namespace-delete',
  'rbac-user',
  'authentication',
  'rbac-scheduler-binding',
  'leader-election',
  'statefulset',
  'job',
  'cronjob',
  'configmaps-secrets',
  'quota',
  'metrics-server',
  'storage',
  'init-containers',
  'admission-webhook',
  'apiserver-down',
  'apiserver-restart',
  'scale-50',
  'kubelet-down',
  'containerd-down',
  'power-cycle',
  'container-is-a-process',
  'etcd-cluster',
  'etcd-leader-failover',
  'etcd-quorum-loss',
  'etcd-partition',
  'etcd-four-members',
  'etcd-five-members',
];

export function scenarioUrl(name: string): string {
  return `${import.meta.env.BASE_URL}scenarios/${name}.yaml`;
}

/** `stillWanted` lets a caller that went away (React StrictMode's first mount) drop a late answer. */
export async function loadScenario(name: string, stillWanted: () => boolean = () => true): Promise<boolean> {
  const url = scenarioUrl(name);
  try {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`cannot load ${url}: HTTP ${r.status}`);
    const text = await r.text();
    if (!stillWanted()) return false;
    useUiStore.getState().send({ type: 'load', file: `${name}.yaml`, text });
    return true;
  } catch (err) {
    if (stillWanted()) useSimStore.getState().addError(err instanceof Error ? err.message : String(err));
    return false;
  }
}
