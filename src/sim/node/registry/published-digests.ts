// The manifest digests that real registries published for some of the catalogue's tags, so that
// `crictl images` (DIGEST), `kubectl describe pod` (Image ID) and a pod's status.imageID carry the
// real value, e.g. `docker.io/library/nginx@sha256:1540e37e...`. The data is published-digests.json;
// each entry's `seen` says where its digest was read:
// - Docker Official Images: the first `docker pull <image>@sha256:...` of the tag's file in
//   docker-library/repo-info (repos/<image>/remote/<tag>.md), the Official Images' own record of
//   each tag's manifest list, at the commit named. A moving tag (memcached 1.6) had that digest when
//   the commit was made (its build date is in `seen`), not necessarily today.
// - registry.k8s.io (pause, hpa-example, coredns v1.11.3, metrics-server v0.7.2), busybox:1.36 and
//   nginx:1.27.1: the same `<name>:<tag>@sha256:<digest>` pinned in several unrelated public
//   repositories (a digest seen only once is not taken). busybox:1.36 keeps the later rebuild those
//   repositories pin, not repo-info's Jan 2023 one; nginx:1.27.1 was rebuilt several times, and
//   keeps the build pinned most often.
// - busybox: each tag runs its line's release (busybox-release.ts: 1.28 1.28.4, 1.34 1.34.1, 1.35
//   1.35.0, 1.36 and the other names 1.36.1) and every published busybox tag's `seen` names that
//   release (busybox-release.test.ts); 1.35 is repo-info's 1.35.md of Dec 2022, a 1.35.0 build.
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
//   edge, node 22 (22.23.2).
// - `latest`, `lts`, `alpine` and major aliases of those images: a stored repo-info record of the
//   tag (a version of repos/<image>/remote/<tag>.md, or the tag's section of a repos/<image>/
//   remote.md tag list) that the file index finds by its text (its `## <image>:<tag>` heading) but
//   names no commit for, so `seen` names its index id, the release (ENV, or perl's Default
//   Command) and the build dates.
//   Such an alias moves with the newest line, so only a build of the line the catalogue makes it
//   was taken (its newest numeric tag; node's lts is 22, LTS since 29 Oct 2024): node latest
//   (22.8.0, Sep 2024), alpine (22.4.0) and lts (22.12.0); python latest (3.12.4) and alpine
//   (3.12.5); ruby latest (3.3.4); haproxy latest (3.0.3) and lts (3.0.9); perl latest (5.40.0);
//   caddy latest (v2.8.4); ubuntu latest (24.04, Jun 2024); rabbitmq 3-management (3.13.3);
//   fedora 40 (22 Apr 2024, also pinned as fedora 40 in two unrelated repositories) and 39 from
//   the same tag list. official-images
//   names the newest line's build with `latest` and the major too (library/python at 01732a42:
//   `SharedTags: 3.14.0, 3.14, 3, latest`; library/ruby at 006a257b: `Tags: ..., 3.3.1, 3.3, 3,
//   latest`; library/caddy at 03199a36: `SharedTags: 2.6.4, 2.6, 2, latest`), so python 3 and ruby
//   3 are their latest's digest, and caddy 2 and 2.8 caddy latest's. Tags of one line come from
//   different dates (node 22 of 2026, node latest of 2024), as these programs print no release.
//   A test (published-lines.test.ts) holds every published tag of node, python, ruby, haproxy,
//   caddy, perl, mongo, php, mariadb, ubuntu, rabbitmq and golang to its line, and latest and its
//   aliases to the catalogue's newest line. Other stored builds are of other lines (postgres
//   alpine, rabbitmq 3 only as Jan 2023 builds of older lines; rabbitmq latest as 4.1.4;
//   mariadb 11 and latest only as builds of other lines than 11.4, also in pins), so they keep
//   stand-ins.
// - node 20, 20-alpine and 20-slim (no stored repo-info record of a 20 build): the 20.18.0 builds
//   of Oct 2024, each digest pinned under its full-release name (node:20.18.0, 20.18.0-alpine3.20,
//   20.18.0-slim) in several unrelated public repositories and under the line's name (node:20,
//   20-alpine, 20-slim; node:20's also as lts-iron) in others, so the three tags run one release.
//   golang likewise: 1.23 and 1.23-alpine the 1.23.0 builds (Aug 2024; 1.23's digest is also pinned
//   as golang:latest, the newest line then), 1.22 and 1.22-alpine the 1.22.6 builds (1.22's is
//   also the stored repo-info golang:latest record of the week before 1.23.0), 1.21 the last 1.21
//   build (1.21.13), each pinned under its full-release name and its line's name in unrelated
//   repositories. golang:alpine keeps a stand-in (no pin of a 1.23 build as golang:alpine found).
//   rabbitmq 3.13-management: a 3.13.7 build pinned as 3.13.7-management, 3.13-management and
//   3-management in unrelated repositories (one tutorial transcript names it 4.3.4-management);
//   mariadb 10: a 10.11.18 build pinned as 10.11.18, 10.11 and 10.
// - mysql: the build of the release Kubeplay's mysqld logs for the tag (catalogue.ts: the releases
//   of Sep 2024), from stored versions of repos/mysql/remote.md (the tag list; index ids in `seen`)
//   whose sections carry that release in ENV MYSQL_VERSION: 9/9.0/9.0.1/latest 9.0.1, 8/8.4/8.4.2
//   8.4.2 and 8.0/8.0.39 8.0.39 (all one snapshot, layers of 9 Sep 2024), 5.7/5.7.44 5.7.44 (Nov 2023,
//   5.7's last build), 5.6/5.6.51 5.6.51 (Sep 2021). Tags the remote.md version shows no section
//   for are the same build by the one line of tags official-images' library/mysql gives a release
//   (docker-library/mysql's generate-stackbrew-library.sh: `9.0.1, 9.0, 9, innovation, latest`).
//   mysql:8.0 was the 8.0.32 build of Jan 2023 before mysqld logged per-tag releases. A test holds
//   every published mysql tag to the release its program logs.
// - The build of the release Kubeplay's program logs, from repo-info records of it: postgres 16,
//   16.4 and latest (bookworm.md of the 16.4 build, Aug 2024; `latest` was 16 until 17.0 on 26 Sep
//   2024) and 16-alpine (16-alpine3.20.md of 16.4), memcached 1.6.29 (the tag list of Jul 2024),
//   named by the one line of tags official-images gives a build. From pins of that release's own
//   tag in unrelated repositories: redis 7.2-alpine (7.2.5-alpine), nginx 1.26-alpine and
//   stable-alpine (1.26.2-alpine, also pinned under both names), busybox 1.36.1 (the 1.36 build).
// - Pins in at least two unrelated repositories, whatever the build's date where Kubeplay prints no
//   release (the index ids of find_string in `seen`): alpine 3.20 (3.20.3), 3.19 (3.19.1), 3.18
//   (3.18.4), whose busybox is 1.36.1 as Kubeplay's prints; openjdk 8, 11 and 17 (frozen since the
//   image's 2022 deprecation, in many build logs); gcr.io/google-samples/hello-app:1.0 (a 2019
//   build, three sources; the tag was rebuilt later, so a pull today differs). k8s.gcr.io pause 3.1,
//   3.2, 3.5, 3.6, 3.9 and busybox latest/1.24 (node status images, describe pod Image IDs, e2e
//   test pins; busybox also go-containerregistry's gcrane listing of gcr.io/google-containers/
//   busybox, the repository both names serve), fluentd-elasticsearch 1.20 (a describe pod Image
//   ID and a docker pull); registry.k8s.io busybox latest/1.27.2/1.24, echoserver 1.10, liveness
//   and fluentd-elasticsearch 1.20 take the k8s.gcr.io digests, as registry.k8s.io serves
//   k8s.gcr.io's images with the same digests (echoserver 1.4 and nginx-slim 0.8 show it).
// - Images of the docs and kubernetes/examples outside the Official Images: the same
//   `<image>:<tag>@sha256:<digest>` in at least two unrelated pins, or describe pod Image IDs and
//   status imageIDs of unrelated clusters (index ids in `seen`): hashicorp/http-echo 1.0, 1.0.0 and
//   latest (one 1.0.0 build of 2023, pinned under all three names), curlimages/curl 8.9.1, 8.8.0
//   and 8.5.0 (8.8.0 and 8.5.0 were rebuilt; each keeps the build pinned most often, as curl prints
//   no release), nicolaka/netshoot v0.13, quay.io/prometheus/node-exporter v1.8.2 (also pinned as
//   prom/node-exporter:v1.8.2), kennethreitz/httpbin latest (not pushed since 2018), vish/stress
//   and polinux/stress latest (the docs' resource examples, in many transcripts),
//   gcr.io/google-samples/node-hello 1.0, gcr.io/google_samples/gb-redisslave v3 and
//   gcr.io/kuar-demo/kuard-amd64 blue (the build pulled since 2019; a 2017 transcript shows an
//   earlier one) and 1 (the build in describe pod Image IDs of 2024 and 2025 and a pod status),
//   gcr.io/google-samples/cassandra v13 (a describe pod Image ID and `docker pull` transcripts).
// - Forks of docker-library/repo-info that the file index stores with their history
//   (maxmood96/repo-info, thomascherickal/docker-image-repo-info; mariko011/centos holds a copy of
//   its repos/): each tag's own file at the fork's commit named, read by find_files/read_file.
//   nginx 1.27.0, 1.26.1, 1.26.0 and 1.25.0 to 1.25.4 (ENV NGINX_VERSION of the tag's release;
//   registry.test.ts holds them to the release nginx logs); nginx alpine-slim (1.27.1-alpine-slim.md
//   of Aug 2024, official-images naming `1.27.1-alpine-slim, ..., alpine-slim` one build); redis
//   6.0.5 (the full eight-platform list of Jun 2020; another fork's version lacks amd64) and 5.0
//   (the 5.0.14 build of May 2022, ENV REDIS_VERSION=5.0.14: the line's last release, which
//   Kubeplay's redis:5.0 runs and logs; an earlier version of the file is a 5.0.12 build); busybox
//   1.34 (May 2022, a build of 1.34.1, the release Kubeplay's busybox:1.34 runs) and stable (`RUN
//   BusyBox 1.36.1 (glibc)`, Oct 2025, the release Kubeplay's busybox:stable prints); wordpress 6.6 and latest (the 6.6.2 build; official-images' library/wordpress
//   gives the newest release's default build `..., 6.6, 6, latest`), 6.2.1-apache and 4.8-apache
//   (its last build, 4.8.3). wordpress-logs.ts logs each build's Apache and PHP releases, from the
//   local/ record of the same Image ID (apache2 package) and the remote/ record's ENV PHP_VERSION.
//   Programs that print no release, each a build of the line the catalogue gives the tag: php
//   latest and 8 (8.3.11.md, Aug 2024) and apache (8.3.10-apache.md), named so by official-images'
//   library/php line (`..., 7.3.6, 7.3, 7, latest`) while 8.3 was newest; php 5-apache (5.6.32);
//   python slim (3.12.5-slim.md, Sep 2024, before 3.13.0); traefik v3.1 and latest (v3.1.0, Jul
//   2024; official-images' `v1.7.12, 1.7.12, v1.7, 1.7, maroilles, latest`); rabbitmq 3.13
//   (3.13.7); haproxy 2.9 (2.9.1); perl 5.34.0 (Sep 2021); mongo latest (7.0.11, Jun 2024, named
//   with official-images' `SharedTags: 4.0.10, 4.0, 4, latest` pattern while 7.0 was newest). golang alpine takes the pinned 1.23-alpine build, as
//   official-images names the newest line's alpine build `..., 1.23-alpine, 1-alpine, alpine`.
//   centos latest: the catalogue's newest centos line is 7, so deepsinha75/repo-info's latest.md of
//   a CentOS 7 build (Mar 2019, before CentOS 8 took latest), also in `docker pull centos` transcripts.
//   Records listing fewer platforms than the image has (taken mid-build) are not taken.
// - The legacy images k8s.gcr.io took over from gcr.io/google-containers: kubernetes/k8s.io's
//   frozen promoter manifest k8s.gcr.io/images/DO-NOT-MODIFY-legacy-backfill/images.yaml (a dmap of
//   digest to tags, read at the commit `seen` names) lists kubernetes-zookeeper 1.0-3.4.10, redis
//   e2e, nginx-slim 0.21/0.24/0.26/0.27 and fluentd-elasticsearch 1.22; its busybox, liveness,
//   nginx-slim 0.8 and fluentd-elasticsearch 1.20 digests are those taken above from clusters.
//
// NOT real, stand-ins derived from the name (digest.ts): every other tag of catalogue.ts and
// catalogue-docs.ts. Docker Official Images: the stored copy of repo-info has no file, and no
// stored version of the build the catalogue models, for busybox glibc (the glibc.md versions the forks hold are 2020 builds, docker-library's a Jan
// 2023 1.36.0 one, while Kubeplay's busybox prints v1.36.1), postgres
// alpine (the one stored `alpine` record read is a 16.3 build of Jun 2024, not 16.4). Searched but
// no stored record of the catalogue's newest line (only older or newer lines' builds): fedora
// latest (40; maxmood96's latest.md is a Fedora 43 build), rabbitmq latest/3 (3.13; the fork's 3.md is a 3.8.14 build of
// 2021), mariadb latest/11 (11.4). openjdk latest: the catalogue's newest line is 21, an early
// access line the image never tagged latest (repo-info's latest.md at 72e4be79 is an 18.0.2.1
// build of Jan 2023, the last GA release the deprecated image built; its later rebuilds unknown). registry.k8s.io's older k8s.gcr.io images are all real now (the
// promoter manifest entry above); gcr.io/google-samples and kuar-demo are in no promoter manifest.
// Other images of the docs and examples, searched as pins, Image IDs and node status images:
// - moving tags with no pin of the catalogue's newest tag's build under the moving name: curl
//   latest, netshoot latest (pinned as sha256:b09d9b21... and others, not v0.13's digest),
//   node-exporter latest (pinned as three other digests, not v1.8.2's), and bitnami/redis latest,
//   7.4, 7.4.0, 7.2 and 7.2.5 (no pin of a bitnami/redis 7.4.0 or 7.2.5 build found; latest and
//   7.4 run 7.4.0, 7.2 runs 7.2.5, bitnami-redis.ts);
// - seen only once, or only within one project: http-echo 0.2.3 (sha256:ba27d460..., latest before
//   1.0.0, is pinned untagged in many places but named 0.2.3 once), netshoot v0.12 (no pin),
//   polinux/stress 1.0.4 (pinned at latest's digest by one project only), hello-app 2.0 (one pin),
//   us-docker.pkg.dev's gke/hello-app 1.0 and 2.0 (only untagged pins), cassandra v14 and
//   xtrabackup 1.0 (none), quay.io/fluentd_elasticsearch/fluentd v2.9.0 (one
//   project's test data) and its other tags (none), gb-redisslave v1 (one node status image),
//   gcr.io/google-samples/gb-redisslave v3 (google_samples' v3 digest pinned once under that
//   spelling, untagged) and v2, gb-redis-follower v1/v2 (a digest pinned untagged, never with its tag);
// - gb-frontend v4, v5 and v6 (gcr.io and us-docker.pkg.dev) and us-docker.pkg.dev's
//   gb-redis-follower v2: the guestbook tasks pin gb-frontend@sha256:a908df84... with no tag, and no
//   Image ID or pin names a gb-frontend tag's digest;
// - kuard-amd64 2, 3, green and purple (no Image ID or pin found).
// docker.io/kubeplay/policy-webhook (1.0, latest) is Kubeplay's own image, published nowhere: it
// keeps its stand-in by design.

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
