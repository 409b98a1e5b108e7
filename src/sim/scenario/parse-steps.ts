// Validation of `spec.steps`: each step is a mapping with `at` and exactly one action.

import { isScalar, type Node } from 'yaml';
import { parseDuration } from './duration';
import { ECHO_KINDS, MAX_ECHO_CHARS, STEP_KINDS, type ExpectSpec, type Step, type StepAction, type StepKind } from './schema';
import { readRequest } from './parse-request';
import { suggest, type Field, type FieldReader, type Fields } from './yaml-reader';

const RUN_MODIFIERS = ['stdin', 'on'];
const EXPECT_FIELDS = ['run', 'stdin', 'on', 'equals', 'contains', 'stderr', 'exitCode'];

export function readSteps(r: FieldReader, f: Field, path: string): Step[] | undefined {
  const items = r.sequence(f, path);
  if (!items) return undefined;
  const steps: Step[] = [];
  items.forEach((item, i) => {
    const step = readStep(r, item, `${path}[${i}]`, i);
    if (step) steps.push(step);
  });
  // Steps may be written out of order; run them by time, keeping the written order for equal times.
  return steps.map((s, i) => ({ s, i })).sort((x, y) => x.s.at - y.s.at || x.i - y.i).map((x) => x.s);
}

function readStep(r: FieldReader, node: Node, path: string, index: number): Step | undefined {
  const fields = r.mapping(node, path, null);
  if (!fields) return undefined;
  const actions = [...fields.keys()].filter((k): k is StepKind => (STEP_KINDS as readonly string[]).includes(k));
  const unknown = [...fields.keys()].filter((k) => k !== 'at' && k !== 'recorded' && k !== 'echo' && !RUN_MODIFIERS.includes(k) && !actions.includes(k as StepKind));
  let failed = false;
  if (actions.length === 0) {
    const first = unknown[0];
    const kinds = STEP_KINDS.join(', ');
    if (first !== undefined) r.error(fields.get(first)!.key, path, `unknown step kind "${first}"${suggest(first, STEP_KINDS)}; a step is one of: ${kinds}`);
    else r.error(node, path, `a step needs one action: ${kinds}`);
    return undefined;
  }
  for (const k of unknown) {
    r.error(fields.get(k)!.key, path, `unknown field "${k}"${suggest(k, [...STEP_KINDS, 'at', 'recorded', 'echo', ...RUN_MODIFIERS])}`);
    failed = true;
  }
  if (actions.length > 1) {
    r.error(fields.get(actions[1]!)!.key, path, `a step has exactly one action, found ${actions.join(' and ')}`);
    return undefined;
  }
  const kind = actions[0]!;
  for (const m of RUN_MODIFIERS) {
    if (fields.has(m) && kind !== 'run') {
      r.error(fields.get(m)!.key, path, `field "${m}" belongs to a run step${kind === 'expect' ? ' (inside expect: put it next to run)' : ''}`);
      failed = true;
    }
  }
  const at = readAt(r, fields, node, path);
  const actionField = fields.get(kind)!;
  const action = readAction(r, kind, actionField, fields, `${path}.${kind}`, path);
  const recorded = readRecorded(r, fields, path, kind);
  const echo = readEcho(r, fields, path, kind);
  if (at === undefined || !action || failed || recorded === null || echo === null) return undefined;
  return { ...action, at, index, ...(recorded && { recorded: true }), ...(echo !== undefined && { echo }), pos: r.posOf(node), actionPos: actionField.pos } as Step;
}

/** `echo: <one line>` on an action the graph's menu takes (schema.ts Step.echo). Null on an error. */
function readEcho(r: FieldReader, fields: Fields, path: string, kind: StepKind): string | undefined | null {
  const f = fields.get('echo');
  if (!f) return undefined;
  if (!ECHO_KINDS.includes(kind)) {
    r.error(f.key, `${path}.echo`, `field "echo" belongs to an action step (${ECHO_KINDS.join(', ')})`);
    return null;
  }
  const v = r.string(f, `${path}.echo`);
  if (v === undefined) return null;
  if (v.length > MAX_ECHO_CHARS || v.includes('\n')) {
    r.error(f.pos, `${path}.echo`, `expected one line of at most ${MAX_ECHO_CHARS} characters`);
    return null;
  }
  return v;
}

/** `recorded: true` (a step taken in the app); expectations are never recorded. Null on an error. */
function readRecorded(r: FieldReader, fields: Fields, path: string, kind: StepKind): boolean | null {
  const f = fields.get('recorded');
  if (!f) return false;
  const v = isScalar(f.value) ? f.value.value : undefined;
  if (typeof v !== 'boolean') {
    r.error(f.pos, `${path}.recorded`, 'expected true or false');
    return null;
  }
  if (v && kind === 'expect') {
    r.error(f.pos, `${path}.recorded`, 'an expect step is never recorded: it checks, it does not act');
    return null;
  }
  return v;
}

