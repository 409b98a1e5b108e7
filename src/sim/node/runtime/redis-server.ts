// A redis server in a container: its keyspace, the RESP commands the guestbook and redis-cli send
// (PING, GET, SET, CONFIG GET, PSYNC), and replication as redis does it: a replica (`redis-server --replicaof
// redis-leader 6379`, gb-redis-follower's run.sh) connects to its master by name through the
// cluster's DNS and Service, gets a full copy (PSYNC answered with +FULLRESYNC and the data), and
// from then on the master streams every write to it over that link. A replica refuses writes
// (`-READONLY You can't write against a read only replica.`); a master keeps no data across a
// restart (no persistence configured). Reply texts: redis's server.c and replication.c. The
// full-sync payload is the keyspace as JSON where real redis sends an RDB file.

import type { Effects } from '../../kernel/component';
import { containerdId } from '../../names';
import type { Step } from '../registry/program';
import { lookupImage, releaseOf } from '../registry/behaviour';
import { configGet } from '../registry/redis-config';
import { startOutgoing } from './outgoing';
import { writeLog } from './process';
import type { Container, ContainerdState } from './state';
import type { HttpClientCommand, HttpOutcome } from './traffic-client';

export const REPLICATION_RETRY_TIMER = 'redis.replicaof';
/** redis retries a failed master link once a second (replicationCron). */
const REPLICATION_RETRY_MS = 1000;

export interface RedisState {
  data: Record<string, string>;
  /** Replicas that completed a full sync; every write goes to them. */
  replicas: { ip: string; node: string }[];
  /** Set on a replica: its master and whether the link is up (synced). */
  master?: { host: string; port: number; up: boolean };
}

/** master -> replica's node: one write, streamed over the replication link. */
export interface RedisReplicate {
  type: 'redis.replicate';
  ip: string;
  args: string[];
}

export function redisOf(c: Container): RedisState {
  return (c.redis ??= { data: {}, replicas: [] });
}

const bulk = (v: string | undefined): string => (v === undefined ? '$-1\r\n' : `$${v.length}\r\n${v}\r\n`);

export interface RedisReply {
  reply: string;
  /** A write the master must stream to these replicas. */
  propagate?: { replicas: { ip: string; node: string }[]; args: string[] };
  /** What the server logs about the command (a replica asking to sync). */
  log?: string;
}

/** One command from a client at `src` (on node `srcNode`) to the redis in `c`. */
export function redisCommand(c: Container, args: string[], src: string, srcNode: string | undefined): RedisReply {
  const r = redisOf(c);
  const [name = '', ...rest] = args;
  const cmd = name.toUpperCase();
  const arity = (n: number): RedisReply | undefined => (rest.length === n ? undefined : { reply: `-ERR wrong number of arguments for '${name.toLowerCase()}' command\r\n` });
  switch (cmd) {
    case 'PING':
      return { reply: rest.length ? bulk(rest[0]) : '+PONG\r\n' };
    // QUIT answers +OK, and then the server closes the connection (the caller's part).
    case 'QUIT':
      return { reply: '+OK\r\n' };
    case 'GET':
      return arity(1) ?? { reply: bulk(r.data[rest[0]!]) };
    case 'SET': {
      const bad = rest.length < 2 ? arity(2) : undefined;
      if (bad) return bad;
      if (r.master) return { reply: "-READONLY You can't write against a read only replica.\r\n" };
      r.data[rest[0]!] = rest[1]!;
      const out: RedisReply = { reply: '+OK\r\n' };
      if (r.replicas.length) out.propagate = { replicas: [...r.replicas], args: ['SET', rest[0]!, rest[1]!] };
      return out;
    }
    // CONFIG GET answers from the file redis-server read at start (redis-config.ts), as an array.
    case 'CONFIG': {
      if ((rest[0] ?? '').toUpperCase() !== 'GET' || rest.length !== 2) return { reply: `-ERR unknown subcommand or wrong number of arguments for '${rest[0] ?? ''}'. Try CONFIG HELP.\r\n` };
      const pairs = configGet(c.program.redisConfig, rest[1]!);
      return { reply: `*${pairs.length * 2}\r\n${pairs.flat().map((v) => bulk(v)).join('')}` };
    }
    case 'PSYNC': {
      // A replica asks for a full copy; from now on it is sent every write.
      if (srcNode && !r.replicas.some((x) => x.ip === src)) r.replicas.push({ ip: src, node: srcNode });
      const snapshot = JSON.stringify(r.data);
      return { reply: `+FULLRESYNC ${replId(c)} 0\r\n${bulk(snapshot)}`, log: `1:M {redisTime} * Replica ${src}:6379 asks for synchronization` };
    }
    default:
      return { reply: `-ERR ${unknownCommand(name, rest, redisMajor(c.image))}\r\n` };
  }
}

/** The redis release an image runs (its tag's, tag-version.ts); 6 when the catalogue does not say. */
function redisMajor(image: string | undefined): number {
  const l = lookupImage(image ?? '');
  const release = l.found ? releaseOf(l) : undefined;
  return Number(release?.split('.')[0]) || 6;
}

