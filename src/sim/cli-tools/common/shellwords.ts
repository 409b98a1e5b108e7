// Splitting a typed command line into words the way a POSIX shell does for the cases people type:
// blanks separate words, single quotes keep everything literal, double quotes keep blanks and allow
// \" and \\, a backslash outside quotes escapes the next character.

export type SplitResult = { ok: true; words: string[] } | { ok: false; error: string };

export function shellSplit(line: string): SplitResult {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: 'unterminated quoted string' };
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      inWord = true;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) i++;
        cur += line[i];
        i++;
      }
      if (i >= line.length) return { ok: false, error: 'unterminated quoted string' };
      i++;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      cur += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(cur);
  return { ok: true, words };
}