function readAt(r: FieldReader, fields: Fields, node: Node, path: string): number | undefined {
  const f = r.required(fields, 'at', node, path);
  if (!f) return undefined;
  const v = isScalar(f.value) ? f.value.value : undefined;
  if (v === 0) return 0;
  if (typeof v === 'number') return r.error(f.pos, `${path}.at`, `invalid duration ${String(f.value && isScalar(f.value) ? f.value.source ?? v : v)}: give a unit, e.g. "${v}s"`);
  if (typeof v !== 'string') return r.error(f.pos, `${path}.at`, `expected a duration such as "30s", got ${v === null ? 'null' : typeof v}`);
  const ms = parseDuration(v);
  if (ms === undefined) return r.error(f.pos, `${path}.at`, `invalid duration "${v}" (examples: 0s, 1.5s, 300ms, 2m, 1m30s)`);
  return ms;
}

function readAction(r: FieldReader, kind: StepKind, f: Field, fields: Fields, path: string, stepPath: string): StepAction | undefined {
  switch (kind) {
    case 'apply': {
      const manifest = nonEmpty(r, f, path);
      return manifest === undefined ? undefined : { kind, manifest };
    }
    case 'applyFile': {
      const p = nonEmpty(r, f, path);
      return p === undefined ? undefined : { kind, path: p };
    }
    case 'run': {
      const line = nonEmpty(r, f, path);
      const stdin = optionalString(r, fields, 'stdin', `${stepPath}.stdin`);
      const on = optionalString(r, fields, 'on', `${stepPath}.on`);
      if (line === undefined || stdin === null || on === null) return undefined;
      const a: StepAction = { kind, line };
      if (stdin !== undefined) a.stdin = stdin;
      if (on !== undefined) a.on = on;
      return a;
    }
    case 'expect': {
      const expect = readExpect(r, f, path);
      return expect ? { kind, expect } : undefined;
    }
    case 'kill':
    case 'restart':
    case 'start':
    case 'crash': {
      const target = nonEmpty(r, f, path);
      return target === undefined ? undefined : { kind, target };
    }
    case 'partition':
      return readPartition(r, f, path);
    case 'link':
      return readLink(r, f, path);
    case 'traffic':
      return readTraffic(r, f, path);
    case 'heal': {
      if (isScalar(f.value) && f.value.value === true) return { kind };
      return r.error(f.pos, path, 'expected `heal: true`');
    }
    case 'interrupt': {
      const line = nonEmpty(r, f, path);
      return line === undefined ? undefined : { kind, line };
    }
    case 'request': {
      const request = readRequest(r, f, path);
      return request ? { kind, request } : undefined;
    }
    case 'hangup': {
      const id = r.integer(f, path, 0, Number.MAX_SAFE_INTEGER);
      return id === undefined ? undefined : { kind, id };
    }
  }
}

export function readExpect(r: FieldReader, f: Field, path: string): ExpectSpec | undefined {
  const errorsBefore = r.errors.length;
  const fields = r.mapping(f.value, path, EXPECT_FIELDS);
  if (!fields) return undefined;
  const hadUnknown = r.errors.length > errorsBefore;
  const runField = r.required(fields, 'run', f.value, path);
  const run = runField ? nonEmpty(r, runField, `${path}.run`) : undefined;
  const spec: ExpectSpec = { run: run ?? '' };
  let ok = run !== undefined;
  for (const name of ['stdin', 'on'] as const) {
    const v = optionalString(r, fields, name, `${path}.${name}`);
    if (v === null) ok = false;
    else if (v !== undefined) spec[name] = v;
  }
  for (const name of ['equals', 'contains', 'stderr'] as const) {
    const field = fields.get(name);
    if (!field) continue;
    const v = r.text(field, `${path}.${name}`);
    if (v === undefined) ok = false;
    else spec[name] = v;
  }
  const exit = fields.get('exitCode');
  if (exit) {
    const v = r.integer(exit, `${path}.exitCode`, 0, 255);
    if (v === undefined) ok = false;
    else spec.exitCode = v;
  }
  if (fields.has('equals') && fields.has('contains')) {
    r.error(fields.get('contains')!.key, path, 'use either "equals" or "contains", not both');
    ok = false;
  }
  // A misspelt check (`equal:`) is already reported; do not also say there is nothing to check.
  if (!hadUnknown && !['equals', 'contains', 'stderr', 'exitCode'].some((k) => fields.has(k))) {
    r.error(f.value, path, 'an expect needs something to check: equals, contains, stderr or exitCode');
    ok = false;
  }
  return ok && !hadUnknown ? spec : undefined;
}

function readSides(r: FieldReader, f: Field, fields: Fields, path: string): [string[], string[]] | undefined {
  const sides: string[][] = [];
  for (const name of ['between', 'and']) {
    const side = r.required(fields, name, f.value, path);
    const list = side ? r.stringList(side, `${path}.${name}`) : undefined;
    if (side && list && list.length === 0) r.error(side.pos, `${path}.${name}`, 'must name at least one host or process');
    if (!list || list.length === 0) return undefined;
    sides.push(list);
  }
  return [sides[0]!, sides[1]!];
}

