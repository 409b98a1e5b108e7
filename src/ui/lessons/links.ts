// Share links for lessons: `#scenario=lessons/<name>` opens a lesson (the app's built-in scenario
// link, src/sim/scenario/link.ts), `&step=<id>` opens it at a step. The step is read by the page
// only; the worker ignores fields it does not know.

const STEP = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function lessonFragment(name: string, step?: string): string {
  return `scenario=lessons/${name}${step ? `&step=${step}` : ''}`;
}

/**
 * The step a fragment names (`#scenario=lessons/x&step=y` -> `y`), when it names a well-formed one:
 * in a lesson's link, or in a run link (`#run=...&step=y`, the toolbar's Share of a lesson being played).
 */
export function stepOfFragment(hash: string): string | null {
  const f = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!/(^|&)(scenario=lessons\/|run=)/.test(f)) return null;
  for (const part of f.split('&')) {
    if (!part.startsWith('step=')) continue;
    const id = part.slice(5);
    return STEP.test(id) ? id : null;
  }
  return null;
}

/** The page's address with a lesson fragment instead of whatever fragment it had. */
export function lessonUrl(base: string, name: string, step?: string): string {
  const hashAt = base.indexOf('#');
  return `${hashAt >= 0 ? base.slice(0, hashAt) : base}#${lessonFragment(name, step)}`;
}

/** A fragment the worker made for the toolbar's Share (`run=...` or `scenario=...&at=...`), with the lesson's step added. */
export function withStep(fragment: string, step: string): string {
  return `${fragment.split('&').filter((p) => !p.startsWith('step=')).join('&')}&step=${step}`;
}

/** Whether the fragment is just a link to this lesson (maybe with a step): the one the address bar keeps at the step shown. */
export function isLessonFragment(hash: string, name: string): boolean {
  const f = hash.startsWith('#') ? hash.slice(1) : hash;
  const [first, ...rest] = f.split('&');
  return first === `scenario=lessons/${name}` && rest.every((p) => p.startsWith('step='));
}
