// The manifest digests that real registries published for some of the catalogue's tags, so that
// `crictl images` (DIGEST), `kubectl describe pod` (Image ID) and a pod's status.imageID carry the
// real value, e.g. `docker.io/library/nginx@sha256:1540e37e...`. The data is published-digests.json;
// each entry's `seen` says where its digest was read:
// - Docker Official Images: the first `docker pull <image>@sha256:...` of the tag's file in
//   docker-library/repo-info (repos/<image>/remote/<tag>.md), the Official Images' own record of
//   each tag's manifest list, at the commit named. A moving tag (mysql 8.0) had that digest when
//   the commit was made (its build date is in `seen`), not necessarily today.
// - registry.k8s.io (pause, hpa-example, coredns v1.11.3, metrics-server v0.7.2), busybox:1.36 and
//   nginx:1.27.1: the same `<name>:<tag>@sha256:<digest>` pinned in several unrelated public
//   repositories (a digest seen only once is not taken). busybox:1.36 keeps the later rebuild those
//   repositories pin, not repo-info's Jan 2023 one; nginx:1.27.1 was rebuilt several times, and
//   keeps the build pinned most often.
// - nginx 1.7.9, 1.14.2, 1.16.1 and busybox 1.28 (the docs' Deployment, rolling update and init
//   container examples): the Image ID that `kubectl describe pod` printed for that tag, the same in
//   several unrelated transcripts (tags no longer rebuilt, so every pull since gives it).
// - kubeadm v1.31.0's images (kube-apiserver, kube-controller-manager, kube-scheduler, kube-proxy,
//   etcd 3.5.15-0) and pause 3.8 and 3.6: the digest real clusters report for the tag (describe's
//   Image ID, status.imageID, node status images), the same in several unrelated repositories;
//   etcd's is also the one the registry.k8s.io promoter manifest in kubernetes/k8s.io lists.
// - nginx:latest: Kubeplay's nginx is 1.27.1 (catalogue.ts), so `latest` is the 1.27.1 build, as
//   it was while 1.27.1 was the mainline release; repo-info's latest.md is of a later nginx. Its
//   alpine twin (nginx:alpine, 1.27-alpine, 1.27.1-alpine) likewise, from pins of those tags.
//   official-images' library/nginx puts each build's names on one line (`Tags: 1.27.1, mainline,
//   1, 1.27, latest`; `Tags: 1.26.2, stable, 1.26`), so `mainline` and `1.27` are the 1.27.1 build
//   and `stable` and `1.26` the 1.26.2 build (stable from Aug 2024 to Feb 2025).
// - nginx 1.25, 1.25.5, 1.25-alpine and 1.25.5-alpine, 1.23/1.23.4 and 1.24/1.24.0: the tags'
//   last builds (1.25 stopped at 1.25.5 in May 2024), from a repo-info-format mainline.md of that
//   build, describe's Image ID for those tags, `docker pull` transcripts, singularityhub's
//   shpc-registry tag-to-digest map and pins in several unrelated repositories; 1.26.2 from two pins.
// - registry.k8s.io's agnhost (2.39 to 2.52), jessie-dnsutils, e2e busybox and nginx, coredns
//   v1.11.1 and metrics-server v0.7.0/v0.7.1: the promoter manifests in kubernetes/k8s.io
//   (registry.k8s.io/images/k8s-staging-*/images.yaml, a `dmap` of digest to tags), which list
//   the very index digests registry.k8s.io serves (their etcd, coredns v1.11.3, metrics-server
//   v0.7.2 and agnhost 2.52 entries match the digests seen in real clusters and pins).
//
// - Docker Official Images whose program prints its release: the build of the release Kubeplay's
//   program prints, from a stored version of repo-info's file with that release in the image's
//   ENV (the file index names no commit for these, so `seen` names its index id and build dates):
//   redis latest/7/7.4/7.4.0 and alpine/7-alpine/7.4-alpine (REDIS_VERSION=7.4.0), 7.2/7.2.5
//   (7.2.5; it replaced a 7.2.16 build), 6/6.2/6.2.14 (6.2.14); httpd 2/latest (repos/httpd/remote.md's
//   and latest.md's 2.4.62 build), 2.4/2.4.62 and alpine/2.4-alpine (2.4.62; 2.4 replaced a 2.4.68
//   build); busybox latest and musl (repos/busybox/remote.md of the 1.36.1 builds, as Kubeplay's
//   busybox prints BusyBox v1.36.1). A test holds every published redis and httpd tag to the
//   release its program logs.
// - ubuntu 24.04/noble/jammy/20.04/focal, alpine latest/3, debian 12/bookworm-slim/bullseye/
//   bullseye-slim/stable/latest (and 12-slim and 11, whose files at the same commit are the same text
//   renamed), hello-world linux: each tag's own file at the commit named. Kubeplay prints no
//   release of these, so the stored build is taken whatever its date (tags of one release may
//   come from different commits, so 24.04 and noble differ here though one build at any moment).
// - Docker Official Images whose program prints no release in Kubeplay (its log lines, if any, name
//   no version), each tag's own file repos/<image>/remote/<tag>.md at the commit named, whatever
//   its build date (the release is in `seen`). At 72e4be79 (Jan 2023): memcached latest/1/1.6/
//   alpine/1.6-alpine (1.6.18), mongo 6/6.0 (6.0.4), 5.0 and 4.4, postgres 12 to 15 and
//   15-alpine, node 18 and 18-alpine (18.13.0), python 3.11, 3.11-slim and 3.10, registry
//   2/2.8/latest (2.8.1), centos 7/centos7, php 8.2-apache (8.2.1), debian stable-slim (then
//   bullseye), openjdk 21 (21-ea+6, early access). At later commits (2026 builds): mongo 7 and
//   7.0, python 3.12, 3.12-slim and 3.12-alpine, node 22-alpine and 22-slim, haproxy 3.0 and 2.8,
//   mariadb 11.4 and 10.11, ruby 3.3, perl 5.40, php 8.3 and 8.3-apache, traefik v2.11, alpine
//   edge. A `latest` or major alias was not taken from a stored build of another line than the
//   one the catalogue makes it (postgres latest/alpine, caddy 2/latest, ubuntu:latest, rabbitmq
//   3/3-management, mariadb 10 and ruby 3 are stored only as Jan 2023 builds of older lines;
//   mariadb 11 only as a 2026 build of a newer line than 11.4), so they keep stand-ins.
// - mysql 5.6 (the docs' stateful-application tutorial): repos/mysql/remote.md's `mysql:5.6`, a
//   stored version of 2021. Kubeplay's mysql logs 8.4.2 for every tag (not yet per tag), so its
//   5.6 and 8.0 (8.0.32) digests are of other releases than the log line names. mysql 8 and 8.4
//   are the 8.4.2 build that log line names: a stored version of repos/mysql/remote.md (index id
//   in `seen`) whose `mysql:8` and `mysql:8.4` sections have ENV MYSQL_VERSION=8.4.2-1.el9; a test
//   holds them to the logged release.
//
// NOT real, stand-ins derived from the name (digest.ts): every other tag of catalogue.ts and
// catalogue-docs.ts. Docker Official Images: the stored copy of repo-info has no file, and no
// stored version of the build the catalogue models, for node 20, 22, 20-alpine and 20-slim,
// golang 1.21 to 1.23, rabbitmq 3.13, fedora 39/40, openjdk 8/11/17, traefik v3.1, perl 5.34.0,
// wordpress 6.2.1-apache, alpine 3.18 to 3.20, busybox 1.36.1/stable/1.34 (the 1.36.1 tag list
// was read only for latest, musl, 1 and 1-glibc; glibc.md is a Jan 2023 1.36.0 build while
// Kubeplay's busybox prints v1.36.1), redis 7.2-alpine, 6.0.5 (the one 6.0.5 record found mixes
// 6.0.4 and 6.0.5 platforms) and 5.0; postgres 16/16.4/16-alpine (the stored 16 is a 16.15 build
// of 2026, and Kubeplay's postgres:16 is 16.4); memcached 1.6.29 (no file of that build); mysql
// 5.7, 9, 9.0 and latest (9.x and 5.7 builds, while Kubeplay's mysql logs 8.4.2 for every tag;
// per-tag mysql releases would let them be real). Not read: php 8/latest/apache, the `latest`,
// lts, slim and alpine tags of node/python/golang/perl/haproxy/traefik/wordpress, mongo latest:
// these move with the newest line, so the stored 2023 or 2026 builds are of other lines than the
// catalogue's newest tag (and the index keeps one or two versions of each file).
// nginx's 1.26-alpine, stable-alpine and alpine-slim keep stand-ins (no pin of 1.26.2-alpine or
// 1.27.1-alpine-slim found), as do the 1.25.0-1.25.4, 1.26.0/1.26.1 and 1.27.0 builds. Of
// registry.k8s.io's older k8s.gcr.io images, echoserver 1.4/1.10, liveness,
// goproxy 0.1 and nginx-slim 0.8 are real (describe pod Image IDs of those tags, several
// transcripts), the rest (registry.k8s.io/liveness and busybox, kubernetes-zookeeper, redis:e2e,
// later nginx-slim tags) found nothing that pins them. gcr.io/google-samples/hello-app:1.0 was
// rebuilt (two digests are pinned), so it keeps a stand-in.

import data from './published-digests.json';

/** `seen` is provenance for the tests and reviewers; the app's worker gets the digests without it (vite.config.ts). */
export interface PublishedDigest {
  digest: string;
  seen: string;
}

export const PUBLISHED_DIGESTS: Readonly<Record<string, PublishedDigest>> = data;

/** The published digest of a normalised `<domain>/<path>:<tag>`, if the data file has it. */
export function publishedDigest(name: string): string | undefined {
  return PUBLISHED_DIGESTS[name]?.digest;
}
