// What is inside an image besides its main program: which shell (busybox ash, Debian's dash and
// bash, or none at all in a distroless image), which tools are on $PATH, the image config's `Env`,
// and the top of its file tree. `kubectl exec` runs these (runtime/exec.ts); a tool that is not in
// the image fails as runc fails (`exec: "ps": executable file not found in $PATH`). The families
// follow the images' Dockerfiles: busybox and alpine ship busybox; nginx, redis, httpd and the
// language images are built FROM debian (no procps, so no `ps`); ubuntu has procps; pause,
// hello-world and http-echo are FROM scratch.

import { lookupImage, releaseOf } from './behaviour';
import { busyboxRelease } from './busybox-release';
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
  /** The BusyBox release (busybox-release.ts) of images whose tools are busybox's. */
  busyboxRelease?: string;
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
      ? { ...ALPINE, tools: new Set([...ALPINE.tools, 'curl', 'nginx']), imageEnv: nginxEnv(release, true) }
      : { ...DEBIAN, tools: new Set([...COMMON, 'curl', 'nginx']), imageEnv: nginxEnv(release), rootDirs: [...DEBIAN_ROOT, 'docker-entrypoint.d', 'docker-entrypoint.sh'].sort() },
  // The redis images ship redis-cli next to redis-server.
  'docker.io/library/redis': (tag) => (tag.includes('alpine') ? { ...ALPINE, tools: new Set([...ALPINE.tools, 'redis-cli']) } : { ...DEBIAN, tools: new Set([...COMMON, 'redis-cli']) }),
  'registry.k8s.io/pause': () => SCRATCH,
  'docker.io/library/hello-world': () => SCRATCH,
  'docker.io/hashicorp/http-echo': () => SCRATCH,
};

// nginx's image Env after PATH, per release, as the ENV lines of nginx/docker-nginx's Dockerfiles
// set it (the build a tag last pointed to, tag-version.ts; for 1.26.2 and 1.27.1, the builds of
// Kubeplay's nginx date, Aug to Oct 2024). The alpine images are built FROM the alpine-slim one,
// so its ENV lines come first (NGINX_VERSION, PKG_RELEASE, DYNPKG_RELEASE), then alpine's (njs).
// The commits read: 1.7.9 Dockerfile bd371f8; 1.14.2 stable/stretch b71469a; 1.16.1 stable/buster
// d1e9225; 1.23.4 mainline/debian 0f26b68; 1.24.0 stable/debian cd3d076; 1.25.5 mainline/debian,
// alpine-slim and alpine 9abe4ae (NJS_RELEASE 3: as docker-library/repo-info's mainline.md of the
// last 1.25 build records it); 1.26.2 stable/debian and 1.27.1 mainline/* d8e9176 (1.26.2's
// rebuild of 27 Dec 2024, f227279, moved njs to 0.8.8). Only 1.25.5 and 1.27.1 have alpine tags here.
type Env = [string, string][];
const NGINX_ENV: Record<string, { debian: Env; alpine?: Env }> = {
  '1.7.9': { debian: [['NGINX_VERSION', '1.7.9-1~wheezy']] },
  '1.14.2': { debian: [['NGINX_VERSION', '1.14.2-1~stretch'], ['NJS_VERSION', '1.14.2.0.2.6-1~stretch']] },
  '1.16.1': { debian: [['NGINX_VERSION', '1.16.1'], ['NJS_VERSION', '0.3.8'], ['PKG_RELEASE', '1~buster']] },
  '1.23.4': { debian: [['NGINX_VERSION', '1.23.4'], ['NJS_VERSION', '0.7.11'], ['PKG_RELEASE', '1~bullseye']] },
  '1.24.0': { debian: [['NGINX_VERSION', '1.24.0'], ['NJS_VERSION', '0.8.0'], ['PKG_RELEASE', '1~bullseye']] },
  '1.25.5': {
    debian: [['NGINX_VERSION', '1.25.5'], ['NJS_VERSION', '0.8.4'], ['NJS_RELEASE', '3~bookworm'], ['PKG_RELEASE', '1~bookworm']],
    alpine: [['NGINX_VERSION', '1.25.5'], ['PKG_RELEASE', '1'], ['NJS_VERSION', '0.8.4'], ['NJS_RELEASE', '3']],
  },
  '1.26.2': { debian: [['NGINX_VERSION', '1.26.2'], ['NJS_VERSION', '0.8.5'], ['NJS_RELEASE', '1~bookworm'], ['PKG_RELEASE', '1~bookworm'], ['DYNPKG_RELEASE', '2~bookworm']] },
  '1.27.1': {
    debian: [['NGINX_VERSION', '1.27.1'], ['NJS_VERSION', '0.8.5'], ['NJS_RELEASE', '1~bookworm'], ['PKG_RELEASE', '1~bookworm'], ['DYNPKG_RELEASE', '2~bookworm']],
    alpine: [['NGINX_VERSION', '1.27.1'], ['PKG_RELEASE', '1'], ['DYNPKG_RELEASE', '2'], ['NJS_VERSION', '0.8.5'], ['NJS_RELEASE', '1']],
  },
};

/** The release's Env; a release not listed keeps 1.27.1's with its own NGINX_VERSION (not looked up). */
export function nginxEnv(release = '1.27.1', alpine = false): Env {
  const known = NGINX_ENV[release];
  const base = NGINX_ENV['1.27.1']!;
  const env = (alpine ? known?.alpine ?? base.alpine! : known?.debian ?? base.debian).map(([k, v]): [string, string] => [k, v]);
  if (!known || (alpine && !known.alpine)) env[0] = ['NGINX_VERSION', release];
  return env;
}

export function userlandOf(image: string): Userland {
  const l = lookupImage(image);
  if (!l.found) return DEBIAN;
  const repo = repositoryName(l.ref);
  const u = Object.hasOwn(BY_REPOSITORY, repo) ? BY_REPOSITORY[repo]!(l.ref.tag, releaseOf(l)) : l.ref.tag.includes('alpine') ? ALPINE : DEBIAN;
  return u.shell === 'busybox' ? { ...u, busyboxRelease: busyboxRelease(image) } : u;
}
