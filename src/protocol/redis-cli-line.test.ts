// A line typed at redis-cli's prompt, split as redis-cli splits it: redis src/sds.c sdssplitargs
// (quotes, \xHH and \n escapes, a closing quote followed by a space or the end) and src/redis-cli.c
// repl() (`Invalid argument(s)` for what sdssplitargs refuses; quit/exit, any case, end it).
import { describe, expect, it } from 'vitest';
import { isRedisCli, redisCliQuits, redisCliWords } from './redis-cli-line';

describe("redis-cli's typed line", () => {
  it.each([
    ['CONFIG GET maxmemory', ['CONFIG', 'GET', 'maxmemory']],
    ['  set  k   v ', ['set', 'k', 'v']],
    ['set k "a b"', ['set', 'k', 'a b']],
    ["set k 'it\\'s'", ['set', 'k', "it's"]],
    ['set k "a\\nb\\x41\\"c"', ['set', 'k', 'a\nbA"c']],
    ['set k ""', ['set', 'k', '']],
    ['set k a"b c"', ['set', 'k', 'ab c']],
    ['', []],
  ])('splits %j', (line, words) => {
    expect(redisCliWords(line)).toEqual(words);
  });

  it.each(['set k "a', "set k 'a", 'set k "a"b'])('refuses %j (unbalanced, or a closing quote not followed by a space)', (line) => {
    expect(redisCliWords(line)).toBeUndefined();
  });

  it('ends on quit or exit in any case, with any arguments', () => {
    expect(redisCliQuits(['quit'])).toBe(true);
    expect(redisCliQuits(['EXIT', '3'])).toBe(true);
    expect(redisCliQuits(['quitx'])).toBe(false);
    expect(redisCliQuits([])).toBe(false);
  });

  it('knows redis-cli by its program name', () => {
    expect(isRedisCli('/usr/local/bin/redis-cli')).toBe(true);
    expect(isRedisCli('sh')).toBe(false);
  });
});
