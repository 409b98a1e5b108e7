// What a container's processes look like from the host (seed, chapter 1: a container is just a
// process, or a group of processes, on the host). The image decides: nginx's master forks one worker
// per CPU of the host (`worker_processes auto;` in the image's nginx.conf, and a container sees all
// of the host's CPUs), httpd's parent forks its children, redis-server is one process, and a
// command or args from the pod spec replaces the image's default (`sleep 3600`).

import { lookupImage } from '../registry/behaviour';
import { repositoryName } from '../registry/reference';

/** One process a container runs: its argv as ps prints it, its comm (pstree), its uid, and its children. */
export interface ProcessSpec {
  args: string;
  comm: string;
  uid: number;
  /** Virtual and resident size in KiB (ps aux's VSZ and RSS). */
  vszKb: number;
  rssKb: number;
  children?: ProcessSpec[];
}

/** The uid the image's programs run as (the Dockerfiles' `user` directives and gosu calls). */
const NGINX_UID = 101; // nginx.conf `user nginx;` (uid 101 in the official image)
const REDIS_UID = 999; // the redis image's entrypoint drops to the redis user with gosu
const HTTPD_UID = 33; // www-data, httpd.conf `User www-data`

function comm(argv0: string): string {
  // The kernel keeps the executable's base name, cut to 15 characters (TASK_COMM_LEN - 1).
  return (argv0.split('/').at(-1) ?? argv0).slice(0, 15);
}

function plain(argv: string[], uid = 0, vszKb = 1600, rssKb = 900): ProcessSpec {
  return { args: argv.join(' '), comm: comm(argv[0] ?? ''), uid, vszKb, rssKb };
}

/** The image's own default process, where the pod spec gives no command. */
function imageDefault(image: string, args: string[], cpus: number): ProcessSpec | undefined {
  const l = lookupImage(image);
  if (!l.found) return undefined;
  const repo = repositoryName(l.ref);
  if (repo.endsWith('/nginx') || repo.endsWith('/nginx-slim')) {
    const worker: ProcessSpec = { args: 'nginx: worker process', comm: 'nginx', uid: NGINX_UID, vszKb: 11856, rssKb: 2876 };
    return { args: 'nginx: master process nginx -g daemon off;', comm: 'nginx', uid: 0, vszKb: 11404, rssKb: 7404, children: Array.from({ length: Math.max(1, cpus) }, () => ({ ...worker })) };
  }
  if (repo.endsWith('/redis')) return { args: `redis-server *:6379${args.length ? ' ' + args.join(' ') : ''}`, comm: 'redis-server', uid: REDIS_UID, vszKb: 139256, rssKb: 10752 };
  if (repo.endsWith('/httpd')) {
    const child: ProcessSpec = { args: 'httpd -DFOREGROUND', comm: 'httpd', uid: HTTPD_UID, vszKb: 1998456, rssKb: 3664 };
    return { args: 'httpd -DFOREGROUND', comm: 'httpd', uid: 0, vszKb: 5880, rssKb: 4524, children: [{ ...child }, { ...child }, { ...child }] };
  }
  if (repo === 'registry.k8s.io/coredns/coredns') return plain(['/coredns', ...args], 0, 748412, 48200);
  if (repo === 'registry.k8s.io/metrics-server/metrics-server') return plain(['/metrics-server', ...args], 0, 1285124, 21400);
  if (repo === 'registry.k8s.io/e2e-test-images/agnhost') return plain(['/agnhost', ...args], 0, 742748, 14000);
  switch (l.entry.behaviour.kind) {
    case 'shell':
      // CMD is a shell; args replace it.
      return args.length ? plain(args) : undefined;
    case 'stress':
      return plain(['stress', ...args], 0, 7480, 1100);
    case 'server':
      return plain([`/${repo.split('/').at(-1)}`, ...args], 0, 720000, 12000);
    default:
      return undefined;
  }
}

/**
 * The processes of a container as the host sees them, its main process first. A command from the
 * pod spec (command, then args) replaces the image's ENTRYPOINT and CMD, as runc execs it.
 */
export function containerProcesses(image: string, command: string[] | undefined, args: string[] | undefined, cpus: number): ProcessSpec {
  if (command && command.length) return plain([...command, ...(args ?? [])]);
  return imageDefault(image, args ?? [], cpus) ?? plain(args && args.length ? args : [comm(image.split(':')[0] ?? image)]);
}

/** pause: the sandbox's process, `/pause` as uid 65535 (the image's USER 65535:65535). */
export const PAUSE_PROCESS: ProcessSpec = { args: '/pause', comm: 'pause', uid: 65535, vszKb: 1020, rssKb: 512 };

/** The runc shim containerd starts for each pod sandbox; it re-parents itself to PID 1. */
export function shimProcess(sandboxId: string): ProcessSpec {
  return { args: `/usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${sandboxId} -address /run/containerd/containerd.sock`, comm: 'containerd-shim', uid: 0, vszKb: 1238276, rssKb: 12544 };
}
