// `spec.lesson`: a scenario that teaches. Its sections follow a chapter of the seed in the seed's own
// order; each step is narration (English and Russian) beside the graph, a highlight on what to watch
// (a component, a message kind, a lane of the sequence diagram), and optionally a "do this" prompt
// whose check is an expectation on the cluster's state (lesson-check.ts), never on keystrokes. A
// section ends with a question whose answer the simulation has just shown. The lesson is plain data:
// the worker sends it to the page with `loaded`, the headless tests read it the same way.

import type { Node } from 'yaml';
import type { Field, FieldReader } from './yaml-reader';

/** Text in both languages the app speaks. */
export interface Bilingual {
  en: string;
  ru: string;
}

/** What a step asks the learner to watch. */
export type LessonHighlight = { component: string } | { message: string } | { lane: string };

/** One condition on the cluster's state; a check passes when all of its conditions hold. */
export type LessonCondition =
  /**
   * Objects of a resource (`pods`, `nodes`, `deployments`), optionally filtered by namespace, name, labels,
   * a field's value, a field that must be present (`set: spec.nodeName`: scheduled) and one that must be
   * absent (`unset: metadata.deletionTimestamp`: not being deleted);
   * `count` exact, `min` at least (default min 1).
   * `printed: true` with `field` (instead of `equals`): the terminal printed that field's value of the
   * object (a `containerd://`-style scheme dropped), e.g. the learner's own container id: a check on
   * values the simulation chose, never on a value written into the lesson.
   */
  | { objects: string; namespace?: string; name?: string; labels?: Record<string, string>; field?: string; equals?: string; printed?: boolean; set?: string; unset?: string; count?: number; min?: number }
  /** A process (`kube-scheduler`, `kubelet/worker-2`) is running or not. */
  | { component: string; alive: boolean }
  /** A host (`worker-2`) is powered on or not. */
  | { host: string; up: boolean }
  /** Something the terminal printed (stdout or stderr) contains this text: what the cluster answered, not what was typed. */
  | { output: string };

export interface LessonDo {
  prompt: Bilingual;
  /** The command to type, when there is one (shown as code, copyable). */
  command?: string;
  check: LessonCondition[];
}

export interface LessonStep {
  id: string;
  text: Bilingual;
  highlight?: LessonHighlight;
  do?: LessonDo;
}

export interface LessonQuestion {
  text: Bilingual;
  choices: Bilingual[];
  /** Index of the right choice. */
  answer: number;
  /** Why, shown once answered. */
  explain: Bilingual;
}

export interface LessonSection {
  id: string;
  title: Bilingual;
  steps: LessonStep[];
  question?: LessonQuestion;
}

export interface Lesson {
  title: Bilingual;
  sections: LessonSection[];
}

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MAX_TEXT = 4000;
export const MAX_LESSON_STEPS = 200;

export function readLesson(r: FieldReader, f: Field): Lesson | undefined {
  const path = 'spec.lesson';
  const fields = r.mapping(f.value, path, ['title', 'sections']);
  if (!fields) return undefined;
  const titleF = r.required(fields, 'title', f.value, path);
  const title = titleF ? readBilingual(r, titleF, `${path}.title`) : undefined;
  const secF = r.required(fields, 'sections', f.value, path);
  const items = secF ? r.sequence(secF, `${path}.sections`) : undefined;
  const sections = items?.map((n, i) => readSection(r, n, `${path}.sections[${i}]`));
  if (!title || !sections || sections.some((s) => !s)) return undefined;
  const all = sections as LessonSection[];
  const ids = new Set<string>();
  let steps = 0;
  for (const s of all)
    for (const st of s.steps) {
      steps++;
      if (ids.has(st.id)) return r.error(secF!.pos, `${path}.sections`, `duplicate step id "${st.id}"`);
      ids.add(st.id);
    }
  if (steps > MAX_LESSON_STEPS) return r.error(secF!.pos, `${path}.sections`, `too many steps (${steps}, limit ${MAX_LESSON_STEPS})`);
  return { title, sections: all };
}

function readId(r: FieldReader, fields: Map<string, Field>, parent: Node, path: string): string | undefined {
  const f = r.required(fields, 'id', parent, path);
  const id = f ? r.string(f, `${path}.id`) : undefined;
  if (f && id !== undefined && !ID.test(id)) return r.error(f.pos, `${path}.id`, `invalid id "${id.slice(0, 64)}": lowercase letters, digits and dashes`);
  return id;
}