/** `link: {between: [etcd-1], and: [etcd-2], latency: 200ms, jitter: 20ms, loss: 0.1}`: a degraded network. */
/**
 * `traffic: {from: pod/client, to: service/web, rps: 50, for: 30s[, namespace: shop]}`: `namespace` is
 * the client pod's (default `default`); `to` is the Service's name as the client resolves it, so a
 * Service in another namespace is `service/web.other` (the pod's search list ends in svc.cluster.local).
 */
function readTraffic(r: FieldReader, f: Field, path: string): StepAction | undefined {
  const fields = r.mapping(f.value, path, ['from', 'to', 'rps', 'for', 'namespace']);
  if (!fields) return undefined;
  const from = r.required(fields, 'from', f.value, path);
  const to = r.required(fields, 'to', f.value, path);
  const rps = r.required(fields, 'rps', f.value, path);
  const dur = r.required(fields, 'for', f.value, path);
  if (!from || !to || !rps || !dur) return undefined;
  const fromName = r.string(from, `${path}.from`);
  const toName = r.string(to, `${path}.to`);
  const rate = r.integer(rps, `${path}.rps`, 1, 1000);
  const v = isScalar(dur.value) ? dur.value.value : undefined;
  const ms = typeof v === 'string' ? parseDuration(v) : undefined;
  if (ms === undefined || ms <= 0 || ms > 600_000) r.error(dur.pos, `${path}.for`, 'expected a duration from 1ms to 10m, such as "30s"');
  if (fromName !== undefined && !/^(pod\/)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(fromName)) r.error(from.pos, `${path}.from`, 'expected a pod, such as pod/client');
  if (toName !== undefined && !/^(service\/|svc\/)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?(:\d{1,5})?$/.test(toName)) r.error(to.pos, `${path}.to`, 'expected a Service, such as service/web or service/web:8080');
  const nsField = fields.get('namespace');
  const ns = nsField ? r.string(nsField, `${path}.namespace`) : undefined;
  if (nsField && ns !== undefined && !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(ns)) r.error(nsField.pos, `${path}.namespace`, 'expected a namespace name, such as default');
  if (fromName === undefined || toName === undefined || rate === undefined || ms === undefined || ms <= 0 || ms > 600_000) return undefined;
  if (nsField && (ns === undefined || !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(ns))) return undefined;
  return { kind: 'traffic', from: fromName, to: toName, rps: rate, forMs: ms, ...(ns !== undefined && ns !== 'default' && { namespace: ns }) };
}

function readLink(r: FieldReader, f: Field, path: string): StepAction | undefined {
  const fields = r.mapping(f.value, path, ['between', 'and', 'latency', 'jitter', 'loss']);
  if (!fields) return undefined;
  const sides = readSides(r, f, fields, path);
  const a: StepAction = { kind: 'link', between: sides?.[0] ?? [], and: sides?.[1] ?? [] };
  let ok = sides !== undefined;
  for (const [name, key] of [['latency', 'latencyMs'], ['jitter', 'jitterMs']] as const) {
    const d = fields.get(name);
    if (!d) continue;
    const v = isScalar(d.value) ? d.value.value : undefined;
    const ms = typeof v === 'string' ? parseDuration(v) : v === 0 ? 0 : undefined;
    if (ms === undefined) {
      r.error(d.pos, `${path}.${name}`, `expected a duration such as "200ms"`);
      ok = false;
    } else a[key] = ms;
  }
  const loss = fields.get('loss');
  if (loss) {
    const v = r.number(loss, `${path}.loss`, 0);
    if (v === undefined || v > 1) {
      if (v !== undefined) r.error(loss.pos, `${path}.loss`, `a probability between 0 and 1, got ${v}`);
      ok = false;
    } else a.loss = v;
  }
  if (ok && a.latencyMs === undefined && a.jitterMs === undefined && a.loss === undefined) {
    r.error(f.value, path, 'a link step sets latency, jitter or loss');
    ok = false;
  }
  return ok ? a : undefined;
}

function readPartition(r: FieldReader, f: Field, path: string): StepAction | undefined {
  const fields = r.mapping(f.value, path, ['between', 'and']);
  if (!fields) return undefined;
  const sides: string[][] = [];
  for (const name of ['between', 'and']) {
    const side = r.required(fields, name, f.value, path);
    const list = side ? r.stringList(side, `${path}.${name}`) : undefined;
    if (side && list && list.length === 0) r.error(side.pos, `${path}.${name}`, 'must name at least one host or process');
    if (!list || list.length === 0) return undefined;
    sides.push(list);
  }
  return { kind: 'partition', between: sides[0]!, and: sides[1]! };
}

function nonEmpty(r: FieldReader, f: Field, path: string): string | undefined {
  const s = r.string(f, path);
  if (s !== undefined && s.trim() === '') return r.error(f.pos, path, 'must not be empty');
  return s;
}

/** undefined when absent, null when present but wrong (already reported). */
function optionalString(r: FieldReader, fields: Fields, name: string, path: string): string | undefined | null {
  const f = fields.get(name);
  if (!f) return undefined;
  return r.string(f, path) ?? null;
}
