// A random scenario from a seed, for deterministic simulation testing (FoundationDB's simulator,
// TigerBeetle's VOPR): a random cluster, a random workload, random faults, then everything healed
// and restarted and time to settle. The result is an ordinary Scenario, so a failing seed can be
// written out as a scenario file, shrunk step by step, and replayed with `kubeplay run`.

import { createPrng, nextFloat, nextInt, type PrngState } from '../kernel/prng';
import type { Scenario, ScenarioNode, Step, StepAction } from '../scenario/schema';

export interface ChaosShape {
  workers: number;
  etcdMembers: 1 | 3 | 5;
  standby: boolean;
}

/** How long the faults go on, and how long the healed cluster gets to settle before the checks. */
export const CHAOS_PHASE_MS = 150_000;
export const SETTLE_MS = 360_000;

const IMAGES = ['nginx:1.25', 'nginx:1.26', 'nginx:1.27'];

function pick<T>(p: PrngState, xs: readonly T[]): T {
  return xs[nextInt(p, 0, xs.length)]!;
}

function chance(p: PrngState, x: number): boolean {
  return nextFloat(p) < x;
}

/** What the workload generator knows exists, so scale and delete name real objects most of the time. */
interface Workloads {
  deployments: string[];
  statefulsets: string[];
  daemonsets: string[];
  jobs: string[];
  next: number;
}

function jobManifest(name: string, completions: number): string {
  return [
    'apiVersion: batch/v1',
    'kind: Job',
    `metadata: {name: ${name}}`,
    'spec:',
    `  completions: ${completions}`,
    '  backoffLimit: 4',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers:',
    '        - name: work',
    '          image: busybox:1.36',
    '          command: ["sh", "-c", "echo working; sleep 5"]',
    '',
  ].join('\n');
}

function statefulSetManifest(name: string, replicas: number): string {
  return [
    'apiVersion: apps/v1',
    'kind: StatefulSet',
    `metadata: {name: ${name}}`,
    'spec:',
    `  serviceName: ${name}`,
    `  replicas: ${replicas}`,
    `  selector: {matchLabels: {app: ${name}}}`,
    '  template:',
    `    metadata: {labels: {app: ${name}}}`,
    '    spec:',
    '      containers:',
    '        - name: nginx',
    '          image: nginx:1.25',
    '',
  ].join('\n');
}

function daemonSetManifest(name: string): string {
  return [
    'apiVersion: apps/v1',
    'kind: DaemonSet',
    `metadata: {name: ${name}}`,
    'spec:',
    `  selector: {matchLabels: {app: ${name}}}`,
    '  template:',
    `    metadata: {labels: {app: ${name}}}`,
    '    spec:',
    '      containers:',
    '        - name: agent',
    '          image: busybox:1.36',
    '          command: ["sh", "-c", "while true; do sleep 30; done"]',
    '',
  ].join('\n');
}

function workloadStep(p: PrngState, w: Workloads): StepAction {
  const roll = nextFloat(p);
  if (roll < 0.25 || w.deployments.length === 0) {
    const name = `web-${w.next++}`;
    w.deployments.push(name);
    return { kind: 'run', line: `kubectl create deployment ${name} --image=${pick(p, IMAGES)} --replicas=${nextInt(p, 1, 4)}` };
  }
  if (roll < 0.4) return { kind: 'run', line: `kubectl scale deployment ${pick(p, w.deployments)} --replicas=${nextInt(p, 0, 5)}` };
  if (roll < 0.5) return { kind: 'run', line: `kubectl set image deployment/${pick(p, w.deployments)} *=${pick(p, IMAGES)}` };
  if (roll < 0.57) return { kind: 'run', line: `kubectl delete pods -l app=${pick(p, w.deployments)} --wait=false` };
  if (roll < 0.62) {
    const name = w.deployments.splice(nextInt(p, 0, w.deployments.length), 1)[0]!;
    return { kind: 'run', line: `kubectl delete deployment ${name} --wait=false` };
  }
  if (roll < 0.72) {
    const name = `batch-${w.next++}`;
    w.jobs.push(name);
    return { kind: 'apply', manifest: jobManifest(name, nextInt(p, 1, 4)) };
  }
  if (roll < 0.82) {
    if (w.statefulsets.length > 0 && chance(p, 0.4)) {
      return { kind: 'run', line: `kubectl scale statefulset ${pick(p, w.statefulsets)} --replicas=${nextInt(p, 0, 4)}` };
    }
    const name = `db-${w.next++}`;
    w.statefulsets.push(name);
    return { kind: 'apply', manifest: statefulSetManifest(name, nextInt(p, 1, 4)) };
  }
  if (roll < 0.9) {
    if (w.daemonsets.length > 0 && chance(p, 0.3)) {
      const name = w.daemonsets.splice(nextInt(p, 0, w.daemonsets.length), 1)[0]!;
      return { kind: 'run', line: `kubectl delete daemonset ${name} --wait=false` };
    }
    const name = `agent-${w.next++}`;
    w.daemonsets.push(name);
    return { kind: 'apply', manifest: daemonSetManifest(name) };
  }
  if (w.statefulsets.length > 0 && chance(p, 0.5)) {
    const name = w.statefulsets.splice(nextInt(p, 0, w.statefulsets.length), 1)[0]!;
    return { kind: 'run', line: `kubectl delete statefulset ${name} --wait=false` };
  }
  return { kind: 'run', line: 'kubectl get pods -A -o wide' };
}

