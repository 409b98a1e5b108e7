// describeVolumes (kubectl/pkg/describe/describe.go, v1.31): the `Volumes:` block of `describe pod`
// and of a Pod Template, one entry per volume with its type line and fields. The projected source
// prints v1.31's `ConfigMapOptional:` / `SecretOptionalName:` with Go's %v of a *bool: `<nil>` when
// unset (the usual case, as in every pod's kube-api-access volume). Set, real kubectl prints the
// pointer's address; Kubeplay prints the value instead.

interface KeyRef {
  name?: string;
  secretName?: string;
  optional?: boolean;
}

interface Volume {
  name: string;
  hostPath?: { path: string; type?: string };
  emptyDir?: { medium?: string; sizeLimit?: string | number };
  secret?: KeyRef;
  configMap?: KeyRef;
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  downwardAPI?: { items?: { path: string; fieldRef?: { fieldPath: string }; resourceFieldRef?: { resource: string } }[] };
  projected?: {
    sources?: { secret?: KeyRef; configMap?: KeyRef; downwardAPI?: unknown; serviceAccountToken?: { expirationSeconds?: number } }[];
  };
}

const L2 = '    ';
const L3 = '      ';

const optionalPtr = (v: boolean | undefined): string => (v === undefined ? '<nil>' : String(v));

function projected(p: NonNullable<Volume['projected']>): string {
  let s = `${L2}Type:\tProjected (a volume that contains injected data from multiple sources)\n`;
  for (const src of p.sources ?? []) {
    if (src.secret) s += `${L2}SecretName:\t${src.secret.name ?? ''}\n${L2}SecretOptionalName:\t${optionalPtr(src.secret.optional)}\n`;
    else if (src.downwardAPI) s += `${L2}DownwardAPI:\ttrue\n`;
    else if (src.configMap) s += `${L2}ConfigMapName:\t${src.configMap.name ?? ''}\n${L2}ConfigMapOptional:\t${optionalPtr(src.configMap.optional)}\n`;
    else if (src.serviceAccountToken) s += `${L2}TokenExpirationSeconds:\t${src.serviceAccountToken.expirationSeconds ?? 3600}\n`;
  }
  return s;
}

function volumeSource(v: Volume): string {
  if (v.hostPath) return `${L2}Type:\tHostPath (bare host directory volume)\n${L2}Path:\t${v.hostPath.path}\n${L2}HostPathType:\t${v.hostPath.type || '<none>'}\n`;
  if (v.emptyDir) {
    const limit = v.emptyDir.sizeLimit !== undefined && String(v.emptyDir.sizeLimit) !== '0' ? String(v.emptyDir.sizeLimit) : '<unset>';
    return `${L2}Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n${L2}Medium:\t${v.emptyDir.medium ?? ''}\n${L2}SizeLimit:\t${limit}\n`;
  }
  if (v.secret) return `${L2}Type:\tSecret (a volume populated by a Secret)\n${L2}SecretName:\t${v.secret.secretName ?? ''}\n${L2}Optional:\t${v.secret.optional === true}\n`;
  if (v.configMap) return `${L2}Type:\tConfigMap (a volume populated by a ConfigMap)\n${L2}Name:\t${v.configMap.name ?? ''}\n${L2}Optional:\t${v.configMap.optional === true}\n`;
  if (v.persistentVolumeClaim) {
    const c = v.persistentVolumeClaim;
    return `${L2}Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n${L2}ClaimName:\t${c.claimName}\n${L2}ReadOnly:\t${c.readOnly === true}\n`;
  }
  if (v.downwardAPI) {
    let s = `${L2}Type:\tDownwardAPI (a volume populated by information about the pod)\n${L2}Items:\n`;
    for (const i of v.downwardAPI.items ?? []) {
      if (i.fieldRef) s += `${L3}${i.fieldRef.fieldPath} -> ${i.path}\n`;
      if (i.resourceFieldRef) s += `${L3}${i.resourceFieldRef.resource} -> ${i.path}\n`;
    }
    return s;
  }
  if (v.projected) return projected(v.projected);
  return '  <unknown>\n';
}

/** `space` is '' for a pod and '  ' inside a Pod Template (whose volume names get one more space). */
export function describeVolumes(volumes: unknown[] | undefined, space = ''): string {
  const list = (volumes ?? []) as Volume[];
  if (list.length === 0) return `${space}Volumes:\t<none>\n`;
  const nameIndent = space ? ' ' : '';
  return `${space}Volumes:\n` + list.map((v) => `  ${nameIndent}${v.name}:\n${volumeSource(v)}`).join('');
}
