// The terminal's line editor as a pure function: key input (xterm's onData strings) in, a new state
// and what to draw out. History is kept like a shell's: up/down walk it, the line being typed is
// kept as a draft while walking, and Ctrl+R searches it backwards as bash's reverse-i-search does.

export const PROMPT = '$ ';

export interface LineState {
  line: string;
  cursor: number;
  history: string[];
  /** Index into history while walking it; history.length means "the draft". */
  historyIndex: number;
  draft: string;
  /** Ctrl+R's reverse-i-search: what is typed, and the history index of the line it found (-1: none). */
  search?: { query: string; match: number };
}

export type LineEffect =
  | { kind: 'redraw' }
  | { kind: 'submit'; line: string }
  | { kind: 'complete' }
  | { kind: 'interrupt' }
  /** Ctrl+L: clear the screen, keep the line. */
  | { kind: 'clear' }
  | { kind: 'none' };

export const HISTORY_KEEP = 200;

export function emptyLine(history: string[] = []): LineState {
  return { line: '', cursor: 0, history, historyIndex: history.length, draft: '' };
}

const KEYS: Record<string, (s: LineState) => [LineState, LineEffect]> = {
  '\r': submit,
  '\t': (s) => [s, { kind: 'complete' }],
  '\x03': (s) => [emptyLine(s.history), { kind: 'interrupt' }],
  '\x7f': backspace,
  '\b': backspace,
  '\x1b[3~': (s) => edit(s, s.line.slice(0, s.cursor) + s.line.slice(s.cursor + 1), s.cursor),
  '\x1b[D': (s) => move(s, s.cursor - 1),
  '\x1b[C': (s) => move(s, s.cursor + 1),
  '\x1b[H': (s) => move(s, 0),
  '\x1bOH': (s) => move(s, 0),
  '\x01': (s) => move(s, 0),
  '\x1b[F': (s) => move(s, s.line.length),
  '\x1bOF': (s) => move(s, s.line.length),
  '\x05': (s) => move(s, s.line.length),
  '\x15': (s) => edit(s, s.line.slice(s.cursor), 0),
  '\x0b': (s) => edit(s, s.line.slice(0, s.cursor), s.cursor),
  '\x17': deleteWord,
  '\x1b[A': (s) => walkHistory(s, -1),
  '\x1b[B': (s) => walkHistory(s, 1),
  '\x12': (s) => [{ ...s, search: { query: '', match: -1 } }, { kind: 'redraw' }],
  '\x0c': (s) => [s, { kind: 'clear' }],
};

/** The newest history line at or before `from` that contains `query`, or -1. */
function findBack(history: string[], query: string, from: number): number {
  for (let i = Math.min(from, history.length - 1); i >= 0; i--) if (history[i]!.includes(query)) return i;
  return -1;
}

/** A key while searching: type to narrow, Ctrl+R for an older match, Enter to run it, Ctrl+G/Esc/Ctrl+C to give up. */
function searchKey(s: LineState, data: string): [LineState, LineEffect] {
  const q = s.search!;
  const { search: _drop, ...plain } = s;
  if (data === '\x12') {
    const match = q.query === '' ? -1 : findBack(s.history, q.query, (q.match < 0 ? s.history.length : q.match) - 1);
    return [{ ...s, search: { query: q.query, match: match < 0 ? q.match : match } }, { kind: 'redraw' }];
  }
  if (data === '\x07' || data === '\x1b' || data === '\x03') return [plain, { kind: 'redraw' }];
  if (data === '\x7f' || data === '\b') {
    const query = q.query.slice(0, -1);
    return [{ ...s, search: { query, match: query === '' ? -1 : findBack(s.history, query, s.history.length - 1) } }, { kind: 'redraw' }];
  }
  const found = q.match >= 0 ? (s.history[q.match] ?? '') : s.line;
  const accepted: LineState = { ...plain, line: found, cursor: found.length, historyIndex: s.history.length };
  if (data === '\r') return submit(accepted);
  if (KEYS[data] || data.startsWith('\x1b')) return editLine(accepted, data);
  const text = [...data].filter((ch) => ch >= ' ' && ch !== '\x7f').join('');
  if (text === '') return [s, { kind: 'none' }];
  const query = q.query + text;
  return [{ ...s, search: { query, match: findBack(s.history, query, q.match < 0 ? s.history.length - 1 : q.match) } }, { kind: 'redraw' }];
}

