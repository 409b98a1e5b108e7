// What is inside an image besides its main program: which shell (busybox ash, Debian's dash and
// bash, or none at all in a distroless image), which tools are on $PATH, the image config's `Env`,
// and the top of its file tree. `kubectl exec` runs these (runtime/exec.ts); a tool that is not in
// the image fails as runc fails (`exec: "ps": executable file not found in $PATH`). The families
// follow the images' Dockerfiles: busybox and alpine ship busybox; nginx, redis, httpd and the
// language images are built FROM debian (no procps, so no `ps`); ubuntu has procps; pause,
// hello-world and http-echo are FROM scratch.

import { lookupImage, releaseOf } from './behaviour';
import { repositoryName } from './reference';

export type ShellFlavour = 'busybox' | 'dash' | 'none';

export interface Userland {
  shell: ShellFlavour;
  /** Has /bin/bash (Debian-based images). */
  bash: boolean;
  /** Programs on $PATH (besides the shells). */
  tools: ReadonlySet<string>;
  /** The image config's Env after PATH (nginx's NGINX_VERSION ...). */
  imageEnv: [string, string][];
  /** Entries of `/`. */
  rootDirs: string[];
  /** `id` of root. */
  rootId: string;
}

export const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const COMMON = ['cat', 'date', 'echo', 'env', 'false', 'grep', 'hostname', 'id', 'ls', 'printenv', 'pwd', 'sleep', 'true', 'uname', 'whoami', 'touch', 'rm', 'mkdir'];
const BUSYBOX: Userland = {
  shell: 'busybox',
  bash: false,
  tools: new Set([...COMMON, 'ps', 'wget', 'nslookup', 'top', 'vi']),
  imageEnv: [],
  rootDirs: ['bin', 'dev', 'etc', 'home', 'lib', 'lib64', 'proc', 'root', 'sys', 'tmp', 'usr', 'var'],
  rootId: 'uid=0(root) gid=0(root) groups=0(root),10(wheel)',
};
const ALPINE: Userland = {
  ...BUSYBOX,
  rootDirs: ['bin', 'dev', 'etc', 'home', 'lib', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'],
  rootId: 'uid=0(root) gid=0(root) groups=0(root),1(bin),2(daemon),3(sys),4(adm),6(disk),10(wheel),11(floppy),20(dialout),26(tape),27(video)',
};
const DEBIAN_ROOT = ['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'];
const DEBIAN: Userland = { shell: 'dash', bash: true, tools: new Set(COMMON), imageEnv: [], rootDirs: DEBIAN_ROOT, rootId: 'uid=0(root) gid=0(root) groups=0(root)' };
const SCRATCH: Userland = { shell: 'none', bash: false, tools: new Set(), imageEnv: [], rootDirs: ['dev', 'etc', 'proc', 'sys'], rootId: '' };

/** Per repository, where it is not plain Debian. */
const BY_REPOSITORY: Record<string, (tag: string, release?: string) => Userland> = {
  'docker.io/library/busybox': () => BUSYBOX,
  'registry.k8s.io/busybox': () => BUSYBOX,
  'registry.k8s.io/e2e-test-images/busybox': () => BUSYBOX,
  // Debian jessie with dnsutils (bind's nslookup, dig, host): the "Debugging DNS Resolution" page's image.
  'registry.k8s.io/e2e-test-images/jessie-dnsutils': () => ({ ...DEBIAN, tools: new Set([...COMMON, 'ps', 'nslookup', 'dig', 'host']) }),
  'docker.io/library/alpine': () => ALPINE,
  'docker.io/curlimages/curl': () => ({ ...ALPINE, tools: new Set([...ALPINE.tools, 'curl']) }),
  'docker.io/nicolaka/netshoot': () => ({ ...ALPINE, bash: true, tools: new Set([...ALPINE.tools, 'curl', 'dig']) }),
  'docker.io/library/ubuntu': () => ({ ...DEBIAN, tools: new Set([...COMMON, 'ps']) }),
  'docker.io/library/nginx': (tag, release) =>
    tag.includes('alpine')
      ? { ...ALPINE, tools: new Set([...ALPINE.tools, 'curl', 'nginx']), imageEnv: nginxEnv(release) }
      : { ...DEBIAN, tools: new Set([...COMMON, 'curl', 'nginx']), imageEnv: nginxEnv(release), rootDirs: [...DEBIAN_ROOT, 'docker-entrypoint.d', 'docker-entrypoint.sh'].sort() },
  // The redis images ship redis-cli next to redis-server.
  'docker.io/library/redis': (tag) => (tag.includes('alpine') ? { ...ALPINE, tools: new Set([...ALPINE.tools, 'redis-cli']) } : { ...DEBIAN, tools: new Set([...COMMON, 'redis-cli']) }),
  'registry.k8s.io/pause': () => SCRATCH,
  'docker.io/library/hello-world': () => SCRATCH,
  'docker.io/hashicorp/http-echo': () => SCRATCH,
};

// nginx's Dockerfile (docker-nginx mainline/debian): ENV NGINX_VERSION, NJS_VERSION, NJS_RELEASE,
// PKG_RELEASE. NGINX_VERSION is the tag's release (tag-version.ts); njs's are 1.27.1's, and
// 1.25.5's as its last build recorded them (docker-library/repo-info nginx mainline.md, May 2024);
// other releases keep 1.27.1's njs values (not looked up).
const NJS: Record<string, [string, string]> = { '1.27.1': ['0.8.5', '1~bookworm'], '1.25.5': ['0.8.4', '3~bookworm'] };

function nginxEnv(release = '1.27.1'): [string, string][] {
  const [njs, njsRelease] = NJS[release] ?? NJS['1.27.1']!;
  return [
    ['NGINX_VERSION', release],
    ['NJS_VERSION', njs],
    ['NJS_RELEASE', njsRelease],
    ['PKG_RELEASE', '1~bookworm'],
  ];
}

export function userlandOf(image: string): Userland {
  const l = lookupImage(image);
  if (!l.found) return DEBIAN;
  const repo = repositoryName(l.ref);
  if (Object.hasOwn(BY_REPOSITORY, repo)) return BY_REPOSITORY[repo]!(l.ref.tag, releaseOf(l));
  return l.ref.tag.includes('alpine') ? ALPINE : DEBIAN;
}
