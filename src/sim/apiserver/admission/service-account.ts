// ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go): every pod runs as a service
// account, `default` unless it names one. Simplifications, on purpose: Kubeplay does not check that
// the ServiceAccount object exists (the real plugin answers 403 `error looking up service account
// <ns>/<name>: serviceaccount "<name>" not found`), and it does not add the projected token volume
// `kube-api-access-<random>` and its volumeMounts, because no simulated container reads a token.

import type { Pod } from '../../api/types';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

function admit({ attrs, object }: PluginInput) {
  if (!isCore(attrs, 'pods') || attrs.operation !== 'CREATE' || !object) return {};
  const pod = object as Pod;
  // Mirror pods (static pods reported by a kubelet) may not use service accounts at all.
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return {};
  if (pod.spec.serviceAccountName) return {};
  return { object: { ...pod, spec: { ...pod.spec, serviceAccountName: DEFAULT_SERVICE_ACCOUNT } } };
}

export const ServiceAccount: AdmissionPlugin = { name: 'ServiceAccount', admit };
