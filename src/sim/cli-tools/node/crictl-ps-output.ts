// `crictl ps -o json|yaml`, as cri-tools v1.31.1 cmd/crictl/container.go OutputContainers does it:
// the ListContainersResponse through protojson (util.go protobufObjectToJSON: EmitDefaultValues, a
// two-space indent, proto field names in lowerCamelCase, int64 as a JSON string, map keys sorted),
// printed with fmt.Println; YAML is that JSON through sigs.k8s.io/yaml JSONToYAML (keys sorted),
// also printed with fmt.Println, so it ends with an empty line. Any other -o value fails after the
// RPC with `listing containers: unsupported output format "x"`.
// Simplified: the simulated kubelet passes no container annotations and no userSpecifiedImage or
// runtimeHandler, so those print empty, as the runtime would report them for such a config.

import { simEpochMs } from '../../api/time';
import type { ContainerInfo } from '../../node/runtime/cri';
import { goYaml } from '../common/go-yaml';

function sortedMap(m: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(m).sort()) out[k] = m[k]!;
  return out;
}

/** One runtime.v1.Container in protojson's field order (the .proto's declaration order). */
function protoContainer(c: ContainerInfo): Record<string, unknown> {
  // created_at is int64 nanoseconds since the Unix epoch; protojson writes int64 as a string.
  const createdAtNs = (BigInt(simEpochMs() + Math.floor(c.createdAt)) * 1000000n).toString();
  return {
    id: c.id,
    podSandboxId: c.podSandboxId,
    metadata: { name: c.metadata.name, attempt: c.metadata.attempt },
    image: { image: c.image, annotations: {}, userSpecifiedImage: '', runtimeHandler: '' },
    imageRef: c.imageRef,
    state: c.state,
    createdAt: createdAtNs,
    labels: sortedMap(c.labels),
    annotations: {},
    imageId: '',
  };
}

/** protojson.MarshalOptions{EmitDefaultValues: true, Indent: "  "} of the ListContainersResponse, plus Println's newline. */
export function psJson(shown: ContainerInfo[]): string {
  return JSON.stringify({ containers: shown.map(protoContainer) }, null, 2) + '\n';
}

/** yaml.JSONToYAML of that JSON, plus Println's newline. */
export function psYaml(shown: ContainerInfo[]): string {
  return goYaml(JSON.parse(psJson(shown))) + '\n';
}
