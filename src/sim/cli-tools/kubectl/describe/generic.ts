// kubectl's generic describer (kubectl/pkg/describe/describe.go, v1.31: GenericDescriberFor,
// genericDescriber.Describe, printUnstructuredContent, smartLabelFor), used for every kind without
// its own describer (APIService, Lease, ControllerRevision, webhook configurations): Name,
// Namespace, Labels, Annotations, then every other field of the object as the server sent it,
// keys sorted, nested maps indented two spaces per level, list items printed one after another
// at the next level, field names turned into labels (`groupPriorityMinimum` -> `Group Priority
// Minimum`, `uid` -> `UID`), managedFields left out; then the Events.

import type { Event, KubeObject } from '../../../api/types';
import { KUBECTL_DESCRIBE, tabwrite } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

/** The kinds kubectl v1.31 describes with the generic describer (no entry in describerMap). */
export const GENERIC_DESCRIBED = ['apiservices', 'leases', 'controllerrevisions', 'mutatingwebhookconfigurations', 'validatingwebhookconfigurations'];

const ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];
const SKIP = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

type CharClass = 'lower' | 'upper' | 'digit' | 'other';
function classOf(ch: string): CharClass {
  if (/\p{Ll}/u.test(ch)) return 'lower';
  if (/\p{Lu}/u.test(ch)) return 'upper';
  if (/\p{Nd}/u.test(ch)) return 'digit';
  return 'other';
}

/** github.com/fatih/camelcase Split: runs of one character class; an upper run before a lower one gives its last letter to it. */
export function camelSplit(s: string): string[] {
  const runs: string[][] = [];
  let last: CharClass | undefined;
  for (const ch of s) {
    const c = classOf(ch);
    if (c === last) runs[runs.length - 1]!.push(ch);
    else runs.push([ch]);
    last = c;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (classOf(runs[i]![0]!) === 'upper' && classOf(runs[i + 1]![0]!) === 'lower') {
      runs[i + 1]!.unshift(runs[i]!.pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** smartLabelFor: a field name as a label, unless it holds characters other than letters and `-`. */
export function smartLabelFor(field: string): string {
  if ([...field].some((ch) => !/\p{L}/u.test(ch) && ch !== '-')) return field;
  const out: string[] = [];
  for (const part of camelSplit(field)) {
    if (part === '_') continue;
    out.push(ACRONYMS.includes(part.toUpperCase()) ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1));
  }
  return out.join(' ');
}

/** Go's %v of a JSON scalar as the unstructured object holds it. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  return String(v);
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function content(m: Record<string, unknown>, level: number, prefix: string): string {
  const pad = '  '.repeat(level);
  let s = '';
  for (const field of Object.keys(m).sort()) {
    const value = m[field];
    const path = `${prefix}.${field}`;
    if (SKIP.includes(path)) continue;
    if (isMap(value)) {
      s += `${pad}${smartLabelFor(field)}:\n` + content(value, level + 1, path);
    } else if (Array.isArray(value)) {
      s += `${pad}${smartLabelFor(field)}:\n`;
      for (const child of value) s += isMap(child) ? content(child, level + 1, path) : `${'  '.repeat(level + 1)}${goValue(child)}\n`;
    } else {
      s += `${pad}${smartLabelFor(field)}:\t${goValue(value)}\n`;
    }
  }
  return s;
}

export function describeGeneric(o: KubeObject, events: Event[], now: number): string {
  let s = `Name:\t${o.metadata.name ?? ''}\n`;
  s += `Namespace:\t${o.metadata.namespace ?? ''}\n`;
  s += multiline('Labels', o.metadata.labels, '=');
  // printAnnotationsMultiline leaves out kubectl's last-applied-configuration (skipAnnotations).
  s += multiline('Annotations', o.metadata.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  s += content(o as unknown as Record<string, unknown>, 0, '');
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
