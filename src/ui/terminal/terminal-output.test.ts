import { describe, expect, it } from 'vitest';
import { outputText, toTerminal } from './terminal-output';

const base = { time: 42_300, line: 'kubectl get pods', stdout: '', stderr: '', exitCode: 0 };

describe('outputText', () => {
  it('prints only the output for a line typed at the prompt', () => {
    expect(outputText({ ...base, requestId: 1, stdout: 'No resources found in default namespace.\n' }, true)).toBe(
      'No resources found in default namespace.\n',
    );
  });

  it('puts a timed header before a scenario step', () => {
    expect(outputText({ ...base, stdout: 'pod/web created\n' }, false)).toBe('[00:42.300] $ kubectl get pods\npod/web created\n');
  });

  it('prints stdout then stderr, and ends the last line', () => {
    expect(outputText({ ...base, stdout: 'a\n', stderr: 'Error from server (NotFound): pods "x" not found' }, true)).toBe(
      'a\nError from server (NotFound): pods "x" not found\n',
    );
  });

  it('prints nothing more when a followed command ends on Ctrl-C after its chunks showed everything', () => {
    expect(outputText({ ...base, requestId: 1, exitCode: 130 }, true)).toBe('');
  });

  it('says so when the command never answered', () => {
    expect(outputText({ ...base, exitCode: null }, true)).toBe('(no answer)\n');
  });
});

describe('toTerminal', () => {
  it('turns every line end into CR LF for xterm', () => {
    expect(toTerminal('a\nb\r\nc\n')).toBe('a\r\nb\r\nc\r\n');
  });
});
