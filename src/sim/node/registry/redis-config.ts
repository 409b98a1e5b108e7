// redis-server's configuration file, as the kubernetes.io tutorial "Configuring Redis using a
// ConfigMap" hands it over (a ConfigMap key mounted as /usr/local/etc/redis/redis.conf, the pod's
// `args` naming it; older versions of the page ran `command: [redis-server, /redis-master/redis.conf]`).
// redis reads the file once, at start (src/config.c loadServerConfig), so a ConfigMap update reaches
// the mounted file but not the running server: the page's point. Directives are `name value` lines,
// `#` comments; memory values take redis's units (src/util.c memtoll: `2mb` is 2*1024*1024, `2m`
// 2*1000*1000). CONFIG GET answers the name and value of each parameter matching its glob pattern.
// Simplified: only the parameters below are known, and only their values matter (no validation).

/** Defaults of the parameters modelled, in the order redis 5 to 7 list them (src/config.c). */
const DEFAULTS: [string, string][] = [
  ['dir', '/data'],
  ['port', '6379'],
  ['timeout', '0'],
  ['databases', '16'],
  ['loglevel', 'notice'],
  ['maxclients', '10000'],
  ['maxmemory', '0'],
  ['maxmemory-policy', 'noeviction'],
  ['appendonly', 'no'],
];
const MEMORY = new Set(['maxmemory']);

/** memtoll: a number with an optional unit, k/m/g powers of 1000, kb/mb/gb powers of 1024. */
export function memtoll(v: string): string {
  const m = /^(\d+)(k|kb|m|mb|g|gb)?$/i.exec(v.trim());
  if (!m) return v;
  const unit: Record<string, number> = { k: 1000, kb: 1024, m: 1000 ** 2, mb: 1024 ** 2, g: 1000 ** 3, gb: 1024 ** 3 };
  return String(Number(m[1]) * (m[2] ? unit[m[2].toLowerCase()]! : 1));
}

/** The configuration file named on redis-server's command line (its first argument ending in .conf), read from the container's files. */
export function redisConfigFrom(argv: readonly string[], files: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const path = argv.find((a) => a.endsWith('.conf'));
  if (!path || !Object.hasOwn(files, path)) return undefined;
  const out: Record<string, string> = {};
  for (const raw of files[path]!.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [name, ...value] = line.split(/\s+/);
    const key = name!.toLowerCase();
    out[key] = MEMORY.has(key) ? memtoll(value.join(' ')) : value.join(' ');
  }
  return out;
}

/** CONFIG GET pattern: name, value pairs of the known parameters matching the glob. */
export function configGet(config: Readonly<Record<string, string>> | undefined, pattern: string): [string, string][] {
  const glob = new RegExp(`^${pattern.toLowerCase().replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return DEFAULTS.filter(([name]) => glob.test(name)).map(([name, dflt]) => [name, config && Object.hasOwn(config, name) ? config[name]! : dflt]);
}