/**
 * The error for a command redis does not know, as its server.c builds it: up to 6.2
 * `unknown command \`%s\`, with args beginning with: ` and each argument as `` `%.*s`, ``
 * (processCommand); from 7.0 `unknown command '%.128s', with args beginning with: ` and each as
 * `'%.*s' ` (commandCheckExistence); CR and LF become spaces (addReplyErrorFormat, rejectCommandFormat,
 * commandCheckExistence's sdsmapchars). Arguments are added while the
 * list is under 128 bytes, each cut to what is left of them.
 */
export function unknownCommand(name: string, rest: string[], major: number): string {
  const seven = major >= 7;
  let args = '';
  for (const a of rest) {
    if (args.length >= 128) break;
    const cut = a.slice(0, 128 - args.length);
    args += seven ? `'${cut}' ` : `\`${cut}\`, `;
  }
  const text = seven ? `unknown command '${name.slice(0, 128)}', with args beginning with: ${args}` : `unknown command \`${name}\`, with args beginning with: ${args}`;
  return text.replace(/[\r\n]/g, ' ');
}

/** The replication id a master reports (40 hex characters), fixed per container. */
function replId(c: Container): string {
  let h = 0;
  for (const ch of c.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (h.toString(16).padStart(8, '0').repeat(5)).slice(0, 40);
}

/** The master streams a write: send it to each replica's node over the pod network. */
export function propagateWrite(ctx: Effects, p: NonNullable<RedisReply['propagate']>): void {
  for (const rep of p.replicas) {
    const body: RedisReplicate = { type: 'redis.replicate', ip: rep.ip, args: p.args };
    ctx.send(containerdId(rep.node), body, { summary: `redis replication -> ${rep.ip}: ${p.args.join(' ')}`, phase: 'networking' });
  }
}

/** A streamed write arrived at this node: the replica at that address applies it. */
export function onReplicate(s: ContainerdState, b: RedisReplicate): void {
  for (const c of s.containers.values()) {
    if (c.state !== 'CONTAINER_RUNNING' || s.sandboxes.get(c.podSandboxId)?.ip !== b.ip) continue;
    const r = c.redis;
    if (!r?.master?.up) continue;
    if (b.args[0] === 'SET' && b.args.length === 3) r.data[b.args[1]!] = b.args[2]!;
  }
}

/** The `replicaof` step: connect to the master by name and ask for a full sync. */
export function startReplication(s: ContainerdState, c: Container, step: Extract<Step, { op: 'replicaof' }>, ctx: Effects): void {
  const r = redisOf(c);
  r.master = { host: step.host, port: step.port, up: false };
  connectToMaster(s, c, ctx);
}

function connectToMaster(s: ContainerdState, c: Container, ctx: Effects): void {
  const m = c.redis?.master;
  if (!m || c.state !== 'CONTAINER_RUNNING') return;
  writeLog(s, c, 'stdout', `1:S {redisTime} * Connecting to MASTER ${m.host}:${m.port}`, ctx.now);
  writeLog(s, c, 'stdout', '1:S {redisTime} * MASTER <-> REPLICA sync started', ctx.now);
  const cmd: HttpClientCommand = { tool: 'redis', host: m.host, port: m.port, path: 'PSYNC', redisArgs: ['PSYNC', '?', '-1'], quiet: true, showError: true, fail: false, timeoutSec: 60 };
  startOutgoing(s, ctx, c, cmd, { replicaOf: c.id });
}

/** The answer to the replica's PSYNC: load the copy, or log why and try again in a second. */
export function onSyncDone(s: ContainerdState, ctx: Effects, containerId: string, o: HttpOutcome): void {
  const c = s.containers.get(containerId);
  const m = c?.redis?.master;
  if (!c || !m || c.state !== 'CONTAINER_RUNNING') return;
  const full = o.kind === 'response' ? /^\+FULLRESYNC (\S+) (\d+)\r\n\$\d+\r\n([\s\S]*)\r\n$/.exec(o.body) : null;
  if (full) {
    const data = JSON.parse(full[3]!) as Record<string, string>;
    writeLog(s, c, 'stdout', `1:S {redisTime} * Full resync from master: ${full[1]}:${full[2]}`, ctx.now);
    writeLog(s, c, 'stdout', `1:S {redisTime} * MASTER <-> REPLICA sync: receiving ${full[3]!.length} bytes from master to disk`, ctx.now);
    writeLog(s, c, 'stdout', '1:S {redisTime} * MASTER <-> REPLICA sync: Loading DB in memory', ctx.now);
    writeLog(s, c, 'stdout', '1:S {redisTime} * MASTER <-> REPLICA sync: Finished with success', ctx.now);
    redisOf(c).data = data;
    m.up = true;
    return;
  }
  const why = o.kind === 'bad-address' ? `Unable to connect to MASTER: Name or service not known` : o.kind === 'refused' ? 'Error condition on socket for SYNC: Connection refused' : o.kind === 'timeout' ? 'Timeout connecting to the MASTER...' : 'Error condition on socket for SYNC: Connection reset by peer';
  writeLog(s, c, 'stdout', `1:S {redisTime} # ${why}`, ctx.now);
  ctx.setTimer(REPLICATION_RETRY_MS, REPLICATION_RETRY_TIMER, c.id);
}

export function onReplicationRetry(s: ContainerdState, ctx: Effects, containerId: string): void {
  const c = s.containers.get(containerId);
  if (c && c.redis?.master && !c.redis.master.up) connectToMaster(s, c, ctx);
}
