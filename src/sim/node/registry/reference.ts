// Image references as containerd resolves them (github.com/distribution/reference
// ParseNormalizedNamed): `nginx` is `docker.io/library/nginx:latest`, `bitnami/redis:7` is
// `docker.io/bitnami/redis:7`, and a first component with a dot, a colon or `localhost` is a registry
// host (`registry.k8s.io/pause:3.10`). The kubelet keeps the name the user wrote for its events; the
// runtime reports and stores the normalised one.

export interface ImageReference {
  /** Registry host: `docker.io`, `registry.k8s.io`, `gcr.io`. */
  domain: string;
  /** Repository path inside the registry: `library/nginx`, `e2e-test-images/agnhost`. */
  path: string;
  /** The tag, `latest` when neither a tag nor a digest was given. */
  tag: string;
  /** `sha256:...` when the reference pins a digest. */
  digest?: string;
}

export const DEFAULT_DOMAIN = 'docker.io';
export const DEFAULT_TAG = 'latest';

/** Parse and normalise a reference. Returns undefined for names a registry could never hold. */
export function parseImageReference(ref: string): ImageReference | undefined {
  let rest = ref.trim();
  if (!rest || /[A-Z\s]/.test(rest.split('@')[0]!.split(':')[0]!)) return undefined;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!/^[\w][\w.-]{0,127}$/.test(tag)) return undefined;
  }
  const slash = rest.indexOf('/');
  let domain = DEFAULT_DOMAIN;
  let path = rest;
  if (slash >= 0) {
    const first = rest.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost') {
      domain = first;
      path = rest.slice(slash + 1);
    }
  }
  if (domain === 'index.docker.io') domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !path.includes('/')) path = `library/${path}`;
  if (!/^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/.test(path)) return undefined;
  const out: ImageReference = { domain, path, tag: tag ?? (digest ? '' : DEFAULT_TAG) };
  if (digest) out.digest = digest;
  return out;
}

/** `docker.io/library/nginx` */
export function repositoryName(r: ImageReference): string {
  return `${r.domain}/${r.path}`;
}

/** `docker.io/library/nginx:1.25`, the form containerd prints in its errors and `crictl images` lists. */
export function normalizedName(r: ImageReference): string {
  if (r.digest && !r.tag) return `${repositoryName(r)}@${r.digest}`;
  return `${repositoryName(r)}:${r.tag}`;
}

/** Normalise a reference string; unparsable input is returned unchanged. */
export function normalizeImage(ref: string): string {
  const r = parseImageReference(ref);
  return r ? normalizedName(r) : ref;
}
