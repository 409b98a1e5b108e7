// Parses and strictly validates a scenario document. Unknown fields, wrong types, unknown step kinds
// and bad durations are all errors with file, line, column and field path, because a scenario is
// also what a shared URL carries: hostile input gets clear errors, never a half-built cluster.

import { EPOCH_PATTERN } from '../../apimachinery/epoch';
import { isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { MAX_DEPTH, parseTokens, tooDeepLine } from '../cli-tools/common/yaml-depth';
import { DEFAULT_TIMINGS, type Timings } from '../config';
import { parseDuration } from './duration';
import { readLesson, type Lesson } from './lesson';
import { readIncident, type Incident } from './incident';
import { readSteps } from './parse-steps';
import { readUsers } from './parse-users';
import {
  DEFAULT_SEED,
  MAX_ETCD_MEMBERS,
  MAX_PAUSE_AT_MS,
  MAX_SCENARIO_BYTES,
  MAX_STEPS,
  SCENARIO_API_VERSION,
  SCENARIO_KIND,
  TAINT_EFFECTS,
  type ParseResult,
  type Scenario,
  type ScenarioClusterSpec,
  type ScenarioNode,
  type ScenarioTaint,
  type Step,
  type TaintEffect,
} from './schema';
import { FieldReader, type Field } from './yaml-reader';

const NODE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function parseScenario(text: string, file = 'scenario.yaml'): ParseResult {
  if (text.length > MAX_SCENARIO_BYTES) {
    return { ok: false, errors: [{ file, line: 1, col: 1, path: '', message: `scenario is too large (${text.length} bytes, limit ${MAX_SCENARIO_BYTES})` }] };
  }
  // Nesting is bounded before the document is built (the composer recurses once per level).
  const depthLines = new LineCounter();
  const depth = parseTokens(text, depthLines);
  const tooDeep = 'tooDeepAtLine' in depth ? depth.tooDeepAtLine : tooDeepLine(depth.tokens, depthLines);
  if (tooDeep !== undefined) {
    return { ok: false, errors: [{ file, line: tooDeep, col: 1, path: '', message: `YAML syntax error: nested deeper than ${MAX_DEPTH} levels` }] };
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const r = new FieldReader(file, lines);
  if (doc.errors.length > 0) {
    for (const e of doc.errors) r.error(r.offsetPos(e.pos[0]), '', `YAML syntax error: ${e.message.split('\n')[0]}`);
    return { ok: false, errors: r.errors };
  }
  const root = doc.contents as Node | null;
  const top = r.mapping(root, '(document)', ['apiVersion', 'kind', 'metadata', 'spec']);
  if (!top) return { ok: false, errors: r.errors };

  expectConstant(r, top, root, 'apiVersion', SCENARIO_API_VERSION);
  expectConstant(r, top, root, 'kind', SCENARIO_KIND);

  const meta = readMetadata(r, top.get('metadata'), root);
  const specField = r.required(top, 'spec', root, '(document)');
  const spec = specField ? readSpec(r, specField) : undefined;
  if (r.errors.length > 0 || !meta || !spec) return { ok: false, errors: r.errors };
  const scenario: Scenario = { file, name: meta.name, seed: spec.seed, cluster: spec.cluster, timings: spec.timings, steps: spec.steps };
  if (meta.description !== undefined) scenario.description = meta.description;
  if (spec.pauseAt !== undefined) scenario.pauseAt = spec.pauseAt;
  if (spec.lesson) scenario.lesson = spec.lesson;
  if (spec.incident) scenario.incident = spec.incident;
  return { ok: true, scenario };
}

function expectConstant(r: FieldReader, top: Map<string, Field>, root: Node | null, name: string, want: string): void {
  const f = r.required(top, name, root, '(document)');
  const v = f ? r.string(f, name) : undefined;
  if (f && v !== undefined && v !== want) r.error(f.pos, name, `expected "${want}", got "${v}"`);
}

function readMetadata(r: FieldReader, f: Field | undefined, root: Node | null): { name: string; description?: string } | undefined {
  if (!f) return r.error(root, '(document)', 'missing required field "metadata"');
  const fields = r.mapping(f.value, 'metadata', ['name', 'description']);
  if (!fields) return undefined;
  const nameField = r.required(fields, 'name', f.value, 'metadata');
  const name = nameField ? r.string(nameField, 'metadata.name') : undefined;
  const descField = fields.get('description');
  const description = descField ? r.string(descField, 'metadata.description') : undefined;
  if (name === undefined) return undefined;
  return description !== undefined ? { name, description } : { name };
}

interface SpecParts {
  seed: number;
  cluster: ScenarioClusterSpec;
  timings: Partial<Timings>;
  steps: Step[];
  pauseAt?: number;
  lesson?: Lesson;
  incident?: Incident;
}

function readSpec(r: FieldReader, f: Field): SpecParts | undefined {
  const fields = r.mapping(f.value, 'spec', ['seed', 'cluster', 'users', 'timings', 'steps', 'pauseAt', 'lesson', 'incident']);
  if (!fields) return undefined;
  const seedField = fields.get('seed');
  const seed = seedField ? r.integer(seedField, 'spec.seed', 0, 0xffffffff) : DEFAULT_SEED;
  const clusterField = fields.get('cluster');
  const cluster = clusterField ? readCluster(r, clusterField) : {};
  const usersField = fields.get('users');
  const users = usersField ? readUsers(r, usersField, 'spec.users') : [];
  if (cluster && users?.length) cluster.users = users;
  const timingsField = fields.get('timings');
  const timings = timingsField ? readTimings(r, timingsField) : {};
  const stepsField = r.required(fields, 'steps', f.value, 'spec');
  const steps = stepsField ? readSteps(r, stepsField, 'spec.steps') : undefined;
  if (stepsField && steps && steps.length > MAX_STEPS) r.error(stepsField.pos, 'spec.steps', `too many steps (${steps.length}, limit ${MAX_STEPS})`);
  const pauseField = fields.get('pauseAt');
  const pauseAt = pauseField ? readPauseAt(r, pauseField) : undefined;
  const lessonField = fields.get('lesson');
  const lesson = lessonField ? readLesson(r, lessonField) : undefined;
  const incidentField = fields.get('incident');
  const incident = incidentField ? readIncident(r, incidentField, 'spec.incident') : undefined;
  if (seed === undefined || !cluster || !users || !timings || !steps || pauseAt === null || (lessonField && !lesson) || (incidentField && !incident)) return undefined;
  return { seed, cluster, timings, steps, ...(pauseAt !== undefined && { pauseAt }), ...(lesson && { lesson }), ...(incident && { incident }) };
}

/** `spec.pauseAt: 5m12.345s`: the moment a recorded run was exported at (the app pauses there, the CLI stops there). */
function readPauseAt(r: FieldReader, f: Field): number | null {
  const v = isScalar(f.value) ? f.value.value : undefined;
  const ms = v === 0 ? 0 : typeof v === 'string' ? parseDuration(v) : undefined;
  if (ms === undefined || ms > MAX_PAUSE_AT_MS) {
    r.error(f.pos, 'spec.pauseAt', `expected a duration of at most 7 days, such as "5m12.345s"`);
    return null;
  }
  return ms;
}

/** `spec.cluster.controlPlane: {standby: true}`: a second control-plane host with standby instances. */
function readControlPlane(r: FieldReader, f: Field): ScenarioClusterSpec['controlPlane'] | undefined {
  const cp = r.mapping(f.value, 'spec.cluster.controlPlane', ['standby']);
  if (!cp) return undefined;
  const standby = cp.get('standby');
  if (!standby) return {};
  const v = isScalar(standby.value) ? standby.value.value : undefined;
  if (typeof v !== 'boolean') return r.error(standby.pos, 'spec.cluster.controlPlane.standby', 'expected true or false');
  return { standby: v };
}

function readCluster(r: FieldReader, f: Field): ScenarioClusterSpec | undefined {
  const fields = r.mapping(f.value, 'spec.cluster', ['nodes', 'etcd', 'kubeProxyMode', 'controlPlane', 'gateway', 'defaultStorageClass', 'epoch']);
  if (!fields) return undefined;
  const out: ScenarioClusterSpec = {};
  let ok = true;
  const nodesField = fields.get('nodes');
  if (nodesField) {
    const items = r.sequence(nodesField, 'spec.cluster.nodes');
    const nodes = items?.map((n, i) => readNode(r, n, `spec.cluster.nodes[${i}]`));
    if (!nodes || nodes.some((n) => !n)) ok = false;
    else out.nodes = nodes as ScenarioNode[];
    const seen = new Set<string>();
    items?.forEach((item, i) => {
      const name = nodes?.[i]?.name;
      if (name === undefined) return;
      if (seen.has(name) || name === 'control-plane') {
        r.error(item, `spec.cluster.nodes[${i}].name`, `duplicate node name "${name}"${name === 'control-plane' ? ' (the control-plane node always exists)' : ''}`);
        ok = false;
      }
      seen.add(name);
    });
  }
  const etcdField = fields.get('etcd');
  if (etcdField) {
    const etcd = r.mapping(etcdField.value, 'spec.cluster.etcd', ['members']);
    const members = etcd?.get('members');
    const n = members ? r.integer(members, 'spec.cluster.etcd.members', 1, MAX_ETCD_MEMBERS) : undefined;
    if (!etcd || (members && n === undefined)) ok = false;
    else out.etcd = n === undefined ? {} : { members: n };
  }
  const gwField = fields.get('gateway');
  if (gwField) {
    const v = isScalar(gwField.value) ? gwField.value.value : undefined;
    if (typeof v !== 'boolean') {
      r.error(gwField.pos, 'spec.cluster.gateway', 'expected true or false');
      ok = false;
    } else if (v) out.gateway = true;
  }
  const scField = fields.get('defaultStorageClass');
  if (scField) {
    const v = isScalar(scField.value) ? scField.value.value : undefined;
    if (typeof v !== 'boolean') {
      r.error(scField.pos, 'spec.cluster.defaultStorageClass', 'expected true or false');
      ok = false;
    } else if (!v) out.defaultStorageClass = false;
  }
  const epochField = fields.get('epoch');
  if (epochField) {
    const v = isScalar(epochField.value) ? epochField.value.value : undefined;
    if (typeof v !== 'string' || !EPOCH_PATTERN.test(v) || Number.isNaN(Date.parse(v))) {
      r.error(epochField.pos, 'spec.cluster.epoch', 'expected a UTC time with whole seconds, as 2026-12-03T00:45:00Z');
      ok = false;
    } else out.epoch = v;
  }
  const cpField = fields.get('controlPlane');
  if (cpField) {
    const cp = readControlPlane(r, cpField);
    if (cp) out.controlPlane = cp;
    else ok = false;
  }
  const modeField = fields.get('kubeProxyMode');
  if (modeField) {
    const mode = r.string(modeField, 'spec.cluster.kubeProxyMode');
    if (mode === 'iptables' || mode === 'ipvs' || mode === 'nftables') out.kubeProxyMode = mode;
    else {
      if (mode !== undefined) r.error(modeField.pos, 'spec.cluster.kubeProxyMode', `Unsupported value: "${mode}": supported values: "iptables", "ipvs", "nftables"`);
      ok = false;
    }
  }
  return ok ? out : undefined;
}

function readNode(r: FieldReader, node: Node, path: string): ScenarioNode | undefined {
  const fields = r.mapping(node, path, ['name', 'cpu', 'memory', 'pods', 'labels', 'taints', 'images', 'bandwidthBytesPerSec']);
  if (!fields) return undefined;
  const nameField = r.required(fields, 'name', node, path);
  const name = nameField ? r.string(nameField, `${path}.name`) : undefined;
  if (nameField && name !== undefined && !NODE_NAME.test(name)) {
    r.error(nameField.pos, `${path}.name`, `invalid node name "${name}": a lowercase RFC 1123 label (e.g. worker-4)`);
    return undefined;
  }
  if (name === undefined) return undefined;
  const out: ScenarioNode = { name };
  let ok = true;
  const set = <K extends keyof ScenarioNode>(key: K, value: ScenarioNode[K] | undefined): void => {
    if (value === undefined) ok = false;
    else out[key] = value;
  };
  const get = (k: string): Field | undefined => fields.get(k);
  if (get('cpu')) set('cpu', r.quantity(get('cpu')!, `${path}.cpu`));
  if (get('memory')) set('memory', r.quantity(get('memory')!, `${path}.memory`));
  if (get('pods')) set('pods', r.quantity(get('pods')!, `${path}.pods`));
  if (get('labels')) set('labels', r.stringMap(get('labels')!, `${path}.labels`));
  if (get('images')) set('images', r.stringList(get('images')!, `${path}.images`));
  if (get('bandwidthBytesPerSec')) set('bandwidthBytesPerSec', r.number(get('bandwidthBytesPerSec')!, `${path}.bandwidthBytesPerSec`, 1));
  if (get('taints')) set('taints', readTaints(r, get('taints')!, `${path}.taints`));
  return ok ? out : undefined;
}

function readTaints(r: FieldReader, f: Field, path: string): ScenarioTaint[] | undefined {
  const items = r.sequence(f, path);
  if (!items) return undefined;
  const out: ScenarioTaint[] = [];
  let ok = true;
  items.forEach((item, i) => {
    const p = `${path}[${i}]`;
    const fields = r.mapping(item, p, ['key', 'value', 'effect']);
    const keyField = fields && r.required(fields, 'key', item, p);
    const effectField = fields && r.required(fields, 'effect', item, p);
    const key = keyField ? r.string(keyField, `${p}.key`) : undefined;
    const effect = effectField ? r.string(effectField, `${p}.effect`) : undefined;
    if (effectField && effect !== undefined && !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
      r.error(effectField.pos, `${p}.effect`, `Unsupported value: "${effect}": supported values: "${TAINT_EFFECTS.join('", "')}"`);
      ok = false;
      return;
    }
    const valueField = fields?.get('value');
    const value = valueField ? r.string(valueField, `${p}.value`) : undefined;
    if (key === undefined || effect === undefined || (valueField && value === undefined)) {
      ok = false;
      return;
    }
    const t: ScenarioTaint = { key, effect: effect as TaintEffect };
    if (value !== undefined) t.value = value;
    out.push(t);
  });
  return ok ? out : undefined;
}

function readTimings(r: FieldReader, f: Field): Partial<Timings> | undefined {
  const names = Object.keys(DEFAULT_TIMINGS) as (keyof Timings)[];
  const fields = r.mapping(f.value, 'spec.timings', names);
  if (!fields) return undefined;
  const out: Partial<Timings> = {};
  let ok = true;
  for (const [k, v] of fields) {
    const n = r.number(v, `spec.timings.${k}`, 0);
    if (n === undefined) ok = false;
    else out[k as keyof Timings] = n;
  }
  return ok ? out : undefined;
}
