import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

// UX.md, "Interaction habits": space play/pause, `.` step, `>` next phase, `?` help, `:` terminal, Esc.
describe('shortcutFor', () => {
  it.each([
    [' ', false, false, 'playPause'],
    ['.', false, false, 'step'],
    ['>', false, false, 'stepPhase'],
    ['?', false, false, 'help'],
    [':', false, false, 'terminal'],
    ['Escape', false, false, 'escape'],
    ['x', false, false, null],
  ] as const)('maps %j to %s when not typing', (key, typing, mods, action) => {
    expect(shortcutFor(key, typing, mods)).toBe(action);
  });

  it('never fires while typing in the terminal or an input, except Esc', () => {
    for (const key of [' ', '.', '>', '?', ':']) expect(shortcutFor(key, true, false)).toBeNull();
    expect(shortcutFor('Escape', true, false)).toBe('escape');
  });

  it('leaves keys with Ctrl, Alt or Meta to the browser', () => {
    expect(shortcutFor('.', false, true)).toBeNull();
  });
});
