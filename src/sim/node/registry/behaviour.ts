// From an image and a container's command/args to the Program the runtime runs. Kubernetes'
// `command` replaces the image's ENTRYPOINT and `args` its CMD, so a server image given a command
// runs that command instead of serving, and a shell image given nothing runs `sh`, which (with no
// terminal attached) reads end-of-file and exits 0 at once: the reason a bare `busybox` pod under
// restartPolicy Always ends in CrashLoopBackOff.

import { CATALOGUE, type ImageBehaviour, type RepositoryEntry } from './catalogue';
import type { Program, Step } from './program';
import { parseImageReference, repositoryName, type ImageReference } from './reference';
import { argvSteps, EMPTY_SHELL, type ShellContext } from './shell';
import { stressSteps } from './stress';
import { policyWebhookSteps } from './policy-webhook';
import { metricsServerSteps } from './metrics-server-program';
import { tagVersion } from './tag-version';
import { bitnamiRedisSteps } from './bitnami-redis';
import { databaseEntrypointSteps } from './database-entrypoints';
import { redisConfigFrom } from './redis-config';

/** A resolved catalogue entry for one reference, or the reason there is none. */
export type Lookup =
  | { found: true; ref: ImageReference; entry: RepositoryEntry; sizeBytes: number }
  | { found: false; ref?: ImageReference; reason: 'invalid' | 'no-repository' | 'no-tag' };

export function lookupImage(image: string): Lookup {
  const ref = parseImageReference(image);
  if (!ref) return { found: false, reason: 'invalid' };
  const entry = CATALOGUE[repositoryName(ref)];
  if (!entry) return { found: false, ref, reason: 'no-repository' };
  // A digest reference is served as the repository's `latest` (the catalogue has no per-digest data).
  const size = ref.tag ? entry.tags[ref.tag] : (entry.tags.latest ?? Object.values(entry.tags)[0]);
  if (size === undefined) return { found: false, ref, reason: 'no-tag' };
  return { found: true, ref, entry, sizeBytes: size };
}

/** The release a found image's tag runs (tag-version.ts), or undefined for images that are not servers. */
export function releaseOf(l: Extract<Lookup, { found: true }>): string | undefined {
  const b = l.entry.behaviour;
  return b.kind === 'server' ? tagVersion(l.ref.tag, Object.keys(l.entry.tags), b.version, b.aliases) : undefined;
}

