// The environment and command line the kubelet gives a container (pkg/kubelet/kubelet_pods.go
// makeEnvironmentVariables, v1.31): `envFrom` sources first (ConfigMaps, Secrets, each key a
// variable unless it is not a valid name), then `env` in order, each `$(VAR)` in a value expanded
// from the variables before it (third_party/forked/golang/expansion); then the command and args are
// expanded the same way (kubecontainer.ExpandContainerCommandAndArgs). A missing ConfigMap or
// Secret, or a missing key, is an error the pod worker reports as CreateContainerConfigError,
// unless the reference is optional. Values come from the kubelet's caches, so a later change of a
// ConfigMap reaches a container only when it is created again (env is never updated in place).

import { textOfBase64 } from '../../api/base64';
import type { Container, KubeObject } from '../../api/types';

/** What the kubelet's caches hold: ConfigMaps and Secrets by `namespace/name`. */
export interface ConfigSources {
  configMap(namespace: string, name: string): KubeObject | undefined;
  secret(namespace: string, name: string): KubeObject | undefined;
  /** The service account token the token manager holds for a projected source of this pod. */
  serviceAccountToken?(pod: KubeObject, source: { audience: string; expirationSeconds: number }): string | undefined;
}

interface KeyRef {
  name?: string;
  key: string;
  optional?: boolean;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: KeyRef; secretKeyRef?: KeyRef; fieldRef?: { fieldPath: string } };
}

interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean };
  secretRef?: { name?: string; optional?: boolean };
}

export interface ContainerEnv {
  env: [string, string][];
  command?: string[];
  args?: string[];
}

const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/** The text of every key: ConfigMap data and binaryData, Secret data decoded from base64. */
function values(obj: KubeObject, isSecret: boolean): Map<string, string> {
  const out = new Map<string, string>();
  const data = (obj.data ?? {}) as Record<string, string>;
  for (const [k, v] of Object.entries(data)) out.set(k, isSecret ? (textOfBase64(v) ?? '') : v);
  if (!isSecret) for (const [k, v] of Object.entries((obj.binaryData ?? {}) as Record<string, string>)) out.set(k, textOfBase64(v) ?? '');
  return out;
}

/** expansion.Expand: `$(VAR)` from the map (left as is when unknown), `$$` an escaped `$`. */
export function expand(input: string, vars: Map<string, string>): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c !== '$' || i + 1 >= input.length) {
      out += c;
      continue;
    }
    const next = input[i + 1]!;
    if (next === '$') {
      out += '$';
      i++;
    } else if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close < 0) {
        out += input.slice(i);
        break;
      }
      const name = input.slice(i + 2, close);
      out += vars.has(name) ? vars.get(name)! : `$(${name})`;
      i = close;
    } else out += c;
  }
  return out;
}

class ConfigError extends Error {}

function lookup(src: ConfigSources, namespace: string, kind: 'ConfigMap' | 'Secret', name: string, optional: boolean): KubeObject | undefined {
  const obj = kind === 'ConfigMap' ? src.configMap(namespace, name) : src.secret(namespace, name);
  if (!obj && !optional) throw new ConfigError(`${kind.toLowerCase()} "${name}" not found`);
  return obj;
}

function keyRefValue(src: ConfigSources, namespace: string, kind: 'ConfigMap' | 'Secret', ref: KeyRef): string | undefined {
  const optional = ref.optional === true;
  const obj = lookup(src, namespace, kind, ref.name ?? '', optional);
  if (!obj) return undefined;
  const v = values(obj, kind === 'Secret');
  if (!v.has(ref.key)) {
    if (optional) return undefined;
    throw new ConfigError(`couldn't find key ${ref.key} in ${kind} ${namespace}/${ref.name ?? ''}`);
  }
  return v.get(ref.key);
}