function readSection(r: FieldReader, node: Node, path: string): LessonSection | undefined {
  const fields = r.mapping(node, path, ['id', 'title', 'steps', 'question']);
  if (!fields) return undefined;
  const id = readId(r, fields, node, path);
  const titleF = r.required(fields, 'title', node, path);
  const title = titleF ? readBilingual(r, titleF, `${path}.title`) : undefined;
  const stepsF = r.required(fields, 'steps', node, path);
  const items = stepsF ? r.sequence(stepsF, `${path}.steps`) : undefined;
  const steps = items?.map((n, i) => readStep(r, n, `${path}.steps[${i}]`));
  const qF = fields.get('question');
  const question = qF ? readQuestion(r, qF, `${path}.question`) : undefined;
  if (id === undefined || !title || !steps || steps.some((s) => !s) || (qF && !question)) return undefined;
  const out: LessonSection = { id, title, steps: steps as LessonStep[] };
  if (question) out.question = question;
  return out;
}

function readStep(r: FieldReader, node: Node, path: string): LessonStep | undefined {
  const fields = r.mapping(node, path, ['id', 'text', 'highlight', 'do']);
  if (!fields) return undefined;
  const id = readId(r, fields, node, path);
  const textF = r.required(fields, 'text', node, path);
  const text = textF ? readBilingual(r, textF, `${path}.text`) : undefined;
  const hF = fields.get('highlight');
  const highlight = hF ? readHighlight(r, hF, `${path}.highlight`) : undefined;
  const doF = fields.get('do');
  const act = doF ? readDo(r, doF, `${path}.do`) : undefined;
  if (id === undefined || !text || (hF && !highlight) || (doF && !act)) return undefined;
  const out: LessonStep = { id, text };
  if (highlight) out.highlight = highlight;
  if (act) out.do = act;
  return out;
}

function readHighlight(r: FieldReader, f: Field, path: string): LessonHighlight | undefined {
  const fields = r.mapping(f.value, path, ['component', 'message', 'lane']);
  if (!fields) return undefined;
  if (fields.size !== 1) return r.error(f.pos, path, 'expected exactly one of "component", "message", "lane"');
  const [key, v] = [...fields][0]!;
  const s = r.string(v, `${path}.${key}`);
  if (s === undefined) return undefined;
  return key === 'component' ? { component: s } : key === 'message' ? { message: s } : { lane: s };
}

function readDo(r: FieldReader, f: Field, path: string): LessonDo | undefined {
  const fields = r.mapping(f.value, path, ['prompt', 'command', 'check']);
  if (!fields) return undefined;
  const pF = r.required(fields, 'prompt', f.value, path);
  const prompt = pF ? readBilingual(r, pF, `${path}.prompt`) : undefined;
  const cF = fields.get('command');
  const command = cF ? r.string(cF, `${path}.command`) : undefined;
  const chF = r.required(fields, 'check', f.value, path);
  const items = chF ? r.sequence(chF, `${path}.check`) : undefined;
  if (chF && items && items.length === 0) r.error(chF.pos, `${path}.check`, 'expected at least one condition');
  const check = items?.map((n, i) => readCondition(r, n, `${path}.check[${i}]`));
  if (!prompt || (cF && command === undefined) || !check || check.length === 0 || check.some((c) => !c)) return undefined;
  const out: LessonDo = { prompt, check: check as LessonCondition[] };
  if (command !== undefined) out.command = command;
  return out;
}

