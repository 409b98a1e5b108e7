import { describe, expect, it } from 'vitest';
import { formatProblem, summarizeMarkers } from './markers';

describe('summarizeMarkers', () => {
  it('puts errors before warnings, orders by position and drops hints', () => {
    const out = summarizeMarkers([
      { severity: 4, message: 'Incorrect type. Expected "integer".', startLineNumber: 9, startColumn: 13 },
      { severity: 1, message: 'a hint', startLineNumber: 1, startColumn: 1 },
      { severity: 8, message: 'Nested mappings are not allowed in compact mappings', startLineNumber: 12, startColumn: 3 },
      { severity: 4, message: 'Property replicass is not allowed.', startLineNumber: 6, startColumn: 3 },
    ]);
    expect(out.map((p) => [p.severity, p.line])).toEqual([
      ['error', 12],
      ['warning', 6],
      ['warning', 9],
    ]);
  });

  it('keeps only the first line of a multi-line message', () => {
    const [p] = summarizeMarkers([{ severity: 4, message: 'Value is not accepted.\nValid values: "Always"', startLineNumber: 3, startColumn: 5 }]);
    expect(p?.message).toBe('Value is not accepted.');
  });

  it('formats a problem with its line number, in the given language', () => {
    expect(formatProblem({ severity: 'error', line: 7, column: 7, message: 'x' }, 'Строка')).toBe('Строка 7: x');
    expect(formatProblem({ severity: 'warning', line: 9, column: 13, message: 'Incorrect type. Expected "integer".' })).toBe(
      'Line 9: Incorrect type. Expected "integer".',
    );
  });
});
