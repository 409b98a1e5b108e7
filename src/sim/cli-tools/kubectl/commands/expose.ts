// `kubectl expose (TYPE NAME | TYPE/NAME) [--port] [--target-port] [--type] [--name] [--protocol]
// [--selector] [--labels] [--cluster-ip] [--external-ip] [--session-affinity]` as kubectl v1.31 runs
// it (kubectl/pkg/cmd/expose/expose.go RunExpose with the service/v2 generator): GET the object,
// refuse kinds that cannot be exposed (polymorphichelpers CanBeExposed), take the selector, the
// ports and their protocols and the labels from the object where no flag gives them, build the
// Service, and either print it (--dry-run=client) or POST it and print `service/NAME exposed`.
// The tutorial "Using a Service to Expose Your App" runs
// `kubectl expose deployment/kubernetes-bootcamp --type="NodePort" --port 8080` this way.

import { omitManagedFields } from '../printers/go-template-output';
import type { KubeObject } from '../../../api/types';
import { resourceForKind } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import { goMarshalIndentStruct } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import type { Effects } from '../../../kernel/component';
import { typeAndName } from '../apps-resources';
import { cachedIn } from '../discovery-cache';

import { plain, type KubectlError } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { dryRunOf, dryRunQuery, dryRunSuffix, type DryRun } from './dry-run';
import { exposedPorts, portsOf, protocolsOf, selectorOf } from './expose-introspect';

export interface ExposeJob extends JobCommon {
  command: 'expose';
  flags: ExposeFlags;
  dryRun: DryRun;
  output: string;
  /** The Service to print when the server answers. */
  serviceName: string;
}

export interface ExposeFlags {
  port: string;
  targetPort: string;
  type: string;
  name: string;
  protocol: string;
  selector: string;
  labels: string;
  clusterIP: string;
  externalIP: string;
  sessionAffinity: string;
  loadBalancerIP: string;
}

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** CanBeExposed: ReplicationController, Service, Pod, Deployment and ReplicaSet (apps or extensions). */
const EXPOSABLE = new Set(['ReplicationController', 'Service', 'Pod', 'Deployment', 'ReplicaSet']);

/** The 63 characters of a DNS-1035 label: a longer object name is cut for the Service's. */
const DNS1035_LABEL_MAX_LENGTH = 63;

export function startExpose(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  if (p.args.length === 0) return finishJob(st, common, ctx, plain(NO_RESOURCES));
  const tn = typeAndName(p.args, cachedIn(st));
  if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
  const f = (n: string): string => flagString(p, n) ?? '';
  const job: ExposeJob = {
    ...common,
    command: 'expose',
    flags: {
      port: f('port'), targetPort: f('target-port') || f('container-port'), type: f('type'), name: f('name'), protocol: f('protocol'),
      selector: f('selector'), labels: f('labels'), clusterIP: f('cluster-ip'), externalIP: f('external-ip'), sessionAffinity: f('session-affinity'),
      loadBalancerIP: f('load-balancer-ip'),
    },
    dryRun,
    output: f('output'),
    serviceName: '',
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ group: tn.info.group || undefined, version: tn.info.version, resource: tn.info.resource, namespace: tn.info.namespaced ? common.namespace : undefined, name: tn.name });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'target', { object: { kind: tn.info.kind, name: tn.name, namespace: common.namespace } });
}

/** generate.ParseLabels: `k=v,k2=v2`, every pair with exactly one `=`. */
function parseLabels(s: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  if (s === '') return out;
  for (const pair of s.split(',')) {
    const kv = pair.split('=');
    if (kv.length !== 2) return `invalid label spec: ${pair}`;
    out[kv[0]!] = kv[1]!;
  }
  return out;
}

function labelsText(labels: Record<string, string> | undefined): string {
  return Object.entries(labels ?? {}).map(([k, v]) => `${k}=${v}`).join(',');
}

/** Go's strconv.Atoi on each comma-separated port. */
function atoi(s: string): number | string {
  if (/^[+-]?\d+$/.test(s) && Number.isSafeInteger(Number(s))) return Number(s);
  return `strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`;
}

/**
 * The service/v2 generator's Service for an object (pure): the flags first, then what the object
 * says. Returns the error text kubectl prints when a step fails.
 */
