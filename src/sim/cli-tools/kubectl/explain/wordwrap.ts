// github.com/mitchellh/go-wordwrap v1.0.1 WrapString, which kubectl's term.NewWordWrapWriter uses
// for `kubectl explain` descriptions: breaks only at white space, never inside a word, counts runes,
// drops the spaces at a break, and keeps a word longer than the limit whole.

const NBSP = '\u00a0';
const isSpace = (c: string): boolean => c !== NBSP && /\s/u.test(c);

export function wrapString(s: string, lim: number): string {
  if (lim === 0) return s;
  let buf = '';
  let current = 0;
  let word = '';
  let wordLen = 0;
  let space = '';
  let spaceLen = 0;
  for (const ch of s) {
    if (ch === '\n') {
      if (wordLen === 0) {
        if (current + spaceLen <= lim) buf += space;
      } else {
        buf += space + word;
      }
      space = '';
      spaceLen = 0;
      word = '';
      wordLen = 0;
      buf += ch;
      current = 0;
    } else if (isSpace(ch)) {
      if (spaceLen === 0 || wordLen > 0) {
        current += spaceLen + wordLen;
        buf += space + word;
        space = '';
        spaceLen = 0;
        word = '';
        wordLen = 0;
      }
      space += ch;
      spaceLen++;
    } else {
      word += ch;
      wordLen++;
      if (current + spaceLen + wordLen > lim && wordLen < lim) {
        buf += '\n';
        current = 0;
        space = '';
        spaceLen = 0;
      }
    }
  }
  if (wordLen === 0) {
    if (current + spaceLen <= lim) buf += space;
  } else {
    buf += space + word;
  }
  return buf;
}
