import { describe, expect, it } from 'vitest';
import { editLine, emptyLine, renderLine, type LineState } from './line-editor';

function type(s: LineState, ...keys: string[]): LineState {
  for (const k of keys) s = editLine(s, k)[0];
  return s;
}

describe('editLine', () => {
  it('inserts typed characters at the cursor', () => {
    const s = type(emptyLine(), 'k', 'c', '\x1b[D', 'x');
    expect(s.line).toBe('kxc');
    expect(s.cursor).toBe(2);
  });

  it('deletes the character before the cursor with backspace, and nothing at column 0', () => {
    expect(type(emptyLine(), 'a', 'b', '\x7f').line).toBe('a');
    expect(type(emptyLine(), '\x7f').line).toBe('');
  });

  it('submits the trimmed line on Enter and remembers it once in the history', () => {
    const [s, effect] = editLine(type(emptyLine(['kubectl get pods']), ' kubectl get pods '), '\r');
    expect(effect).toEqual({ kind: 'submit', line: 'kubectl get pods' });
    expect(s.history).toEqual(['kubectl get pods']);
    expect(s.line).toBe('');
  });

  it('walks the history with up and down and restores the draft at the bottom', () => {
    let s = type(emptyLine(['one', 'two']), 'dr');
    s = type(s, '\x1b[A');
    expect(s.line).toBe('two');
    s = type(s, '\x1b[A', '\x1b[A');
    expect(s.line).toBe('one');
    s = type(s, '\x1b[B', '\x1b[B');
    expect(s.line).toBe('dr');
  });

  it('asks for completion on Tab without changing the line', () => {
    const [s, effect] = editLine(type(emptyLine(), 'ku'), '\t');
    expect(effect.kind).toBe('complete');
    expect(s.line).toBe('ku');
  });

  it('inserts pasted text and submits at its first newline', () => {
    const [s, effect] = editLine(emptyLine(), 'kubectl get no\nrest');
    expect(effect).toEqual({ kind: 'submit', line: 'kubectl get no' });
    expect(s.line).toBe('');
  });

  it('drops the line on Ctrl-C', () => {
    const [s, effect] = editLine(type(emptyLine(), 'abc'), '\x03');
    expect(effect.kind).toBe('interrupt');
    expect(s.line).toBe('');
  });

  it('kills back to the start with Ctrl-U and a word with Ctrl-W', () => {
    expect(type(emptyLine(), 'a', 'b', '\x15').line).toBe('');
    expect(type(emptyLine(), 'kubectl get ', '\x17').line).toBe('kubectl ');
  });
});

describe('renderLine', () => {
  it('clears the row, prints the prompt and the line, and moves the cursor back to its place', () => {
    const s = type(emptyLine(), 'abc', '\x1b[D');
    expect(renderLine(s)).toBe('\r\x1b[K$ abc\x1b[1D');
  });

  it('searches the history backwards with Ctrl+R as bash does, and runs what it found on Enter (issue 11)', () => {
    const h = ['kubectl get pods', 'kubectl describe pod web', 'kubectl get nodes', 'ssh worker-1 -- crictl ps'];
    let s = type(emptyLine(h), '\x12', 'g', 'e', 't');
    expect(renderLine(s)).toBe("\r\x1b[K(reverse-i-search)`get': kubectl get nodes");
    s = type(s, '\x12');
    expect(renderLine(s)).toBe("\r\x1b[K(reverse-i-search)`get': kubectl get pods");
    // No older match: it stays on the last one.
    expect(renderLine(type(s, '\x12'))).toBe("\r\x1b[K(reverse-i-search)`get': kubectl get pods");
    expect(editLine(s, '\r')[1]).toEqual({ kind: 'submit', line: 'kubectl get pods' });
    expect(renderLine(type(emptyLine(h), '\x12', 'z', 'z'))).toBe("\r\x1b[K(failed reverse-i-search)`zz': ");
    // An arrow key takes the match into the line to edit; Ctrl+G gives up and keeps the draft.
    const edited = type(emptyLine(h), '\x12', 'c', 'r', 'i', '\x1b[D');
    expect(edited).toMatchObject({ line: 'ssh worker-1 -- crictl ps', cursor: 24 });
    expect(edited.search).toBeUndefined();
    const gaveUp = type(emptyLine(h), 'd', 'r', '\x12', 'p', 'o', '\x07');
    expect(gaveUp.line).toBe('dr');
    expect(gaveUp.search).toBeUndefined();
  });

  it('clears the screen on Ctrl+L and keeps the line', () => {
    const s = type(emptyLine(), 'k', ' ');
    expect(editLine(s, '\x0c')).toEqual([s, { kind: 'clear' }]);
  });
});

