// Whether a lesson's "do this" happened: its conditions (lesson.ts) over the cluster as the page
// sees it - the stored objects, the processes, the hosts and what the terminal printed. Pure: the
// page evaluates it over what the worker sent, the headless tests over the same frames, so a check
// passes because the cluster changed, never because a key was pressed.

import type { LessonCondition } from './lesson';

export interface LessonWorld {
  /** Stored objects: `id` is `pods/default/web` (resource/namespace/name), `object` the JSON kubectl would print. */
  objects: readonly { id: string; object: Record<string, unknown> }[];
  components: readonly { id: string; alive: boolean }[];
  hosts: readonly { id: string; up: boolean }[];
  /** The terminal's outputs, stdout and stderr. */
  outputs: readonly { stdout: string; stderr: string }[];
}

/** A dotted path with list indexes (`status.containerStatuses[0].restartCount`), as text; undefined when absent. */
export function fieldText(obj: unknown, path: string): string | undefined {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1]) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[m[1]] : undefined;
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) cur = Array.isArray(cur) ? cur[Number(idx[1])] : undefined;
    if (cur === undefined || cur === null) return undefined;
  }
  return typeof cur === 'object' ? JSON.stringify(cur) : String(cur);
}

function labelsMatch(obj: Record<string, unknown>, want: Record<string, string>): boolean {
  const meta = obj.metadata as { labels?: Record<string, string> } | undefined;
  const have = meta?.labels ?? {};
  return Object.entries(want).every(([k, v]) => have[k] === v);
}

/** Whether the terminal printed a field's value (`containerd://<id>` is printed by crictl as `<id>`). */
function printed(value: string | undefined, world: LessonWorld): boolean {
  const v = value?.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  return !!v && world.outputs.some((o) => o.stdout.includes(v) || o.stderr.includes(v));
}

/** How many objects a condition selects (before `count`/`min`). */
export function matchingObjects(c: Extract<LessonCondition, { objects: string }>, world: LessonWorld): number {
  let n = 0;
  for (const o of world.objects) {
    const [resource, namespace, name] = o.id.split('/');
    if (resource !== c.objects) continue;
    if (c.namespace !== undefined && namespace !== c.namespace) continue;
    if (c.name !== undefined && name !== c.name) continue;
    if (c.labels && !labelsMatch(o.object, c.labels)) continue;
    if (c.field !== undefined && !(c.printed ? printed(fieldText(o.object, c.field), world) : fieldText(o.object, c.field) === c.equals)) continue;
    if (c.set !== undefined && fieldText(o.object, c.set) === undefined) continue;
    if (c.unset !== undefined && fieldText(o.object, c.unset) !== undefined) continue;
    n++;
  }
  return n;
}

export function conditionHolds(c: LessonCondition, world: LessonWorld): boolean {
  if ('component' in c) return world.components.some((x) => x.id === c.component && x.alive === c.alive);
  if ('host' in c) return world.hosts.some((x) => x.id === c.host && x.up === c.up);
  if ('output' in c) return world.outputs.some((o) => o.stdout.includes(c.output) || o.stderr.includes(c.output));
  const n = matchingObjects(c, world);
  if (c.count !== undefined) return n === c.count;
  return n >= (c.min ?? 1);
}

/** A check passes when every one of its conditions holds. */
export function checkPasses(check: readonly LessonCondition[], world: LessonWorld): boolean {
  return check.every((c) => conditionHolds(c, world));
}
