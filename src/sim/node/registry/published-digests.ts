// The manifest digests that real registries published for some of the catalogue's tags, so that
// `crictl images` (DIGEST), `kubectl describe pod` (Image ID) and a pod's status.imageID carry the
// real value, e.g. `registry.k8s.io/pause@sha256:ee6521f2...`. Every entry here was checked in this
// session by finding the same `<name>:<tag>@sha256:<digest>` in several unrelated public
// repositories (pinned image references, `kubectl describe pod` transcripts); `seen` says where.
// A tag that moves (busybox:1.36 is rebuilt from time to time) had this digest when those
// repositories pinned it, not necessarily today.
//
// NOT verified, so left out: every other tag of catalogue.ts and catalogue-docs.ts (nginx, redis,
// httpd, mysql, postgres, perl, python, ubuntu, alpine, debian, agnhost, the kubeadm images...).
// For them the registry still derives a stable stand-in from the name (digest.ts); this session
// could not reach the registries to read their manifests, and a digest seen only once, or two
// different ones for the same tag, was not taken.

export interface PublishedDigest {
  digest: string;
  seen: string;
}

export const PUBLISHED_DIGESTS: Record<string, PublishedDigest> = {
  'registry.k8s.io/pause:3.10': {
    digest: 'sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a',
    seen: 'Cilium Dockerfiles, Kubernetes test manifests and scripts in ten public repositories',
  },
  'registry.k8s.io/pause:3.9': {
    digest: 'sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097',
    seen: 'Cilium Dockerfiles (several releases) and a pinned Kubernetes manifest',
  },
  'registry.k8s.io/hpa-example:latest': {
    digest: 'sha256:581697a37f0e136db86d6b30392f0db40ce99c8248a7044c770012f4e8491544',
    seen: '`kubectl describe pod` Image ID lines of the HorizontalPodAutoscaler walkthrough in five repositories (as k8s.gcr.io and registry.k8s.io)',
  },
  'docker.io/library/busybox:1.36': {
    digest: 'sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662',
    seen: 'digest-pinned busybox:1.36 references in three public repositories',
  },
};

/** The published digest of a normalised `<domain>/<path>:<tag>`, if this file has it. */
export function publishedDigest(name: string): string | undefined {
  return PUBLISHED_DIGESTS[name]?.digest;
}
