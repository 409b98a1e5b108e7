// Which release of a program a tag runs, for the `{version}` of its startup lines and nginx's
// NGINX_VERSION. The Docker Official Images tag every build of a release line with the line's
// shorter names too (docker-library/official-images library/nginx: `Tags: 1.21.1, mainline, 1,
// 1.21, latest`, `Tags: 1.20.1, stable, 1.20`, `Tags: 1.21.1-alpine, ..., 1.21-alpine, alpine`), so:
// - a full `x.y.z` tag is that release (`1.25.5-alpine` too: a variant suffix changes the base
//   image, not the release);
// - a shorter numeric tag (`1.25`, `7`) is the newest release of that line the repository holds,
//   the build the tag last pointed to (nginx's 1.25 ended at 1.25.5);
// - a name the repository aliases (nginx's `stable`) is the line it stands for, or the release it
//   last named where the catalogue lists no full tag of that line (wordpress's `4.8` is `4.8.3`);
// - anything else (`latest`, `mainline`, `alpine`) is the repository's current release.

const FULL = /^\d+\.\d+\.\d+$/;
const LINE = /^\d+(\.\d+)?$/;

function newer(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

/**
 * The release `tag` runs. `tags` are the repository's tags, `current` its current release (the
 * catalogue's `version`), `aliases` named tags that stand for a line (`stable` -> `1.26`).
 */
export function tagVersion(tag: string, tags: readonly string[], current?: string, aliases: Readonly<Record<string, string>> = {}): string {
  const base = tag.split('-')[0]!;
  if (FULL.test(base)) return base;
  const line = Object.hasOwn(aliases, base) ? aliases[base]! : base;
  if (FULL.test(line)) return line;
  if (LINE.test(line)) {
    let best: string | undefined;
    for (const t of tags) if (FULL.test(t) && t.startsWith(`${line}.`) && (!best || newer(t, best))) best = t;
    if (best) return best;
  }
  return current ?? tag;
}
