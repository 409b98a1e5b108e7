// redis's replies to the commands the guestbook and redis-cli send, as RESP (redis.io/docs/latest/
// develop/reference/protocol-spec: simple strings `+`, errors `-`, bulk strings `$<len>`, nil
// `$-1`), a replica's refusal of writes (replication.c/server.c: "-READONLY You can't write against
// a read only replica."), and the master streaming its writes to the replicas that synced.
import { describe, expect, it } from 'vitest';
import { unknownCommand, redisCommand } from './redis-server';
import type { Container } from './state';

const container = (id: string): Container => ({ id } as unknown as Container);

describe('redisCommand', () => {
  it('answers PING, SET and GET in RESP, nil for a key never set', () => {
    const c = container('m');
    expect(redisCommand(c, ['PING'], '10.244.1.5', 'worker-1').reply).toBe('+PONG\r\n');
    expect(redisCommand(c, ['GET', 'guestbook'], '10.244.1.5', 'worker-1').reply).toBe('$-1\r\n');
    expect(redisCommand(c, ['SET', 'guestbook', ',hello'], '10.244.1.5', 'worker-1')).toEqual({ reply: '+OK\r\n' });
    expect(redisCommand(c, ['get', 'guestbook'], '10.244.1.5', 'worker-1').reply).toBe('$6\r\n,hello\r\n');
  });

  it('names a wrong arity and an unknown command as redis 6 does', () => {
    const c = container('m');
    expect(redisCommand(c, ['GET'], '10.244.1.5', 'worker-1').reply).toBe("-ERR wrong number of arguments for 'get' command\r\n");
    expect(redisCommand(c, ['FLY', 'away'], '10.244.1.5', 'worker-1').reply).toBe('-ERR unknown command `FLY`, with args beginning with: `away`, \r\n');
  });

  // redis server.c at 5.0.4 and 6.2.14 (processCommand: `%s` and `` `%.*s`, ``) and at 7.0.0 and 7.2.0
  // (commandCheckExistence: '%.128s' and `'%.*s' `), arguments added while under 128 bytes.
  it("names an unknown command in backquotes up to 6.2 and in single quotes from 7.0", () => {
    expect(unknownCommand('FOO', [], 5)).toBe('unknown command `FOO`, with args beginning with: ');
    expect(unknownCommand('FOO', [], 7)).toBe("unknown command 'FOO', with args beginning with: ");
    expect(unknownCommand('foo', ['a', 'b'], 7)).toBe("unknown command 'foo', with args beginning with: 'a' 'b' ");
    expect(unknownCommand('x', ['a'.repeat(200), 'b'], 6)).toBe(`unknown command \`x\`, with args beginning with: \`${'a'.repeat(128)}\`, `);
    expect(unknownCommand('x', ['a\nb'], 7)).toBe("unknown command 'x', with args beginning with: 'a b' ");
    expect(redisCommand({ ...container('m'), image: 'redis:7.2' }, ['FOO'], '10.244.1.5', 'worker-1').reply).toBe("-ERR unknown command 'FOO', with args beginning with: \r\n");
  });

  it('gives a replica that asks (PSYNC) the whole keyspace and then streams it every write', () => {
    const m = container('m');
    redisCommand(m, ['SET', 'guestbook', 'a'], '10.244.1.5', 'worker-1');
    const psync = redisCommand(m, ['PSYNC', '?', '-1'], '10.244.3.3', 'worker-3');
    expect(psync.log).toBe('1:M {redisTime} * Replica 10.244.3.3:6379 asks for synchronization');
    const sync = psync.reply;
    expect(sync).toMatch(/^\+FULLRESYNC [0-9a-f]{40} 0\r\n\$17\r\n\{"guestbook":"a"\}\r\n$/);
    expect(redisCommand(m, ['SET', 'guestbook', 'b'], '10.244.1.5', 'worker-1')).toEqual({
      reply: '+OK\r\n',
      propagate: { replicas: [{ ip: '10.244.3.3', node: 'worker-3' }], args: ['SET', 'guestbook', 'b'] },
    });
  });

  it('refuses writes on a replica', () => {
    const r = container('r');
    r.redis = { data: {}, replicas: [], master: { host: 'redis-leader', port: 6379, up: true } };
    expect(redisCommand(r, ['SET', 'guestbook', 'x'], '10.244.1.5', 'worker-1').reply).toBe("-READONLY You can't write against a read only replica.\r\n");
  });
});
