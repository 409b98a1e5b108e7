// `crictl ps` flags, checked against cri-tools v1.31.1 cmd/crictl/container.go (listContainersCommand,
// ListContainers, getContainersList, OutputContainers) and util.go (parseLabelStringSlice, matchesRegex).
import { describe, expect, it } from 'vitest';
import type { ContainerInfo } from '../../node/runtime/cri';
import { filterContainers, parsePsOptions, quietIds, type PsOptions } from './crictl-ps';
import { psTable } from './crictl-format';
import { psJson, psYaml } from './crictl-ps-output';

function ctr(id: string, name: string, state: ContainerInfo['state'], createdAt: number, pod = 'p1' + '0'.repeat(62)): ContainerInfo {
  return { id: id.padEnd(64, '0'), podSandboxId: pod, metadata: { name, attempt: 0 }, image: 'nginx', imageRef: 'sha256:' + 'b'.repeat(64), state, createdAt, labels: { 'io.kubernetes.pod.name': name, app: name } };
}
const WEB = ctr('aa11', 'web', 'CONTAINER_RUNNING', 3000);
const OLD = ctr('aa22', 'web', 'CONTAINER_EXITED', 1000);
const DB = ctr('bb11', 'db', 'CONTAINER_RUNNING', 2000, 'p2' + '0'.repeat(62));
const NEW = ctr('cc11', 'job', 'CONTAINER_CREATED', 4000);
const ALL = [WEB, OLD, DB, NEW];

function ps(line: string): ContainerInfo[] {
  const o = parsePsOptions(line.split(' ').filter(Boolean));
  if (typeof o === 'string') throw new Error(o);
  return filterContainers(ALL, o);
}
const names = (cs: ContainerInfo[]): string[] => cs.map((c) => `${c.metadata.name}/${c.state}`);

describe('crictl ps filters (cri-tools container.go)', () => {
  it('shows running containers newest first; -a shows every state', () => {
    expect(names(ps(''))).toEqual(['web/CONTAINER_RUNNING', 'db/CONTAINER_RUNNING']);
    expect(names(ps('-a'))).toEqual(['job/CONTAINER_CREATED', 'web/CONTAINER_RUNNING', 'db/CONTAINER_RUNNING', 'web/CONTAINER_EXITED']);
  });

  it('--name is a regular expression on the container name, within the state filter', () => {
    expect(names(ps('--name web'))).toEqual(['web/CONTAINER_RUNNING']);
    expect(names(ps('--name=^w -a'))).toEqual(['web/CONTAINER_RUNNING', 'web/CONTAINER_EXITED']);
    expect(names(ps('--name d.'))).toEqual(['db/CONTAINER_RUNNING']);
    expect(names(ps('--name ('))).toEqual([]);
  });

  it('--state (-s) picks one state case-insensitively and rejects others', () => {
    expect(names(ps('--state exited'))).toEqual(['web/CONTAINER_EXITED']);
    expect(names(ps('-s Created'))).toEqual(['job/CONTAINER_CREATED']);
    expect(parsePsOptions(['--state', 'dead'])).toBe('FATA[0000] --state should be one of created, running, exited or unknown\n');
  });

  it('--latest and --last N ignore the state filter; --id and --pod take a unique prefix; --label must match', () => {
    expect(names(ps('-l'))).toEqual(['job/CONTAINER_CREATED']);
    expect(names(ps('-n 3'))).toEqual(['job/CONTAINER_CREATED', 'web/CONTAINER_RUNNING', 'db/CONTAINER_RUNNING']);
    expect(names(ps('--id aa2 -a'))).toEqual(['web/CONTAINER_EXITED']);
    expect(names(ps('--id aa'))).toEqual([]);
    expect(names(ps('-p p2'))).toEqual(['db/CONTAINER_RUNNING']);
    expect(names(ps('--label app=db'))).toEqual(['db/CONTAINER_RUNNING']);
    expect(parsePsOptions(['--label', 'app'])).toBe('FATA[0000] incorrectly specified label: app\n');
  });

  it('-q prints full ids one per line with no header, and combines with other short flags (-aq)', () => {
    const o = parsePsOptions(['-aq']) as PsOptions;
    expect(o).toMatchObject({ all: true, quiet: true });
    expect(quietIds(filterContainers(ALL, o))).toBe([NEW, WEB, DB, OLD].map((c) => c.id + '\n').join(''));
  });

  it('--no-trunc prints whole ids; a container without the pod-name label shows POD unknown', () => {
    const bare = { ...WEB, labels: {} };
    const out = psTable([bare], 60_000, true).split('\n')[1]!;
    expect(out.startsWith(WEB.id + '   sha256:' + 'b'.repeat(64))).toBe(true);
    expect(out.endsWith(' unknown')).toBe(true);
  });
});

describe('crictl ps flag errors (Go flag package texts, reported by crictl main through logrus.Fatal)', () => {
  it('names the flag with one dash', () => {
    expect(parsePsOptions(['--name'])).toBe('FATA[0000] flag needs an argument: -name\n');
    expect(parsePsOptions(['--bogus'])).toBe('FATA[0000] flag provided but not defined: -bogus\n');
    expect(parsePsOptions(['-n', 'abc'])).toBe('FATA[0000] invalid value "abc" for flag -n: parse error\n');
  });
});

// cri-tools v1.31.1 util.go protobufObjectToJSON (protojson, EmitDefaultValues, Indent "  ") and
// outputProtobufObjAsYAML (sigs.k8s.io/yaml JSONToYAML), both printed with fmt.Println.
describe('crictl ps -o json|yaml', () => {
  const c = { ...DB, labels: { z: '1', app: 'db' } };
  it('json: the runtime.v1.Container fields in proto order, int64 createdAt as a string, sorted map keys', () => {
    expect(psJson([c])).toBe(`{
  "containers": [
    {
      "id": "${DB.id}",
      "podSandboxId": "${DB.podSandboxId}",
      "metadata": {
        "name": "db",
        "attempt": 0
      },
      "image": {
        "image": "nginx",
        "annotations": {},
        "userSpecifiedImage": "",
        "runtimeHandler": ""
      },
      "imageRef": "sha256:${'b'.repeat(64)}",
      "state": "CONTAINER_RUNNING",
      "createdAt": "1723539602000000000",
      "labels": {
        "app": "db",
        "z": "1"
      },
      "annotations": {},
      "imageId": ""
    }
  ]
}
`);
  });
  it('yaml: keys sorted, the int64 string quoted, an empty line at the end', () => {
    expect(psYaml([c])).toBe(`containers:
- annotations: {}
  createdAt: "1723539602000000000"
  id: ${DB.id}
  image:
    annotations: {}
    image: nginx
    runtimeHandler: ""
    userSpecifiedImage: ""
  imageId: ""
  imageRef: sha256:${'b'.repeat(64)}
  labels:
    app: db
    z: "1"
  metadata:
    attempt: 0
    name: db
  podSandboxId: ${DB.podSandboxId}
  state: CONTAINER_RUNNING

`);
    expect(psYaml([])).toBe('containers: []\n\n');
  });
  it('-o is parsed (default table)', () => {
    expect((parsePsOptions([]) as PsOptions).output).toBe('table');
    expect((parsePsOptions(['-o', 'json']) as PsOptions).output).toBe('json');
    expect((parsePsOptions(['--output=yaml']) as PsOptions).output).toBe('yaml');
  });
});
