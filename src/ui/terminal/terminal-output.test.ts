import { describe, expect, it } from 'vitest';
import { outputText, plainText, terminalSafe, toTerminal } from './terminal-output';

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

  it('prints an action (kill, restart, heal) as a comment line, as kubeplay run does, expecting no answer', () => {
    expect(outputText({ ...base, line: 'kill node/worker-3', exitCode: null, action: true }, false)).toBe('[00:42.300] # kill node/worker-3\n');
  });
});

describe('toTerminal', () => {
  it('turns every line end into CR LF for xterm', () => {
    expect(toTerminal('a\nb\r\nc\n')).toBe('a\r\nb\r\nc\r\n');
  });
});

describe('terminalSafe: program output is shown, never obeyed', () => {
  const cases: [string, string, string][] = [
    ['plain text passes with CR LF line ends', 'pod/web created\n', 'pod/web created\r\n'],
    ['a tab stays a tab', 'a\tb', 'a\tb'],
    ['colours stay (as in a real terminal) and are reset after the output', '\x1b[31mred\x1b[0m', '\x1b[31mred\x1b[0m\x1b[0m'],
    ['clear screen is shown as text', '\x1b[2J', '^[[2J'],
    ['a cursor move over the prompt is shown as text', 'x\x1b[1A\x1b[2K$ ', 'x^[[1A^[[2K$ '],
    ['an OSC title change with BEL is shown as text', '\x1b]0;pwned\x07', '^[]0;pwned^G'],
    ['a device status query, whose answer xterm would type at the prompt, is shown as text', '\x1b[6n', '^[[6n'],
    ['a bare CR cannot overwrite the line', 'ok\rno', 'ok^Mno'],
    ['an 8-bit CSI (C1) is shown as its code', '\x9b2J', '<9b>2J'],
    ['DEL and backspace are shown', 'a\x7f\bb', 'a^?^Hb'],
    ['HTML is only text to a terminal', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ];
  it.each(cases)('%s', (_name, input, want) => {
    expect(terminalSafe(input)).toBe(want);
  });

  it('plainText shows the same controls and drops the colours', () => {
    expect(plainText('\x1b[1mbold\x1b[0m \x1b]0;t\x07 a\r\nb')).toBe('bold ^[]0;t^G a\nb');
  });
});