/** Applies one onData chunk (a key, an escape sequence, or pasted text). */
export function editLine(s: LineState, data: string): [LineState, LineEffect] {
  if (s.search) return searchKey(s, data);
  const key = KEYS[data];
  if (key) return key(s);
  if (data.startsWith('\x1b')) return [s, { kind: 'none' }];
  // Pasted text: insert its printable part; a newline in a paste submits, like a shell.
  const nl = data.search(/[\r\n]/);
  const text = [...(nl >= 0 ? data.slice(0, nl) : data)].filter((ch) => ch >= ' ' && ch !== '\x7f').join('');
  const [next] = insert(s, text);
  return nl >= 0 ? submit(next) : [next, { kind: 'redraw' }];
}

export function insert(s: LineState, text: string): [LineState, LineEffect] {
  return edit(s, s.line.slice(0, s.cursor) + text + s.line.slice(s.cursor), s.cursor + text.length);
}

function edit(s: LineState, line: string, cursor: number): [LineState, LineEffect] {
  return [{ ...s, line, cursor: Math.max(0, Math.min(cursor, line.length)) }, { kind: 'redraw' }];
}

function move(s: LineState, cursor: number): [LineState, LineEffect] {
  return edit(s, s.line, cursor);
}

function backspace(s: LineState): [LineState, LineEffect] {
  if (s.cursor === 0) return [s, { kind: 'none' }];
  return edit(s, s.line.slice(0, s.cursor - 1) + s.line.slice(s.cursor), s.cursor - 1);
}

function deleteWord(s: LineState): [LineState, LineEffect] {
  const before = s.line.slice(0, s.cursor).replace(/\S+\s*$/, '');
  return edit(s, before + s.line.slice(s.cursor), before.length);
}

function walkHistory(s: LineState, by: number): [LineState, LineEffect] {
  const index = Math.max(0, Math.min(s.history.length, s.historyIndex + by));
  if (index === s.historyIndex) return [s, { kind: 'none' }];
  const draft = s.historyIndex === s.history.length ? s.line : s.draft;
  const line = index === s.history.length ? draft : (s.history[index] ?? '');
  return [{ ...s, line, cursor: line.length, historyIndex: index, draft }, { kind: 'redraw' }];
}

function submit(s: LineState): [LineState, LineEffect] {
  const line = s.line.trim();
  const last = s.history[s.history.length - 1];
  const history = line === '' || line === last ? s.history : [...s.history, line].slice(-HISTORY_KEEP);
  return [emptyLine(history), { kind: 'submit', line }];
}

/**
 * The escape sequence that redraws the prompt line: back to column 0, clear to the end, prompt and
 * text, then the cursor back to its place. Lines longer than the terminal wrap; good enough for
 * kubectl commands.
 */
/** The line with its prompt (`$ `, or a container shell's `/ # `). */
export function renderLine(s: LineState, prompt = PROMPT): string {
  if (s.search) {
    const found = s.search.match >= 0 ? (s.history[s.search.match] ?? '') : '';
    const failed = s.search.query !== '' && s.search.match < 0;
    return `\r\x1b[K(${failed ? 'failed ' : ''}reverse-i-search)\`${s.search.query}': ${found}`;
  }
  const back = s.line.length - s.cursor;
  return `\r\x1b[K${prompt}${s.line}${back > 0 ? `\x1b[${back}D` : ''}`;
}