/** Whether release `a` (`1.14.2`) comes before `b` (`1.19.5`). */
function olderRelease(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/**
 * redis-server given any argument (a config file, or options: the redis image's docker-entrypoint.sh
 * puts `redis-server` before a first argument ending in .conf or starting with -) has argc > 1 and
 * logs `Configuration loaded` instead of the no-config warning: LL_WARNING (`#`) up to 6.2, LL_NOTICE
 * (`*`) from 7.0 (redis src/server.c main() at 5.0.14, 6.2.14, 7.4.0).
 */
function configLine(text: string, args: string[], major: number): string {
  if (!args.length || !text.includes('# Warning: no config file specified')) return text;
  return text.replace(/# Warning: no config file specified.*$/, `${major >= 7 ? '*' : '#'} Configuration loaded`);
}

function serverSteps(b: Extract<ImageBehaviour, { kind: 'server' }>, version: string, args: string[], sh: ShellContext, alpine: boolean): Step[] {
  const env = sh.env;
  const [major, minor] = version.split('.');
  const logs = (alpine ? b.alpineLogsByMajor?.[`${major}.${minor}`] : undefined) ?? b.logsByMajor?.[`${major}.${minor}`] ?? b.logsByMajor?.[major!] ?? b.logs;
  const serverLines: Step[] = logs.map(([stream, text]) => ({ op: 'log', stream, text: configLine(text.replace('{version}', version), args, Number(major)) }));
  const startup = b.startup === 'bitnami-redis' ? bitnamiRedisSteps(env, version) : b.startup ? databaseEntrypointSteps(b.startup, env, version, serverLines, sh.kept) : undefined;
  if (startup?.exit !== undefined) return [...startup.logs, { op: 'exit', code: startup.exit }];
  const steps: Step[] = startup ? startup.logs : serverLines;
  // http-echo and similar take `-listen=:8080`.
  const listen = args.map((a) => /^-?-listen=:?(\d+)$/.exec(a)).find((m) => m);
  const ports = listen ? [Number(listen[1])] : b.ports;
  for (const port of ports) steps.push(b.http ? { op: 'listen', port, http: b.http.app ? { okPaths: b.http.okPaths, app: b.http.app } : { okPaths: b.http.okPaths } } : { op: 'listen', port });
  if (b.replicaof) steps.push({ op: 'replicaof', host: b.replicaof.host, port: b.replicaof.port });
  steps.push({ op: 'wait' });
  return steps;
}

/** agnhost's subcommands, as the e2e tests and the docs use them. */
function agnhostSteps(args: string[]): Step[] {
  const sub = args[0] ?? '';
  const flag = (name: string, dflt: number): number => {
    const m = args.map((a) => new RegExp(`^--?${name}=(\\d+)$`).exec(a)).find((x) => x);
    return m ? Number(m[1]) : dflt;
  };
  const klog = (text: string): Step => ({ op: 'log', stream: 'stderr', text: `I{klogTime}       1 ${text}` });
  switch (sub) {
    case 'netexec': {
      const port = flag('http-port', 8080);
      return [klog(`log.go:245] Started HTTP server on port ${port}`), klog(`log.go:245] Started UDP server on port  ${flag('udp-port', 8081)}`), { op: 'listen', port, http: { okPaths: ['*'] } }, { op: 'wait' }];
    }
    case 'serve-hostname':
      return [{ op: 'log', stream: 'stderr', text: `I{klogTime}       1 serve_hostname.go:100] Serving on port ${flag('port', 9376)}.` }, { op: 'listen', port: flag('port', 9376), http: { okPaths: ['*'] } }, { op: 'wait' }];
    case 'pause':
      return [{ op: 'log', stream: 'stdout', text: 'Paused' }, { op: 'wait' }];
    case 'test-webserver':
      return [{ op: 'listen', port: flag('port', 80), http: { okPaths: ['*'] } }, { op: 'wait' }];
    case 'liveness':
    case '/server':
    default:
      // `agnhost liveness` (and the old registry.k8s.io/liveness /server): /healthz is 200 for 10 s, then 500.
      return [{ op: 'listen', port: 8080, http: { okPaths: ['/healthz', '/'], failAfterMs: 10_000 } }, { op: 'wait' }];
  }
}

/**
 * The program a container runs. `command`/`args` are the pod spec's; an unknown image never gets
 * here (its pull fails), but the function still answers with a program that exits 0.
 */
export function programFor(image: string, command: string[] | undefined, args: string[] | undefined, sh: ShellContext = EMPTY_SHELL): Program {
  const l = lookupImage(image);
  const argv = [...(command ?? []), ...(args ?? [])];
  const b: ImageBehaviour = l.found ? l.entry.behaviour : { kind: 'shell' };
  const tag = l.found ? l.ref.tag : 'latest';
  // A command naming the server's own program (`command: [redis-server, /redis-master/redis.conf]`)
  // runs it without the image's entrypoint: the same server, its arguments those that follow.
  const direct = b.kind === 'server' && !!b.binary && !!command?.length && command[0]!.split('/').pop() === b.binary;
  if (command && command.length && !direct) return { steps: argvSteps(argv, sh), onSigterm: 'ignore' };
  switch (b.kind) {
    case 'server': {
      const release = l.found ? releaseOf(l)! : (b.version ?? tag);
      const serverArgs = direct ? argv.slice(1) : (args ?? []);
      const p: Program = { steps: serverSteps(b, release, serverArgs, sh, tag.includes('alpine')), onSigterm: 'exit0' };
      const config = b.binary === 'redis-server' ? redisConfigFrom(serverArgs, sh.files) : undefined;
      if (config) p.redisConfig = config;
      const [major, minor] = release.split('.');
      const shutdown = b.shutdownLogsByMajor?.[`${major}.${minor}`] ?? b.shutdownLogsByMajor?.[major!] ?? b.shutdownLogs;
      if (shutdown?.length) p.sigtermLogs = shutdown.map(([stream, text]) => ({ stream, text }));
      if (b.stopSignal && !(b.stopSignal.since && olderRelease(release, b.stopSignal.since))) p.stopSignal = b.stopSignal.name;
      return p;
    }
    case 'pause':
      return { steps: [{ op: 'wait' }], onSigterm: 'exit0' };
    case 'agnhost':
      return { steps: agnhostSteps(args ?? []), onSigterm: 'exit0' };
    case 'exit':
      return {
        steps: [...b.logs.map((text) => ({ op: 'log', stream: 'stdout', text }) as Step), { op: 'sleep', ms: b.afterMs }, { op: 'exit', code: b.code }],
        onSigterm: 'exit0',
      };
    case 'cli':
      if (!args || !args.length) return { steps: [{ op: 'log', stream: 'stderr', text: b.usage }, { op: 'exit', code: b.code }], onSigterm: 'exit0' };
      return { steps: [], onSigterm: 'exit0' };
    case 'policy-webhook':
      return { steps: policyWebhookSteps(args ?? []), onSigterm: 'exit0' };
    case 'metrics-server':
      return { steps: metricsServerSteps(tag, args ?? []), onSigterm: 'exit0' };
    case 'stress':
      // ENTRYPOINT is stress itself; as PID 1 without a handler it ignores SIGTERM.
      return { steps: stressSteps(args ?? []), onSigterm: 'ignore' };
    case 'shell':
      // CMD is `sh`; args replace it, so `args: ["sleep", "3600"]` runs sleep.
      return { steps: argv.length ? argvSteps(argv, sh) : [], onSigterm: 'ignore' };
  }
}
