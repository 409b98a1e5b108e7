// An incident drill as the worker sends it to the incident panel (src/sim/scenario/incident.ts without
// its `solution`), and the two judgements the panel makes: is a chosen cause the right one, and does
// a check command's output meet its expectation (the comparison src/sim/scenario/transcript.ts's
// checkExpectation makes: trimmed stdout equals or contains, trimmed stderr equals, exit code).
// Imports nothing.

export interface IncidentText {
  en: string;
  ru: string;
}

export interface IncidentCheckSpec {
  run: string;
  stdin?: string;
  on?: string;
  equals?: string;
  contains?: string;
  stderr?: string;
  exitCode?: number;
}

export interface IncidentView {
  title: IncidentText;
  symptom: IncidentText;
  hints: IncidentText[];
  choices?: { id: string; text: IncidentText }[];
  answer?: string;
  fixed?: IncidentCheckSpec[];
}

/** The chosen cause is the incident's answer. */
export function isRightChoice(incident: IncidentView, id: string): boolean {
  return incident.answer !== undefined && incident.answer === id;
}

/** One check command's output against its expectation. */
export function meetsCheck(spec: IncidentCheckSpec, out: { stdout: string; stderr: string; exitCode: number | null }): boolean {
  const stdout = out.stdout.trim();
  if (spec.equals !== undefined && stdout !== spec.equals.trim()) return false;
  if (spec.contains !== undefined && !stdout.includes(spec.contains.trim())) return false;
  if (spec.stderr !== undefined && out.stderr.trim() !== spec.stderr.trim()) return false;
  if (spec.exitCode !== undefined && out.exitCode !== spec.exitCode) return false;
  return true;
}

/** Closed: the right cause was named (when there are choices) and the fix passed (when there is a check). */
export function incidentClosed(incident: IncidentView, state: { choseRight: boolean; fixPassed: boolean }): boolean {
  return (!incident.choices || state.choseRight) && (!incident.fixed || state.fixPassed);
}