function readCondition(r: FieldReader, node: Node, path: string): LessonCondition | undefined {
  const before = r.errors.length;
  const fields = r.mapping(node, path, ['objects', 'namespace', 'name', 'labels', 'field', 'equals', 'printed', 'set', 'unset', 'count', 'min', 'component', 'alive', 'host', 'up', 'output']);
  if (!fields) return undefined;
  const str = (k: string) => (fields.get(k) ? r.string(fields.get(k)!, `${path}.${k}`) : undefined);
  const bool = (k: string): boolean | undefined => {
    const v = fields.get(k)?.value;
    const b = v && 'value' in v ? (v as { value: unknown }).value : undefined;
    if (typeof b !== 'boolean') return r.error(fields.get(k)?.pos ?? node, `${path}.${k}`, 'expected true or false');
    return b;
  };
  const only = (allowed: string[]) => {
    for (const k of fields.keys()) if (!allowed.includes(k)) return r.error(fields.get(k)!.pos, `${path}.${k}`, `not allowed with "${allowed[0]}"`);
    return true;
  };
  if (fields.has('component')) {
    const id = str('component');
    const alive = only(['component', 'alive']) && bool('alive');
    return id !== undefined && alive !== undefined ? { component: id, alive } : undefined;
  }
  if (fields.has('host')) {
    const id = str('host');
    const up = only(['host', 'up']) && bool('up');
    return id !== undefined && up !== undefined ? { host: id, up } : undefined;
  }
  if (fields.has('output')) {
    const out = only(['output']) && str('output');
    return out ? { output: out } : undefined;
  }
  // An unknown key was reported at itself already; say what is expected only when nothing was.
  if (!fields.has('objects')) return r.errors.length > before ? undefined : r.error(node, path, 'expected one of "objects", "component", "host", "output"');
  const resource = str('objects');
  if (resource === undefined) return undefined;
  const c: LessonCondition = { objects: resource };
  for (const k of ['namespace', 'name', 'field', 'set', 'unset'] as const) {
    if (!fields.has(k)) continue;
    const v = str(k);
    if (v === undefined) return undefined;
    c[k] = v;
  }
  if (fields.has('equals')) {
    const v = r.text(fields.get('equals')!, `${path}.equals`);
    if (v === undefined) return undefined;
    c.equals = v;
  }
  if (fields.has('labels')) {
    const v = r.stringMap(fields.get('labels')!, `${path}.labels`);
    if (!v) return undefined;
    c.labels = v;
  }
  for (const k of ['count', 'min'] as const) {
    if (!fields.has(k)) continue;
    const v = r.integer(fields.get(k)!, `${path}.${k}`, 0, 100_000);
    if (v === undefined) return undefined;
    c[k] = v;
  }
  if (fields.has('printed')) {
    const v = bool('printed');
    if (v === undefined) return undefined;
    if (v) c.printed = true;
  }
  if (c.printed && c.equals !== undefined) return r.error(node, path, '"printed" and "equals" do not go together');
  if (c.field !== undefined && c.equals === undefined && !c.printed) return r.error(node, path, '"field" goes with "equals" or "printed: true"');
  if (c.field === undefined && (c.equals !== undefined || c.printed)) return r.error(node, path, '"equals" and "printed" need a "field"');
  return c;
}

function readQuestion(r: FieldReader, f: Field, path: string): LessonQuestion | undefined {
  const fields = r.mapping(f.value, path, ['text', 'choices', 'answer', 'explain']);
  if (!fields) return undefined;
  const tF = r.required(fields, 'text', f.value, path);
  const text = tF ? readBilingual(r, tF, `${path}.text`) : undefined;
  const cF = r.required(fields, 'choices', f.value, path);
  const items = cF ? r.sequence(cF, `${path}.choices`) : undefined;
  const choices = items?.map((n, i) => readBilingual(r, { key: n, value: n, pos: r.posOf(n) }, `${path}.choices[${i}]`));
  const aF = r.required(fields, 'answer', f.value, path);
  const answer = aF && choices ? r.integer(aF, `${path}.answer`, 0, Math.max(0, choices.length - 1)) : undefined;
  const eF = r.required(fields, 'explain', f.value, path);
  const explain = eF ? readBilingual(r, eF, `${path}.explain`) : undefined;
  if (cF && items && items.length < 2) return r.error(cF.pos, `${path}.choices`, 'expected at least two choices');
  if (!text || !choices || choices.some((c) => !c) || answer === undefined || !explain) return undefined;
  return { text, choices: choices as Bilingual[], answer, explain };
}

function readBilingual(r: FieldReader, f: Field, path: string): Bilingual | undefined {
  const fields = r.mapping(f.value, path, ['en', 'ru']);
  if (!fields) return undefined;
  const en = r.required(fields, 'en', f.value, path);
  const ru = r.required(fields, 'ru', f.value, path);
  const a = en ? r.string(en, `${path}.en`) : undefined;
  const b = ru ? r.string(ru, `${path}.ru`) : undefined;
  if (a === undefined || b === undefined) return undefined;
  if (a.length > MAX_TEXT || b.length > MAX_TEXT) return r.error(f.pos, path, `text longer than ${MAX_TEXT} characters`);
  return { en: a.trim(), ru: b.trim() };
}

/** Every step in order, with its section. */
export function lessonSteps(lesson: Lesson): { section: LessonSection; step: LessonStep }[] {
  return lesson.sections.flatMap((section) => section.steps.map((step) => ({ section, step })));
}
