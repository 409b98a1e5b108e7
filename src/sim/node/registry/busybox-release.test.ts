// Which BusyBox release each docker.io/library/busybox tag runs, and the banner its usage texts
// print (libbb/messages.c bb_banner: `BusyBox v<release> (<build time>) multi-call binary.`), each
// as a busybox image of that release printed it: kubectl transcripts of busybox:1.28.4 (1.28.4),
// of a busybox pod in Feb 2022 (1.34.1), `busybox | head -1` in a pod and repo-info's
// local/1.35.md `Created: 2021-12-26T16:56:57Z` (1.35.0), local/1.36.1.md `Created:
// 2023-05-18T22:34:17Z` and busybox:1.36 transcripts (1.36.1); busybox-release.ts names the records.
import { describe, expect, it } from 'vitest';
import { busyboxBanner, busyboxRelease, busyboxUsage } from './busybox-release';
import { PUBLISHED_DIGESTS } from './published-digests';
import { userlandOf } from './userland';

describe('busybox releases', () => {
  it.each([
    ['busybox:1.28', '1.28.4'],
    ['busybox:1.34', '1.34.1'],
    ['busybox:1.35', '1.35.0'],
    ['busybox:1.36', '1.36.1'],
    ['busybox:1.36.1', '1.36.1'],
    ['busybox', '1.36.1'],
    ['busybox:stable', '1.36.1'],
    ['busybox:musl', '1.36.1'],
    ['busybox:glibc', '1.36.1'],
  ])('%s runs BusyBox %s', (image, release) => {
    expect(busyboxRelease(image)).toBe(release);
  });

  it.each([
    ['busybox:1.28', 'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.'],
    ['busybox:1.34', 'BusyBox v1.34.1 (2022-02-03 01:05:27 UTC) multi-call binary.'],
    ['busybox:1.35', 'BusyBox v1.35.0 (2021-12-26 16:56:57 UTC) multi-call binary.'],
    ['busybox:latest', 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.'],
  ])('%s prints %s', (image, banner) => {
    expect(busyboxBanner(image)).toBe(banner);
    expect(busyboxUsage(userlandOf(image).busyboxRelease!, 'grep').split('\n')[0]).toBe(banner);
  });

  it('gives no busybox release to an image without busybox', () => {
    expect(userlandOf('nginx:1.27').busyboxRelease).toBeUndefined();
  });

  // grep's usage line in busybox images of 1.22.1 and 1.31.1 (so 1.28.4's) and of 1.35.0 and 1.36.1.
  it("prints the usage of the release's own applet", () => {
    expect(busyboxUsage('1.28.4', 'grep')).toBe('BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: grep [-HhnlLoqvsriwFE] [-m N] [-A/B/C N] PATTERN/-e PATTERN.../-f FILE [FILE]...\n');
    expect(busyboxUsage('1.35.0', 'grep')).toBe('BusyBox v1.35.0 (2021-12-26 16:56:57 UTC) multi-call binary.\n\nUsage: grep [-HhnlLoqvsrRiwFE] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...\n');
    expect(busyboxUsage('1.28.4', 'wget')).toContain("Usage: wget [-c|--continue] [--spider] [-q|--quiet] [-O|--output-document FILE]\n\t[--header 'header: value'] [-Y|--proxy on/off] [-P DIR]\n\t[-S|--server-response] [-U|--user-agent AGENT] [-T SEC] URL...\n");
  });

  // published-digests.ts: a tag's digest is a build of the release the tag runs, so each published
  // busybox tag's record names that release (`BusyBox 1.28.4`, as repo-info's RUN lines do).
  it('publishes for each busybox tag a build of the release it runs', () => {
    const names = Object.keys(PUBLISHED_DIGESTS).filter((n) => n.startsWith('docker.io/library/busybox:'));
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const name of names) expect([name, PUBLISHED_DIGESTS[name]!.seen]).toEqual([name, expect.stringContaining(`BusyBox ${busyboxRelease(name)}`)]);
  });
});
