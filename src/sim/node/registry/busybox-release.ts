// Which BusyBox release a docker.io/library/busybox tag runs, and the first line its usage texts
// print: `BusyBox v<release> (<build time>) multi-call binary.` (libbb/messages.c's bb_banner, the
// build time being the binary's, which busybox's Makefile takes from SOURCE_DATE_EPOCH when set).
// Tags of a line run the line's release the Docker Official Images last built for them (the line's
// last release: 1.28.4, 1.34.1, 1.35.0; busybox 1.35 had no later release); the other names
// (`latest`, `stable`, `musl`, `glibc`) the current 1.36.1, as published-digests.ts records them.
// The build times, each as a busybox image of that release printed it:
// - 1.28.4: `kubectl run --image=busybox:1.28.4 ... nslookup` and `busybox | head -n 1` transcripts
//   (file index ids 35255434580, 30915845267, 14549386712): 2018-05-22 17:00:17 UTC.
// - 1.34.1: `kubectl exec` of a pod of `--image=busybox` (then 1.34.1) running `nc -h` (6745142078):
//   2022-02-03 01:05:27 UTC, a build of Feb 2022; the published busybox:1.34 digest is the
//   May 2022 rebuild of the same release, whose own build time no record shows (simplified).
// - 1.35.0: `busybox | head -1` in a pod (18265848635) and docker-library/repo-info's
//   repos/busybox/local/1.35.md (maxmood96 fork at 1b681df3: `Created: 2021-12-26T16:56:57Z`, a
//   SOURCE_DATE_EPOCH build): 2021-12-26 16:56:57 UTC. The published 1.35 digest is a Dec 2022
//   build of 1.35.0 (simplified likewise).
// - 1.36.1: repo-info's local/1.36.1.md (maxmood96 at 23e283d3: `Created: 2023-05-18T22:34:17Z`)
//   and `grep`/`nslookup` usage in busybox:1.36 and busybox:latest transcripts (11213203924,
//   70109602077): 2023-05-18 22:34:17 UTC; its rebuilds keep it (SOURCE_DATE_EPOCH).
// Other images' busybox (alpine, curl, registry.k8s.io's busybox) print 1.36.1's line (simplified).

import { lookupImage } from './behaviour';
import { repositoryName } from './reference';

export const BUSYBOX_CURRENT = '1.36.1';

const BUILT: Readonly<Record<string, string>> = {
  '1.28.4': '2018-05-22 17:00:17 UTC',
  '1.34.1': '2022-02-03 01:05:27 UTC',
  '1.35.0': '2021-12-26 16:56:57 UTC',
  '1.36.1': '2023-05-18 22:34:17 UTC',
};

const LINE_RELEASE: Readonly<Record<string, string>> = { '1.28': '1.28.4', '1.34': '1.34.1', '1.35': '1.35.0', '1.36': '1.36.1' };

/** The BusyBox release `image` runs (docker.io/library/busybox by its tag; 1.36.1 otherwise). */
export function busyboxRelease(image: string): string {
  const l = lookupImage(image);
  if (!l.found || repositoryName(l.ref) !== 'docker.io/library/busybox') return BUSYBOX_CURRENT;
  const m = /^(\d+\.\d+)(\.\d+)?/.exec(l.ref.tag);
  if (!m) return BUSYBOX_CURRENT;
  const release = m[2] ? m[0] : LINE_RELEASE[m[1]!];
  return release && Object.hasOwn(BUILT, release) ? release : BUSYBOX_CURRENT;
}

const banner = (release: string): string => `BusyBox v${release} (${BUILT[release]!}) multi-call binary.`;

/** The current release's line, for a busybox whose image is not known. */
export const BUSYBOX_BANNER = banner(BUSYBOX_CURRENT);

/** `BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.`, for `image`'s release. */
export function busyboxBanner(image: string): string {
  return banner(busyboxRelease(image));
}
