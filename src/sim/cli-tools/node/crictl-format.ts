// What crictl (cri-tools v1.31) prints for the CRI answers it gets: its tables (a tabwriter with
// minimum width 20 and padding 3), its "N minutes ago" ages (go-units HumanDuration) and its
// fatal error when the runtime socket refuses the connection.

import type { ContainerInfo, ImageInfo, PodSandboxInfo, RuntimeInfo } from '../../node/runtime/cri';

export const CONTAINERD_SOCKET = '/run/containerd/containerd.sock';

/** cri-tools/cmd/crictl/util.go: tabwriter.NewWriter(os.Stdout, 20, 1, 3, ' ', 0). */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length + 3, 20)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('') + '\n').join('');
}

/** github.com/docker/go-units HumanDuration, as crictl shows CREATED (`2 minutes ago`). */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(seconds / 3600);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/** crictl's getTruncatedID: 13 characters, after the `sha256:` prefix for digests. */
export function truncId(id: string): string {
  return id.replace(/^sha256:/, '').slice(0, 13);
}

const CONTAINER_STATE: Record<string, string> = {
  CONTAINER_CREATED: 'Created',
  CONTAINER_RUNNING: 'Running',
  CONTAINER_EXITED: 'Exited',
  CONTAINER_UNKNOWN: 'Unknown',
};

/** The table of `crictl ps` for containers already filtered and ordered (crictl-ps.ts). */
export function psTable(shown: ContainerInfo[], now: number, noTrunc = false): string {
  const rows = [['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD']];
  const cut = (id: string): string => (noTrunc ? id : truncId(id));
  for (const c of shown) {
    rows.push([
      cut(c.id),
      cut(c.imageRef),
      `${humanDuration(now - c.createdAt)} ago`,
      CONTAINER_STATE[c.state] ?? c.state,
      c.metadata.name,
      String(c.metadata.attempt),
      cut(c.podSandboxId),
      // getPodNameFromLabels: `unknown` without the kubelet's pod-name label.
      c.labels['io.kubernetes.pod.name'] ?? 'unknown',
    ]);
  }
  return table(rows);
}

export function podsTable(pods: PodSandboxInfo[], now: number): string {
  const rows = [['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME']];
  for (const p of [...pods].sort((a, b) => b.createdAt - a.createdAt)) {
    rows.push([
      truncId(p.id),
      `${humanDuration(now - p.createdAt)} ago`,
      p.state === 'SANDBOX_READY' ? 'Ready' : 'NotReady',
      p.metadata.name,
      p.metadata.namespace,
      String(p.metadata.attempt),
      '(default)',
    ]);
  }
  return table(rows);
}

/** go-units HumanSizeWithPrecision(size, 3): decimal units, three significant digits. */
export function humanSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${Number(v.toPrecision(3))}${units[i]}`;
}

/**
 * `crictl images` (cri-tools image.go): one row per repo tag; with --digests a DIGEST column, the
 * truncated digest of the image's first repo digest (normalizeRepoDigest), `<none>` without one.
 */
export function imagesTable(images: ImageInfo[], digests = false): string {
  const rows = [digests ? ['IMAGE', 'TAG', 'DIGEST', 'IMAGE ID', 'SIZE'] : ['IMAGE', 'TAG', 'IMAGE ID', 'SIZE']];
  for (const img of images) {
    const repoDigest = img.repoDigests[0];
    const digest = repoDigest ? truncId(repoDigest.slice(repoDigest.indexOf('@') + 1)) : '<none>';
    for (const tag of img.repoTags.length ? img.repoTags : ['<none>:<none>']) {
      const at = tag.lastIndexOf(':');
      rows.push([tag.slice(0, at), tag.slice(at + 1), ...(digests ? [digest] : []), truncId(img.id), humanSize(img.size)]);
    }
  }
  return table(rows);
}

/**
 * crictl v1.31 checks the runtime's CRI API before any command; with nothing listening on the
 * socket the dial is refused and it exits 1 (cri-tools cmd/crictl/main.go, validate service connection).
 */
export function connectionRefused(): string {
  return (
    `FATA[0000] validate service connection: validate CRI v1 runtime API for endpoint "unix://${CONTAINERD_SOCKET}": ` +
    `rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix ${CONTAINERD_SOCKET}: connect: connection refused"\n`
  );
}

/** `crictl inspect`: a short form of the JSON it prints (status and the CRI info). */
export function inspectJson(c: ContainerInfo, rfc: (ms: number) => string, info?: RuntimeInfo): string {
  const status: Record<string, unknown> = {
    id: c.id,
    metadata: { attempt: c.metadata.attempt, name: c.metadata.name },
    state: c.state,
    createdAt: rfc(c.createdAt),
    startedAt: c.startedAt !== undefined ? rfc(c.startedAt) : '0001-01-01T00:00:00Z',
    finishedAt: c.finishedAt !== undefined ? rfc(c.finishedAt) : '0001-01-01T00:00:00Z',
    exitCode: c.exitCode ?? 0,
    image: { image: c.image },
    imageRef: c.imageRef,
    reason: c.reason ?? '',
    labels: c.labels,
  };
  if (!info) return JSON.stringify({ status }, null, 2) + '\n';
  // containerd's verbose info: the task's host PID and the OCI runtime spec's cgroup and namespaces.
  const verbose = {
    sandboxID: c.podSandboxId,
    pid: info.pid,
    removing: false,
    snapshotter: 'overlayfs',
    runtimeType: 'io.containerd.runc.v2',
    runtimeOptions: { systemd_cgroup: true },
    runtimeSpec: { ociVersion: '1.1.0', linux: { cgroupsPath: info.cgroupsPath, namespaces: info.namespaces } },
  };
  return JSON.stringify({ status, info: verbose }, null, 2) + '\n';
}

/** `crictl inspectp`: the sandbox's status and containerd's info, with /pause's host PID. */
export function inspectpJson(sb: PodSandboxInfo, info: RuntimeInfo, rfc: (ms: number) => string): string {
  const status = {
    id: sb.id,
    metadata: { attempt: sb.metadata.attempt, name: sb.metadata.name, namespace: sb.metadata.namespace, uid: sb.metadata.uid },
    state: sb.state,
    createdAt: rfc(sb.createdAt),
    network: { additionalIps: [], ip: sb.ip ?? '' },
    linux: { namespaces: { options: { ipc: 'POD', network: 'POD', pid: 'CONTAINER', targetId: '', usernsOptions: null } } },
    labels: sb.labels,
    runtimeHandler: '',
  };
  const verbose = {
    pid: info.pid,
    processStatus: info.pid ? 'running' : 'deleted',
    netNamespaceClosed: sb.state !== 'SANDBOX_READY',
    image: info.image,
    runtimeHandler: '',
    runtimeType: 'io.containerd.runc.v2',
    runtimeOptions: { systemd_cgroup: true },
    runtimeSpec: { ociVersion: '1.1.0', linux: { cgroupsPath: info.cgroupsPath, namespaces: info.namespaces } },
  };
  return JSON.stringify({ status, info: verbose }, null, 2) + '\n';
}