export function serviceForExpose(target: KubeObject, flags: ExposeFlags): KubeObject | string {
  const kind = target.kind ?? '';
  if (!EXPOSABLE.has(kind)) {
    const group = (target.apiVersion ?? '').includes('/') ? (target.apiVersion ?? '').split('/')[0] : '';
    return `cannot expose a ${group ? `${kind}.${group}` : kind}`;
  }
  let selectorText = flags.selector;
  if (!selectorText) {
    const s = selectorOf(target);
    if (s.error) return `couldn't retrieve selectors via --selector flag or introspection: ${s.error}`;
    selectorText = s.selector;
  }
  const headless = flags.clusterIP === 'None';
  let portList = flags.port ? flags.port.split(',') : [];
  if (!flags.port) {
    portList = portsOf(target);
    if (portList.length === 0 && !headless) return "couldn't find port via --port flag or introspection";
  }
  const selector = parseLabels(selectorText);
  if (typeof selector === 'string') return selector;
  const labels = parseLabels(flags.labels || labelsText(target.metadata.labels));
  const nums: number[] = [];
  for (const p of portList) {
    const n = atoi(p);
    if (typeof n === 'string') return n;
    nums.push(n);
  }
  const ports = exposedPorts(nums, flags.protocol, protocolsOf(target));
  const tp = flags.targetPort;
  for (const port of ports) port.targetPort = tp ? (/^[+-]?\d+$/.test(tp) ? Number(tp) : tp) : port.port;
  const name = flags.name || (target.metadata.name ?? '').slice(0, DNS1035_LABEL_MAX_LENGTH);
  // Keys in the Go structs' declaration order, which `-o json` keeps (ServiceSpec, ServicePort, ObjectMeta).
  const spec: Record<string, unknown> = {};
  if (ports.length) spec.ports = ports.map((p) => ({ ...(p.name ? { name: p.name } : {}), protocol: p.protocol, port: p.port, targetPort: p.targetPort }));
  spec.selector = selector;
  if (flags.clusterIP) spec.clusterIP = flags.clusterIP;
  if (flags.type) spec.type = flags.type;
  if (flags.externalIP) spec.externalIPs = [flags.externalIP];
  if (flags.sessionAffinity) spec.sessionAffinity = flags.sessionAffinity;
  if (flags.type === 'LoadBalancer' && flags.loadBalancerIP) spec.loadBalancerIP = flags.loadBalancerIP;
  const metadata: KubeObject['metadata'] = { name };
  if (typeof labels === 'string') return labels;
  if (Object.keys(labels).length) metadata.labels = labels;
  return { kind: 'Service', apiVersion: 'v1', metadata, spec, status: { loadBalancer: {} } } as KubeObject;
}

function printed(job: ExposeJob, obj: KubeObject, suffix: string): KubectlError | undefined {
  const name = `service/${obj.metadata.name ?? ''}`;
  if (job.output === '') job.stdout += `${name} exposed${suffix}\n`;
  else if (job.output === 'name') job.stdout += `${name}\n`;
  else if (job.output === 'yaml') job.stdout += goYaml(omitManagedFields(obj, job.showManagedFields));
  else if (job.output === 'json') job.stdout += `${goMarshalIndentStruct(omitManagedFields(obj, job.showManagedFields))}\n`;
  else return plain(`unable to match a printer suitable for the output format "${job.output}", allowed formats are: json,name,yaml`);
  return undefined;
}

export function onExposeResult(st: KubectlState, job: ExposeJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'create') return finishJob(st, job, ctx, printed(job, asObject(r), dryRunSuffix(job.dryRun)));
  const svc = serviceForExpose(asObject(r), job.flags);
  if (typeof svc === 'string') return finishJob(st, job, ctx, plain(svc));
  if (job.dryRun === 'client') {
    const { name, ...rest } = svc.metadata;
    const obj = { ...svc, metadata: { name, creationTimestamp: null as unknown as string, ...rest } };
    return finishJob(st, job, ctx, printed(job, obj, dryRunSuffix('client')));
  }
  const info = resourceForKind('v1', 'Service')!;
  const path = resourcePath({ version: info.version, resource: info.resource, namespace: job.namespace });
  const query = { fieldManager: 'kubectl-expose', ...dryRunQuery(job.dryRun) };
  jobRequest(st, job, ctx, { method: 'POST', path, query, body: svc, contentType: 'application/json' }, 'create', {
    phase: 'persistence',
    object: { kind: 'Service', name: svc.metadata.name ?? '', namespace: job.namespace },
  });
}
