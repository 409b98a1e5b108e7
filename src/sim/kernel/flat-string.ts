// Strings a component keeps for long, flattened when kept. A string built by concatenation or a
// template (a log line, a token, a cgroup path, JSON.stringify's output past a few dozen characters)
// is a V8 ConsString tree of its pieces, 32 bytes per join on top of the pieces themselves; reading
// one character makes V8 copy it into one flat string (String::Flatten) and the pieces go. A
// 160-character log line took ~390 bytes as a tree and ~240 flat (node --expose-gc, 100,000 lines).
// Issue 14, memory per pod. Only the memory changes: the string is the same.

/** The same string, flattened by V8 (a no-op for a flat one, and in other engines). */
export function keptString(s: string): string {
  s.charCodeAt(0);
  return s;
}
