// A line typed at redis-cli's interactive prompt (`kubectl exec -it redis -- redis-cli`), as its
// repl() reads it (redis src/redis-cli.c repl(), src/sds.c sdssplitargs): words split at spaces,
// "double quotes" with \n \r \t \b \a \xHH and \<char> escapes, 'single quotes' with \' only, a
// closing quote followed by a space or the end; unbalanced quotes are `Invalid argument(s)`.
// `quit` and `exit` (any case, any arguments) end redis-cli with status 0, as repl() does.
// The app's terminal and kubeplay serve both run each line as one more exec of redis-cli with
// these words, so the line is recorded and replayed like any command.

/** Whether a session's program is redis-cli (its lines are redis commands, not shell lines). */
export function isRedisCli(program: string): boolean {
  return program.split('/').pop() === 'redis-cli';
}

const SPACE = /[ \t\n\r\v\f]/;
const CONTROL: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', a: '\x07' };

/** sdssplitargs: the words of a typed line, or undefined for unbalanced quotes. */
export function redisCliWords(line: string): string[] | undefined {
  const words: string[] = [];
  let i = 0;
  for (;;) {
    while (i < line.length && SPACE.test(line[i]!)) i++;
    if (i >= line.length) return words;
    let word = '';
    let quote: '"' | "'" | '' = '';
    for (;;) {
      const ch = line[i];
      if (quote === '"') {
        if (ch === undefined) return undefined;
        if (ch === '\\' && line[i + 1] === 'x' && /^[0-9a-fA-F]{2}$/.test(line.slice(i + 2, i + 4))) {
          word += String.fromCharCode(parseInt(line.slice(i + 2, i + 4), 16));
          i += 3;
        } else if (ch === '\\' && i + 1 < line.length) {
          i++;
          word += CONTROL[line[i]!] ?? line[i]!;
        } else if (ch === '"') {
          if (i + 1 < line.length && !SPACE.test(line[i + 1]!)) return undefined;
          quote = '';
        } else word += ch;
      } else if (quote === "'") {
        if (ch === undefined) return undefined;
        if (ch === '\\' && line[i + 1] === "'") {
          i++;
          word += "'";
        } else if (ch === "'") {
          if (i + 1 < line.length && !SPACE.test(line[i + 1]!)) return undefined;
          quote = '';
        } else word += ch;
      } else {
        if (ch === undefined || SPACE.test(ch)) break;
        if (ch === '"' || ch === "'") quote = ch;
        else word += ch;
      }
      i++;
    }
    words.push(word);
  }
}

/** repl(): `quit` or `exit` as the first word ends redis-cli (exit 0). */
export function redisCliQuits(words: string[]): boolean {
  const w = (words[0] ?? '').toLowerCase();
  return w === 'quit' || w === 'exit';
}

/** What repl() prints for a line sdssplitargs refused. */
export const REDIS_CLI_INVALID = 'Invalid argument(s)\n';
