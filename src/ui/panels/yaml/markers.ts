// What the YAML tab's bar says about the editor's problems: monaco-yaml's markers (schema warnings,
// YAML syntax errors) as short lines a newcomer can read.

/** The fields of a Monaco marker this module reads (monaco.editor.IMarker). */
export interface MarkerLike {
  severity: number;
  message: string;
  startLineNumber: number;
  startColumn: number;
}

export interface MarkerSummary {
  severity: 'error' | 'warning' | 'info';
  line: number;
  column: number;
  message: string;
}

/** monaco.MarkerSeverity: Hint 1, Info 2, Warning 4, Error 8. */
function severityName(n: number): MarkerSummary['severity'] {
  if (n >= 8) return 'error';
  if (n >= 4) return 'warning';
  return 'info';
}

/** Errors first, then by position; hints (severity 1) are left out. */
export function summarizeMarkers(markers: readonly MarkerLike[]): MarkerSummary[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return markers
    .filter((m) => m.severity > 1)
    .map((m) => ({ severity: severityName(m.severity), line: m.startLineNumber, column: m.startColumn, message: m.message.split('\n')[0] ?? '' }))
    .sort((a, b) => rank[a.severity] - rank[b.severity] || a.line - b.line || a.column - b.column);
}

/** `Line 9: Wrong type: expected a whole number.` (`lineWord` in the app's language). */
export function formatProblem(p: MarkerSummary, lineWord = 'Line'): string {
  return `${lineWord} ${p.line}: ${p.message}`;
}
