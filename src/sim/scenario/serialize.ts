// A Scenario back to the YAML it could have been written as: what the chaos runner writes for a
// failing seed, and what the app exports and shares (a recorded run). parseScenario(serialize(s))
// gives the same scenario back (positions aside); serialize.test.ts checks the round trip. A lesson's
// narration (`spec.lesson`) and a drill's panel (`spec.incident`) go along, so a shared run of a lesson
// or a drill opens with them; `withoutSolution` leaves a drill's intended repair out of what the page
// is handed (Share, Export), as the worker's progress does (run.ts).

import { stringify } from 'yaml';
import { formatDuration } from './duration';
import { requestToYamlObject } from './parse-request';
import type { Incident } from './incident';
import { SCENARIO_API_VERSION, SCENARIO_KIND, type Scenario, type Step, type StepAction } from './schema';

function duration(ms: number): string {
  return ms === 0 ? '0s' : formatDuration(ms);
}

function action(a: StepAction): Record<string, unknown> {
  switch (a.kind) {
    case 'apply':
      return { apply: a.manifest };
    case 'applyFile':
      return { applyFile: a.path };
    case 'run':
      return { run: a.line, ...(a.stdin !== undefined && { stdin: a.stdin }), ...(a.on !== undefined && { on: a.on }) };
    case 'expect':
      return { expect: { ...a.expect } };
    case 'kill':
    case 'restart':
    case 'start':
    case 'crash':
      return { [a.kind]: a.target };
    case 'partition':
      return { partition: { between: a.between, and: a.and } };
    case 'link': {
      const l: Record<string, unknown> = { between: a.between, and: a.and };
      if (a.latencyMs !== undefined) l.latency = duration(a.latencyMs);
      if (a.jitterMs !== undefined) l.jitter = duration(a.jitterMs);
      if (a.loss !== undefined) l.loss = a.loss;
      return { link: l };
    }
    case 'heal':
      return { heal: true };
    case 'interrupt':
      return { interrupt: a.line };
    case 'request':
      return { request: requestToYamlObject(a.request) };
    case 'hangup':
      return { hangup: a.id };
    case 'traffic':
      return { traffic: { from: a.from, to: a.to, ...(a.namespace && { namespace: a.namespace }), rps: a.rps, for: duration(a.forMs) } };
  }
}

export function stepToYamlObject(s: Pick<Step, 'at' | 'recorded' | 'echo'> & StepAction): Record<string, unknown> {
  const { at, recorded, echo, ...rest } = s as Step;
  return { at: duration(at), ...action(rest as StepAction), ...(recorded && { recorded: true }), ...(echo !== undefined && { echo }) };
}

/** `spec.incident` as incident.ts reads it: a choice is written flat (`{id, en, ru}`). */
function incidentToYamlObject(i: Incident, withSolution: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { title: i.title, symptom: i.symptom, hints: i.hints };
  if (i.choices) out.choices = i.choices.map((c) => ({ id: c.id, ...c.text }));
  if (i.answer !== undefined) out.answer = i.answer;
  if (i.fixed) out.fixed = i.fixed.map((e) => ({ ...e }));
  if (withSolution && i.solution) out.solution = i.solution.map((st) => stepToYamlObject(st));
  return out;
}

export interface SerializeOptions {
  /** Leave `spec.incident.solution` out (what the page gets must not hold the answer). */
  withoutSolution?: boolean;
}

export function serializeScenario(s: Scenario, header?: string, opts: SerializeOptions = {}): string {
  const spec: Record<string, unknown> = { seed: s.seed };
  const { users, ...cluster } = s.cluster;
  if (Object.keys(cluster).length) spec.cluster = cluster;
  if (users?.length) spec.users = users;
  if (Object.keys(s.timings).length) spec.timings = s.timings;
  spec.steps = s.steps.map((st) => stepToYamlObject(st));
  if (s.pauseAt !== undefined) spec.pauseAt = duration(s.pauseAt);
  // The lesson's parsed form is the shape it is written in (lesson.ts).
  if (s.lesson) spec.lesson = s.lesson;
  if (s.incident) spec.incident = incidentToYamlObject(s.incident, !opts.withoutSolution);
  const metadata: Record<string, unknown> = { name: s.name };
  if (s.description) metadata.description = s.description;
  const doc = { apiVersion: SCENARIO_API_VERSION, kind: SCENARIO_KIND, metadata, spec };
  const text = stringify(doc, { lineWidth: 0, blockQuote: 'literal' });
  const comment = header ? header.split('\n').map((l) => `# ${l}`.trimEnd()).join('\n') + '\n' : '';
  return comment + text;
}
