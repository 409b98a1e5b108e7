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

// The first lines of an applet's usage (its trivial usage; Kubeplay leaves out the option list),
// before and after the rewrites of the 1.29 to 1.35 releases:
// - grep: `[-HhnlLoqvsriwFE] [-m N] [-A/B/C N] PATTERN/-e PATTERN.../-f FILE [FILE]...` in the
//   busybox images of 1.22.1 (2014) and 1.31.1 (2020) alike (index ids 1231093698, 24246280158),
//   so in 1.28.4's; `{ PATTERN | -e PATTERN... | -f FILE... }` with -R in 1.35.0 (62504451462) and
//   1.36.1 (11213203924).
// - wget: the long-option form of busybox 1.27.2 and 1.30.1 alike (29727381636, 11102090156), so
//   1.28.4's; 1.36.1's `[-cqS] [--spider] [-O FILE] [-o LOGFILE] ...` for the later ones (1.34.1's
//   and 1.35.0's own not seen: simplified).
// - nslookup: 1.28.4's from `kubectl run --image=busybox:1.28.4` (35255434580); the 1.29 rewrite's
//   (networking/nslookup.c) in 1.34.1 and 1.36.1 transcripts (35434370044, 67604891058).
const OLD_USAGE: Readonly<Record<string, string>> = {
  grep: 'Usage: grep [-HhnlLoqvsriwFE] [-m N] [-A/B/C N] PATTERN/-e PATTERN.../-f FILE [FILE]...\n',
  wget: "Usage: wget [-c|--continue] [--spider] [-q|--quiet] [-O|--output-document FILE]\n\t[--header 'header: value'] [-Y|--proxy on/off] [-P DIR]\n\t[-S|--server-response] [-U|--user-agent AGENT] [-T SEC] URL...\n\nRetrieve files via HTTP or FTP\n",
  nslookup: 'Usage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n',
};
const USAGE: Readonly<Record<string, string>> = {
  grep: 'Usage: grep [-HhnlLoqvsrRiwFE] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...\n',
  wget: 'Usage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...\n\nRetrieve files via HTTP or FTP\n',
  nslookup: 'Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,any\n',
};

/**
 * What `applet` (grep, wget, nslookup) prints on stderr when misused, banner first; `release` as
 * busyboxRelease gives it; `old` overrides which usage (an image whose nslookup is 1.28's kind).
 */
export function busyboxUsage(release: string, applet: 'grep' | 'wget' | 'nslookup', old = release.split('.').map(Number)[1]! < 29): string {
  return `${banner(Object.hasOwn(BUILT, release) ? release : BUSYBOX_CURRENT)}\n\n${(old ? OLD_USAGE : USAGE)[applet]!}`;
}
