import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { PUBLISHED_DIGESTS } from './published-digests';

// docker-library/official-images names each build with its release line and, for the newest
// line, with the bare names too: library/python at 01732a42e52ea2aca4809bd272fc38002f19006a
// (`Tags: 3.14.0-trixie, 3.14-trixie, 3-trixie, trixie` / `SharedTags: 3.14.0, 3.14, 3, latest`;
// `Tags: 3.14.0-alpine3.22, ..., 3-alpine, alpine`), library/ruby at
// 006a257b6ab186d16855ef8182eb4eefbd3d5e24 (`Tags: 3.3.1-bookworm, ..., 3.3.1, 3.3, 3, latest`).
// repo-info records a build's release in its image's ENV (NODE_VERSION=22.8.0, ...), so a
// published digest of a line tag (`22`, `3.12-slim`) must be a build of that line, and one of
// `latest`, `lts`, `alpine`, `slim` or of a major alias (`3` while 3.12 is newest) a build of the
// newest line the catalogue lists. These images print no release in Kubeplay, so nothing else
// ties their digests to a release.
const IMAGES = ['node', 'python', 'ruby', 'haproxy', 'caddy', 'perl', 'mongo', 'php', 'mariadb', 'ubuntu', 'rabbitmq', 'golang'];
const NEWEST_ALIASES = new Set(['latest', 'lts', 'alpine', 'slim', 'apache']);
// The release a seen names: repo-info's ENV (NODE_VERSION=22.8.0), perl's command (perl5.40.0),
// ubuntu's label, or the full-release tag a pinned digest was also pinned as (`as node:20.18.0`).
const RELEASE = [/_VERSION=v?(?:\d+:)?(\d+(?:\.\d+)+)/, /\bperl ?(5\.\d+\.\d+)/, /image\.version=(\d+\.\d+)/, /\bas [a-z]+:(\d+\.\d+\.\d+)\b/];

const lineOf = (tag: string): string | undefined => {
  const base = tag.split('-')[0]!;
  return /^\d+(\.\d+)*$/.test(base) ? base : undefined;
};
const newer = (a: string, b: string): boolean => {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) > (y[i] ?? -1);
  return false;
};
const recorded = (seen: string): string | undefined => RELEASE.map((r) => r.exec(seen)?.[1]).find((v) => v);

/** The release repo-info records for a published name, or for another tag of its repository with the same digest. */
function releaseOf(name: string): string | undefined {
  const { digest, seen } = PUBLISHED_DIGESTS[name]!;
  const repo = name.slice(0, name.lastIndexOf(':'));
  return recorded(seen) ?? Object.entries(PUBLISHED_DIGESTS).filter(([n, p]) => n.startsWith(`${repo}:`) && p.digest === digest).map(([, p]) => recorded(p.seen)).find((v) => v);
}

describe('published digests of release lines', () => {
  it.each(IMAGES)('gives %s line tags builds of their line, and latest and its aliases builds of the newest line', (image) => {
    const repo = `docker.io/library/${image}`;
    const lines = Object.keys(CATALOGUE[repo]!.tags).flatMap((t) => lineOf(t) ?? []);
    const newest = lines.reduce((a, b) => (newer(b, a) ? b : a));
    const names = Object.keys(PUBLISHED_DIGESTS).filter((n) => n.startsWith(`${repo}:`));
    let checked = 0;
    for (const name of names) {
      const tag = name.slice(repo.length + 1);
      const line = lineOf(tag);
      const alias = line === undefined && NEWEST_ALIASES.has(tag.split('-')[0]!);
      if (line === undefined && !alias) continue;
      const want = alias || newest.startsWith(`${line}.`) ? newest : line!;
      const release = releaseOf(name);
      if (release === undefined && !alias && line === want) continue;
      expect([name, release === want || release?.startsWith(`${want}.`)]).toEqual([name, true]);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
