// "Check my fix" judges the check commands' outputs as the scenario runner judges an expect step
// (src/sim/scenario/transcript.ts checkExpectation: trimmed stdout equals or contains, trimmed
// stderr equals, exit code), and closes an incident only when everything it asks for is done.

import { describe, expect, it } from 'vitest';
import { incidentClosed, type IncidentView } from '../../protocol/incident';
import { checkLine, judgeFix } from './fix-check';

const out = (stdout: string, stderr = '', exitCode: number | null = 0) => ({ stdout, stderr, exitCode });

describe('judgeFix', () => {
  const fixed = [
    { run: 'kubectl get pod web -o jsonpath={.status.phase}', equals: 'Running' },
    { run: 'crictl ps', on: 'worker-1', contains: 'nginx' },
  ];
  it('waits while a command has not answered', () => {
    expect(judgeFix(fixed, [out('Running'), undefined])).toBeUndefined();
  });
  it('passes when every output meets its check (stdout trimmed)', () => {
    expect(judgeFix(fixed, [out('Running\n'), out('abc nginx Running')])).toEqual({ kind: 'passed' });
  });
  it('names the checks that still fail, node tools through ssh', () => {
    expect(judgeFix(fixed, [out('Pending'), out('')])).toEqual({ kind: 'failed', failing: ['kubectl get pod web -o jsonpath={.status.phase}', 'ssh worker-1 -- crictl ps'] });
  });
  it('compares stderr and the exit code too', () => {
    const spec = [{ run: 'kubectl get ns dev', stderr: 'Error from server (NotFound): namespaces "dev" not found', exitCode: 1 }];
    expect(judgeFix(spec, [out('', 'Error from server (NotFound): namespaces "dev" not found\n', 1)])).toEqual({ kind: 'passed' });
    expect(judgeFix(spec, [out('NAME STATUS\ndev Terminating', '', 0)])?.kind).toBe('failed');
  });
  it('runs node tools through ssh as the terminal types them', () => {
    expect(checkLine({ run: 'systemctl is-active kubelet', on: 'worker-2' })).toBe('ssh worker-2 -- systemctl is-active kubelet');
  });
});

describe('incidentClosed', () => {
  const base: IncidentView = { title: { en: 't', ru: 'т' }, symptom: { en: 's', ru: 'с' }, hints: [] };
  const both: IncidentView = { ...base, choices: [{ id: 'a', text: { en: 'a', ru: 'а' } }, { id: 'b', text: { en: 'b', ru: 'б' } }], answer: 'a', fixed: [{ run: 'x', equals: 'y' }] };
  it.each([
    ['choices and a fix: the right cause alone does not close it', both, true, false, false],
    ['choices and a fix: a fix alone does not close it', both, false, true, false],
    ['choices and a fix: both close it', both, true, true, true],
    ['choices only: the right cause closes it', { ...both, fixed: undefined }, true, false, true],
    ['a fix only: the passed check closes it', { ...base, fixed: both.fixed }, false, true, true],
  ] as const)('%s', (_name, incident, choseRight, fixPassed, closed) => {
    expect(incidentClosed(incident as IncidentView, { choseRight, fixPassed })).toBe(closed);
  });
});
