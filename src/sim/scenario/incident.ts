// `spec.incident`: a scenario that is an incident drill ("What's broken?", issue 15). Its steps are the
// hidden break: they run before the learner looks, and the app does not list them. The learner reads
// the symptom, may open three hints one by one (the last names the command to run), then names the
// cause among `choices` and/or repairs the cluster; `fixed` holds the expectations that pass once the
// symptom is gone, and the incident closes then. The app opens an incident at `spec.pauseAt`, after the
// break, paused. `solution` is the intended repair as steps (their
// `at` counts from the moment the repair starts): the tests run it, the app never shows it.

import type { Node } from 'yaml';
import { readExpect, readSteps } from './parse-steps';
import type { ExpectSpec, Step } from './schema';
import type { Field, FieldReader, Fields } from './yaml-reader';

/** A text in both of the app's languages. */
export interface LocalText {
  en: string;
  ru: string;
}

export interface IncidentChoice {
  id: string;
  text: LocalText;
}

export interface Incident {
  title: LocalText;
  symptom: LocalText;
  /** Exactly three, from a nudge to the command that shows the cause. */
  hints: LocalText[];
  /** The diagnosis as multiple choice, with the id of the right one. */
  choices?: IncidentChoice[];
  answer?: string;
  /** Expectations that all pass once the symptom is gone. */
  fixed?: ExpectSpec[];
  /** What fixes it, as steps whose `at` counts from the start of the repair. */
  solution?: Step[];
}

export const INCIDENT_HINTS = 3;
const MAX_CHOICES = 8;
const CHOICE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;
const FIELDS = ['title', 'symptom', 'hints', 'choices', 'answer', 'fixed', 'solution'];

export function readIncident(r: FieldReader, f: Field, path: string): Incident | undefined {
  const fields = r.mapping(f.value, path, FIELDS);
  if (!fields) return undefined;
  const before = r.errors.length;
  const text = (name: string): LocalText | undefined => {
    const x = r.required(fields, name, f.value, path);
    return x ? readLocal(r, x.value, `${path}.${name}`) : undefined;
  };
  const title = text('title');
  const symptom = text('symptom');
  const hints = readHints(r, r.required(fields, 'hints', f.value, path), `${path}.hints`);
  const out: Incident = { title: title!, symptom: symptom!, hints: hints! };
  const choicesField = fields.get('choices');
  const answerField = fields.get('answer');
  if (choicesField) {
    const choices = readChoices(r, choicesField, `${path}.choices`);
    if (choices) out.choices = choices;
    const answer = answerField ? r.string(answerField, `${path}.answer`) : undefined;
    if (!answerField) r.error(choicesField.key, path, 'choices need an "answer": the id of the right choice');
    else if (answer !== undefined && choices && !choices.some((c) => c.id === answer)) {
      r.error(answerField.pos, `${path}.answer`, `"${answer}" is not the id of one of the choices (${choices.map((c) => c.id).join(', ')})`);
    } else if (answer !== undefined) out.answer = answer;
  } else if (answerField) r.error(answerField.key, path, 'an "answer" needs "choices"');
  const fixedField = fields.get('fixed');
  if (fixedField) {
    const items = r.sequence(fixedField, `${path}.fixed`);
    const fixed = items?.map((item, i) => readExpect(r, { key: item, value: item, pos: r.posOf(item) } as Field, `${path}.fixed[${i}]`));
    if (fixed && fixed.length > 0 && fixed.every((x) => x)) out.fixed = fixed as ExpectSpec[];
    else if (items && items.length === 0) r.error(fixedField.pos, `${path}.fixed`, 'expected at least one expectation');
  }
  const solutionField = fields.get('solution');
  if (solutionField) {
    const solution = readSteps(r, solutionField, `${path}.solution`);
    if (solution) out.solution = solution;
  }
  if (!choicesField && !fixedField) r.error(f.value, path, 'an incident needs "choices" (with "answer"), "fixed", or both');
  return r.errors.length === before ? out : undefined;
}

function readLocal(r: FieldReader, node: Node | null, path: string): LocalText | undefined {
  const fields = r.mapping(node, path, ['en', 'ru']);
  return fields ? readLocalFields(r, fields, node, path) : undefined;
}

/** `en` and `ru` among `fields` (a choice also has its `id` beside them). */
function readLocalFields(r: FieldReader, fields: Fields, node: Node | null, path: string): LocalText | undefined {
  const en = r.required(fields, 'en', node, path);
  const ru = r.required(fields, 'ru', node, path);
  const enText = en ? r.text(en, `${path}.en`) : undefined;
  const ruText = ru ? r.text(ru, `${path}.ru`) : undefined;
  if (enText === undefined || ruText === undefined) return undefined;
  if (!enText.trim() || !ruText.trim()) return r.error(node, path, 'en and ru must not be empty');
  return { en: enText.trim(), ru: ruText.trim() };
}

function readHints(r: FieldReader, f: Field | undefined, path: string): LocalText[] | undefined {
  if (!f) return undefined;
  const items = r.sequence(f, path);
  if (!items) return undefined;
  if (items.length !== INCIDENT_HINTS) return r.error(f.pos, path, `expected exactly ${INCIDENT_HINTS} hints (the last names the command to run), got ${items.length}`);
  const hints = items.map((item, i) => readLocal(r, item, `${path}[${i}]`));
  return hints.every((h) => h) ? (hints as LocalText[]) : undefined;
}

function readChoices(r: FieldReader, f: Field, path: string): IncidentChoice[] | undefined {
  const items = r.sequence(f, path);
  if (!items) return undefined;
  if (items.length < 2 || items.length > MAX_CHOICES) return r.error(f.pos, path, `expected 2 to ${MAX_CHOICES} choices, got ${items.length}`);
  const out: IncidentChoice[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const p = `${path}[${i}]`;
    const fields = r.mapping(item, p, ['id', 'en', 'ru']);
    const idField = fields && r.required(fields, 'id', item, p);
    const id = idField ? r.string(idField, `${p}.id`) : undefined;
    if (idField && id !== undefined && (!CHOICE_ID.test(id) || seen.has(id))) {
      r.error(idField.pos, `${p}.id`, seen.has(id) ? `duplicate choice id "${id}"` : `invalid choice id "${id}": lowercase letters, digits and dashes`);
      return;
    }
    const text = fields ? readLocalFields(r, fields, item, p) : undefined;
    if (id === undefined || !text) return;
    seen.add(id);
    out.push({ id, text });
  });
  return out.length === items.length ? out : undefined;
}