/** makeEnvironmentVariables' sources, with downward-API fields the kubelet knows. */
function resolve(container: Container, pod: KubeObject, src: ConfigSources, serviceEnv: Map<string, string>): Map<string, string> {
  const namespace = pod.metadata.namespace ?? 'default';
  const vars = new Map<string, string>();
  for (const from of ((container as { envFrom?: EnvFromSource[] }).envFrom ?? [])) {
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const ref = from.configMapRef ?? from.secretRef;
    if (!ref) continue;
    const obj = lookup(src, namespace, kind, ref.name ?? '', ref.optional === true);
    if (!obj) continue;
    for (const [k, v] of values(obj, kind === 'Secret')) {
      const name = (from.prefix ?? '') + k;
      // Keys that are not valid variable names are skipped (an InvalidEnvironmentVariableNames event).
      if (ENV_NAME.test(name)) vars.set(name, v);
    }
  }
  for (const e of ((container as { env?: EnvVar[] }).env ?? [])) {
    if (e.valueFrom?.configMapKeyRef) {
      const v = keyRefValue(src, namespace, 'ConfigMap', e.valueFrom.configMapKeyRef);
      if (v !== undefined) vars.set(e.name, v);
    } else if (e.valueFrom?.secretKeyRef) {
      const v = keyRefValue(src, namespace, 'Secret', e.valueFrom.secretKeyRef);
      if (v !== undefined) vars.set(e.name, v);
    } else if (e.valueFrom?.fieldRef) {
      vars.set(e.name, fieldValue(pod, e.valueFrom.fieldRef.fieldPath));
    } else vars.set(e.name, expand(e.value ?? '', serviceEnv.size ? new Map([...serviceEnv, ...vars]) : vars));
  }
  return vars;
}

/** The downward API fields a pod's env may name (podFieldSelectorRuntimeValue). */
function fieldValue(pod: KubeObject, path: string): string {
  const status = (pod.status ?? {}) as { podIP?: string; hostIP?: string };
  const spec = (pod.spec ?? {}) as { nodeName?: string; serviceAccountName?: string };
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'spec.nodeName':
      return spec.nodeName ?? '';
    case 'spec.serviceAccountName':
      return spec.serviceAccountName ?? '';
    case 'status.podIP':
      return status.podIP ?? '';
    case 'status.hostIP':
      return status.hostIP ?? '';
    default:
      return '';
  }
}

/**
 * The `kubernetes` Service's variables (pkg/kubelet/envvars FromServices: HOST, PORT, the named
 * port `https`, then the Docker-link style PORT_* set). getServiceEnvVarMap always adds them for
 * the master Service of the default namespace, whatever enableServiceLinks says; the other
 * Services' variables need Services the kubelet does not watch yet and are not added. The real
 * kubelet appends them in Go map order (random); Kubeplay keeps FromServices' order.
 */
export function masterServiceEnv(ip: string, port = 443): [string, string][] {
  return [
    ['KUBERNETES_SERVICE_HOST', ip],
    ['KUBERNETES_SERVICE_PORT', String(port)],
    ['KUBERNETES_SERVICE_PORT_HTTPS', String(port)],
    ['KUBERNETES_PORT', `tcp://${ip}:${port}`],
    [`KUBERNETES_PORT_${port}_TCP`, `tcp://${ip}:${port}`],
    [`KUBERNETES_PORT_${port}_TCP_PROTO`, 'tcp'],
    [`KUBERNETES_PORT_${port}_TCP_PORT`, String(port)],
    [`KUBERNETES_PORT_${port}_TCP_ADDR`, ip],
  ];
}

/**
 * The container's environment and expanded command line, or the CreateContainerConfigError message.
 * `serviceEnv`: the Service variables, available to `$(VAR)` and appended after the container's own
 * variables unless it defines them itself (makeEnvironmentVariables).
 */
export function containerEnv(container: Container, pod: KubeObject, src: ConfigSources, serviceEnv: [string, string][] = []): ContainerEnv | { error: string } {
  try {
    const own = resolve(container, pod, src, new Map(serviceEnv));
    const vars = new Map([...own]);
    for (const [k, v] of serviceEnv) if (!own.has(k)) vars.set(k, v);
    const out: ContainerEnv = { env: [...vars] };
    if (container.command) out.command = container.command.map((a) => expand(a, vars));
    if (container.args) out.args = container.args.map((a) => expand(a, vars));
    return out;
  } catch (e) {
    if (e instanceof ConfigError) return { error: e.message };
    throw e;
  }
}
