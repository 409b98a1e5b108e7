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

/** Plain text (`\n` line ends) of one result; `noAnswer` is the app's line for a command that got none. */
export function outputText(o: TerminalOutput, echoed: boolean, noAnswer = '(no answer)'): string {
  // An action (kill, restart, partition...) is no command: a comment line, no "(no answer)".
  if (o.action) return `[${formatClock(o.time)}] # ${o.line}\n${o.stdout}${o.stderr}`;
  const header = echoed ? '' : `[${formatClock(o.time)}] $ ${o.line}\n`;
  const body = o.stdout + o.stderr;
  const end = body === '' || body.endsWith('\n') ? '' : '\n';
  const none = o.exitCode === null && body === '' ? `${noAnswer}\n` : '';
  return header + body + end + none;
}

/** xterm needs `\r\n`: a bare `\n` moves down without returning to column 0. */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

// What the simulation prints reaches xterm as text, never as terminal commands. Annotation values,
// event messages and container logs are strings a person (or a manifest from the internet) chose,
// and a terminal obeys what it is sent: move the cursor over the prompt, clear the screen, set the
// title, or answer a query (`ESC [ 6 n`) with keys that xterm hands to onData, i.e. to our prompt as
// if typed. Real kubectl escapes ESC as `^[` and CR as `\r` in get, describe and events since v1.26
// (kubernetes#112553, cli-runtime printers.EscapeTerminal), and prints logs as they are. Here one
// rule covers every output: colours and bold (SGR, `ESC [ ... m`) stay, as in a real terminal's
// `kubectl logs`, and are reset at the end; every other control character is shown in caret
// notation (`^[`, `^G`), and C1 controls as `<9b>`, so they can be seen and do nothing.

/** SGR (colours, bold), CR LF, or one control character other than TAB and LF. */
// Matching control characters is the point of this expression.
// eslint-disable-next-line no-control-regex
const CONTROLS = /\x1b\[[0-9;:]*m|\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  if (code === 0x7f) return '^?';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  return `<${code.toString(16)}>`;
}

/** Program output for xterm: colours kept and reset after, other controls made visible, CR LF line ends. */
export function terminalSafe(text: string): string {
  let coloured = false;
  const out = text.replace(CONTROLS, (m) => {
    if (m === '\r\n') return '\r\n';
    if (m.length > 1) {
      coloured = true;
      return m;
    }
    return visible(m);
  });
  return toTerminal(out) + (coloured ? '\x1b[0m' : '');
}

/** The same output as plain text (the mirror the tests read): colours dropped, other controls made visible. */
export function plainText(text: string): string {
  return text.replace(CONTROLS, (m) => (m === '\r\n' ? '\n' : m.length > 1 ? '' : visible(m)));
}
