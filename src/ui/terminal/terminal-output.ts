// How a command's result is printed: exactly the CLI's stdout and stderr. A command the person did
// not type at this prompt (a scenario step, the YAML tab's Apply) gets a `[00:42.300] $ line` header
// first, so the terminal reads like a transcript.

import type { TerminalOutput } from '../../protocol/view';
import { formatClock } from '../app/format';

let lastRequestId = 0;

/** Request ids for `exec` commands, unique in this page (the terminal and the YAML tab share them). */
export function nextRequestId(): number {
  return ++lastRequestId;
}

/** Plain text (`\n` line ends) of one result. */
export function outputText(o: TerminalOutput, echoed: boolean): string {
  const header = echoed ? '' : `[${formatClock(o.time)}] $ ${o.line}\n`;
  const body = o.stdout + o.stderr;
  const end = body === '' || body.endsWith('\n') ? '' : '\n';
  const noAnswer = o.exitCode === null && body === '' ? '(no answer)\n' : '';
  return header + body + end + noAnswer;
}

/** xterm needs `\r\n`: a bare `\n` moves down without returning to column 0. */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