/** Every process an operator can kill, and every machine that can lose power, for this shape. */
export function chaosTargets(shape: ChaosShape): { processes: string[]; hosts: string[]; groups: string[] } {
  const workers = Array.from({ length: shape.workers }, (_, i) => `worker-${i + 1}`);
  const nodes = ['control-plane', ...workers];
  const processes = ['kube-apiserver', 'kube-scheduler', 'kube-controller-manager'];
  if (shape.standby) processes.push('kube-scheduler-2', 'kube-controller-manager-2');
  const etcd = Array.from({ length: shape.etcdMembers }, (_, i) => `etcd-${i + 1}`);
  processes.push(...etcd.map((m) => `etcd/${m}`));
  for (const n of nodes) processes.push(`kubelet/${n}`, `containerd/${n}`, `kube-proxy/${n}`);
  const hosts = nodes.map((n) => `node/${n}`);
  if (shape.etcdMembers > 1) hosts.push(...etcd);
  // What a partition or a slow link can separate: machines (etcd hosts only when external).
  const groups = [...nodes, ...(shape.etcdMembers > 1 ? etcd : []), ...(shape.standby ? ['control-plane-2'] : [])];
  return { processes, hosts, groups };
}

function split(p: PrngState, groups: string[]): { between: string[]; and: string[] } {
  const shuffled = [...groups];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = nextInt(p, 0, i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const cut = nextInt(p, 1, Math.max(2, Math.min(3, shuffled.length)));
  return { between: shuffled.slice(0, cut), and: shuffled.slice(cut) };
}

function faultStep(p: PrngState, shape: ChaosShape): StepAction {
  const t = chaosTargets(shape);
  const roll = nextFloat(p);
  if (roll < 0.3) return { kind: 'kill', target: pick(p, t.processes) };
  if (roll < 0.45) return { kind: 'restart', target: pick(p, t.processes) };
  if (roll < 0.55) return { kind: 'start', target: pick(p, [...t.processes, ...t.hosts]) };
  if (roll < 0.67) return { kind: 'kill', target: pick(p, t.hosts) };
  if (roll < 0.8) return { kind: 'partition', ...split(p, t.groups) };
  if (roll < 0.92) {
    const s = split(p, t.groups);
    if (chance(p, 0.5)) return { kind: 'link', ...s, loss: Math.round((0.05 + 0.45 * nextFloat(p)) * 100) / 100 };
    return { kind: 'link', ...s, latencyMs: nextInt(p, 20, 400), jitterMs: nextInt(p, 0, 50) };
  }
  return { kind: 'heal' };
}

export function chaosShape(p: PrngState): ChaosShape {
  return { workers: nextInt(p, 1, 8), etcdMembers: pick(p, [1, 3, 5] as const), standby: chance(p, 0.4) };
}

function step(action: StepAction, at: number, index: number): Step {
  return { ...action, at, index, pos: { line: 0, col: 0 }, actionPos: { line: 0, col: 0 } } as Step;
}

/** The recovery: heal the network, power every machine on, start every process. */
export function recoverySteps(shape: ChaosShape): StepAction[] {
  const t = chaosTargets(shape);
  return [{ kind: 'heal' }, ...t.hosts.map((h): StepAction => ({ kind: 'start', target: h })), ...t.processes.map((x): StepAction => ({ kind: 'start', target: x }))];
}

export function generateChaosScenario(seed: number): Scenario {
  const p = createPrng(seed);
  const shape = chaosShape(p);
  const nodes: ScenarioNode[] = Array.from({ length: shape.workers }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '4', memory: '8Gi' }));
  const w: Workloads = { deployments: [], statefulsets: [], daemonsets: [], jobs: [], next: 1 };
  const actions: { at: number; action: StepAction }[] = [];
  let at = 0;
  const count = nextInt(p, 10, 30);
  for (let i = 0; i < count; i++) {
    at += nextInt(p, 1_000, Math.floor((2 * CHAOS_PHASE_MS) / count));
    if (at > CHAOS_PHASE_MS) break;
    actions.push({ at, action: chance(p, 0.55) ? workloadStep(p, w) : faultStep(p, shape) });
  }
  const recoverAt = CHAOS_PHASE_MS + 1_000;
  for (const a of recoverySteps(shape)) actions.push({ at: recoverAt, action: a });
  const steps = actions.map((a, i) => step(a.action, a.at, i));
  return {
    file: `chaos-${seed}.yaml`,
    name: `chaos-${seed}`,
    description: `chaos seed ${seed}: ${shape.workers} workers, ${shape.etcdMembers} etcd member(s)${shape.standby ? ', standby control plane' : ''}`,
    seed,
    cluster: { nodes, etcd: { members: shape.etcdMembers }, controlPlane: { standby: shape.standby } },
    timings: {},
    steps,
  };
}
