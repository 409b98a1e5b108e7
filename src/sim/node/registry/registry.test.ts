import { describe, expect, it } from 'vitest';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { lookupImage, programFor, releaseOf } from './behaviour';
import { hex64 } from './digest';
import { PUBLISHED_DIGESTS } from './published-digests';
import { normalizeImage } from './reference';
import { imageRegistry, resolveReference, type RegistryResolveResponse } from './registry';

describe('image reference normalisation (distribution/reference ParseNormalizedNamed)', () => {
  it.each([
    ['nginx', 'docker.io/library/nginx:latest'],
    ['nginx:1.25', 'docker.io/library/nginx:1.25'],
    ['library/nginx:1.25', 'docker.io/library/nginx:1.25'],
    ['docker.io/nginx', 'docker.io/library/nginx:latest'],
    ['index.docker.io/library/busybox:1.28', 'docker.io/library/busybox:1.28'],
    ['bitnami/redis:7.2', 'docker.io/bitnami/redis:7.2'],
    ['registry.k8s.io/pause:3.10', 'registry.k8s.io/pause:3.10'],
    ['localhost:5000/app', 'localhost:5000/app:latest'],
    ['registry.k8s.io/e2e-test-images/agnhost:2.40', 'registry.k8s.io/e2e-test-images/agnhost:2.40'],
  ])('normalises %s to %s', (input, want) => {
    expect(normalizeImage(input)).toBe(want);
  });

  it('rejects names with upper-case letters, as a registry cannot hold them', () => {
    expect(lookupImage('Nginx').found).toBe(false);
  });
});

describe('image catalogue', () => {
  it.each([
    ['nginx:1.25', true],
    ['nginx:1.14.2', true],
    ['busybox:1.28', true],
    ['registry.k8s.io/pause:3.9', true],
    ['registry.k8s.io/e2e-test-images/agnhost:2.52', true],
    // kubernetes/k8s.io k8s-staging-e2e-test-images/images.yaml: 2.46 was not built, 2.42 and 2.49 never promoted.
    ['registry.k8s.io/e2e-test-images/agnhost:2.46', false],
    ['registry.k8s.io/e2e-test-images/agnhost:2.49', false],
    ['gcr.io/google-samples/gb-frontend:v5', true],
    ['k8s.gcr.io/echoserver:1.4', true],
    ['nginx:1.999', false],
    ['nginxx', false],
  ])('finds %s: %s', (image, found) => {
    expect(lookupImage(image).found).toBe(found);
  });

  it('derives the same 64-hex digest from the same name every time', () => {
    expect(hex64('x')).toBe(hex64('x'));
    expect(hex64('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hex64('x')).not.toBe(hex64('y'));
  });
});

describe('image behaviour', () => {
  it('runs nginx as a server on port 80 with its real entrypoint lines', () => {
    const p = programFor('nginx:1.25', undefined, undefined);
    expect(p.steps[0]).toEqual({ op: 'log', stream: 'stdout', text: '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration' });
    expect(p.steps).toContainEqual({ op: 'listen', port: 80, http: { okPaths: ['/', '/index.html'] } });
    expect(p.steps.at(-1)).toEqual({ op: 'wait' });
  });

  it('exits busybox with no command at once, as `sh` without a terminal does', () => {
    expect(programFor('busybox', undefined, undefined).steps).toEqual([]);
  });

  it.each([
    [['sleep', '3600'], [{ op: 'sleep', ms: 3_600_000 }]],
    [['sh', '-c', 'exit 1'], [{ op: 'exit', code: 1 }]],
    [['sh', '-c', 'echo hello; sleep 10'], [{ op: 'log', stream: 'stdout', text: 'hello' }, { op: 'sleep', ms: 10_000 }]],
    [['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], [{ op: 'touch', path: '/tmp/healthy' }, { op: 'sleep', ms: 30_000 }, { op: 'rm', path: '/tmp/healthy' }, { op: 'sleep', ms: 600_000 }]],
    [['sh', '-c', 'while true; do echo hi; sleep 5; done'], [{ op: 'loop', body: [{ op: 'log', stream: 'stdout', text: 'hi' }, { op: 'sleep', ms: 5000 }] }]],
  ])('runs busybox %j as a script', (command, steps) => {
    expect(programFor('busybox:1.28', command, undefined).steps).toEqual(steps);
  });

  it('serves agnhost liveness on 8080 with /healthz failing after 10 s (docs: liveness probe example)', () => {
    const p = programFor('registry.k8s.io/e2e-test-images/agnhost:2.40', undefined, ['liveness']);
    expect(p.steps[0]).toEqual({ op: 'listen', port: 8080, http: { okPaths: ['/healthz', '/'], failAfterMs: 10_000 } });
  });
});

describe('registry component', () => {
  it.each([
    ['docker.io/library/nginx:1.25', { ok: true }],
    ['docker.io/library/nginx:1.999', { ok: false, error: 'not-found' }],
    ['docker.io/library/nginxx:latest', { ok: false, error: 'denied' }],
    // Images of the docs' tutorials (Kubernetes Basics hello-app, the DNS debugging page's
    // jessie-dnsutils, the ZooKeeper tutorial) and a Docker Official Image (catalogue-docs.ts).
    ['gcr.io/google-samples/hello-app:2.0', { ok: true }],
    ['registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3', { ok: true }],
    ['registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10', { ok: true }],
    ['docker.io/library/rabbitmq:3-management', { ok: true }],
    ['gcr.io/google-samples/hello-app:3.0', { ok: false, error: 'not-found' }],
  ])('answers %s', (ref, want) => {
    expect(resolveReference(ref)).toMatchObject(want);
  });

  // published-digests.ts: the manifest digests registries published for these tags (the same
  // `<name>:<tag>@sha256:...` pinned in several public repositories); others get a stand-in.
  it.each([
    ['registry.k8s.io/pause:3.10', 'sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a'],
    ['registry.k8s.io/hpa-example:latest', 'sha256:581697a37f0e136db86d6b30392f0db40ce99c8248a7044c770012f4e8491544'],
    ['docker.io/library/busybox:1.36', 'sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662'],
    // nginx:1.27.1 pinned in several public Dockerfiles; `latest` is that build, as Kubeplay's nginx is 1.27.1.
    ['docker.io/library/nginx:1.27.1', 'sha256:1540e37eebb9abc5afa4256de1bade6542d50bf69b61b1dd855cb7804aaaf444'],
    ['docker.io/library/nginx:latest', 'sha256:1540e37eebb9abc5afa4256de1bade6542d50bf69b61b1dd855cb7804aaaf444'],
    // official-images' library/nginx puts a build's tags on one line (`Tags: 1.27.1, mainline, 1,
    // 1.27, latest`; `Tags: 1.26.2, stable, 1.26`): the line's names share the release's digest.
    ['docker.io/library/nginx:mainline', 'sha256:1540e37eebb9abc5afa4256de1bade6542d50bf69b61b1dd855cb7804aaaf444'],
    ['docker.io/library/nginx:1.27', 'sha256:1540e37eebb9abc5afa4256de1bade6542d50bf69b61b1dd855cb7804aaaf444'],
    ['docker.io/library/nginx:stable', 'sha256:1a476ecee5324eaa2f5d8d46b8416293bc52b8b9306378e44a912508ee13b75e'],
    ['docker.io/library/nginx:1.26', 'sha256:1a476ecee5324eaa2f5d8d46b8416293bc52b8b9306378e44a912508ee13b75e'],
    // The Image ID `kubectl describe pod` printed for the docs' example tags in several public transcripts.
    ['docker.io/library/nginx:1.14.2', 'sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d'],
    ['docker.io/library/nginx:1.16.1', 'sha256:d20aa6d1cae56fd17cd458f4807e0de462caf2336f0b70b5eeb69fcaaf30dd9c'],
    ['docker.io/library/nginx:1.7.9', 'sha256:e3456c851a152494c3e4ff5fcc26f240206abac0c9d794affb40e0714846c451'],
    ['docker.io/library/busybox:1.28', 'sha256:141c253bc4c3fd0a201d32dc1f493bcf3fff003b6df416dea4f41046e0f37d47'],
    // What kubeadm v1.31.0 runs: Image IDs and node status images of real clusters; etcd's also in
    // kubernetes/k8s.io registry.k8s.io/images/k8s-staging-etcd/images.yaml (the promoter manifest).
    ['registry.k8s.io/kube-apiserver:v1.31.0', 'sha256:470179274deb9dc3a81df55cfc24823ce153147d4ebf2ed649a4f271f51eaddf'],
    ['registry.k8s.io/kube-controller-manager:v1.31.0', 'sha256:f6f3c33dda209e8434b83dacf5244c03b59b0018d93325ff21296a142b68497d'],
    ['registry.k8s.io/kube-scheduler:v1.31.0', 'sha256:96ddae9c9b2e79342e0551e2d2ec422c0c02629a74d928924aaa069706619808'],
    ['registry.k8s.io/kube-proxy:v1.31.0', 'sha256:c727efb1c6f15a68060bf7f207f5c7a765355b7e3340c513e582ec819c5cd2fe'],
    ['registry.k8s.io/etcd:3.5.15-0', 'sha256:a6dc63e6e8cfa0307d7851762fa6b629afb18f28d8aa3fab5a6e91b4af60026a'],
    // docker-library/repo-info repos/<image>/remote/<tag>.md, the first `docker pull <image>@sha256:...`
    // (httpd:2.4 of the 2.4.62 build Kubeplay's httpd logs, from repos/httpd/remote.md's httpd:2).
    ['docker.io/library/httpd:2.4', 'sha256:4c7788695c832bf415a662dfb5160f1895e65fc65c025e85f436ee2c9e7d7f3e'],
    ['docker.io/library/mysql:8.0', 'sha256:4731fc94844fd5390ae770d8ef7fc5ca6ad05915cb0dd3b4c1bb1e61b60fb197'],
    // nginx 1.25's last build (1.25.5, May 2024): repo-info's mainline.md of that build, a pod's
    // imageID for nginx:1.25 and pins of nginx:1.25.5 in public repositories.
    ['docker.io/library/nginx:1.25', 'sha256:a484819eb60211f5299034ac80f6a681b06f89e65866ce91f356ed7c72af059c'],
    ['docker.io/library/nginx:1.25.5', 'sha256:a484819eb60211f5299034ac80f6a681b06f89e65866ce91f356ed7c72af059c'],
    // The last builds of 1.23 (1.23.4) and 1.24 (1.24.0): describe pod Image IDs for those tags,
    // docker pulls and singularityhub/shpc-registry's nginx tag-to-digest map; 1.26.2 pinned twice.
    ['docker.io/library/nginx:1.23', 'sha256:f5747a42e3adcb3168049d63278d7251d91185bb5111d2563d58729a5c9179b0'],
    ['docker.io/library/nginx:1.24', 'sha256:f6daac2445b0ce70e64d77442ccf62839f3f1b4c24bf6746a857eff014e798c8'],
    ['docker.io/library/nginx:1.26.2', 'sha256:1a476ecee5324eaa2f5d8d46b8416293bc52b8b9306378e44a912508ee13b75e'],
    // describe pod's Image ID for Image nginx:1.25-alpine in two transcripts, and 1.25.5-alpine pins.
    ['docker.io/library/nginx:1.25-alpine', 'sha256:516475cc129da42866742567714ddc681e5eed7b9ee0b9e9c015e464b4221a00'],
    ['docker.io/library/nginx:1.25.5-alpine', 'sha256:516475cc129da42866742567714ddc681e5eed7b9ee0b9e9c015e464b4221a00'],
    // nginx:1.27.1-alpine pinned in three public repositories; alpine and 1.27-alpine are that build.
    ['docker.io/library/nginx:1.27.1-alpine', 'sha256:a5127daff3d6f4606be3100a252419bfa84fd6ee5cd74d0feaca1a5068f97dcf'],
    ['docker.io/library/nginx:alpine', 'sha256:a5127daff3d6f4606be3100a252419bfa84fd6ee5cd74d0feaca1a5068f97dcf'],
    // The registry.k8s.io promoter manifests in kubernetes/k8s.io (registry.k8s.io/images/k8s-staging-*/images.yaml).
    ['registry.k8s.io/e2e-test-images/agnhost:2.40', 'sha256:af7e3857d87770ddb40f5ea4f89b5a2709504ab1ee31f9ea4ab5823c045f2146'],
    ['registry.k8s.io/e2e-test-images/agnhost:2.52', 'sha256:b173c7d0ffe3d805d49f4dfe48375169b7b8d2e1feb81783efd61eb9d08042e6'],
    ['registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3', 'sha256:8b03e4185ecd305bc9b410faac15d486a3b1ef1946196d429245cdd3c7b152eb'],
    ['registry.k8s.io/e2e-test-images/busybox:1.29-4', 'sha256:2e0f836850e09b8b7cc937681d6194537a09fbd5f6b9e08f4d646a85128e8937'],
    ['registry.k8s.io/coredns/coredns:v1.11.1', 'sha256:1eeb4c7316bacb1d4c8ead65571cd92dd21e27359f0d4917f1a5822a73b75db1'],
    ['registry.k8s.io/metrics-server/metrics-server:v0.7.1', 'sha256:db3800085a0957083930c3932b17580eec652cfb6156a05c0f79c7543e80d17a'],
    // The docs' older examples: describe pod Image IDs for these tags in public transcripts.
    ['registry.k8s.io/echoserver:1.4', 'sha256:5d99aa1120524c801bc8c1a7077e8f5ec122ba16b6dda1a5d3826057f67b9bcb'],
    ['k8s.gcr.io/liveness:latest', 'sha256:1aef943db82cf1370d0504a51061fb082b4d351171b304ad194f6297c0bb726a'],
    ['registry.k8s.io/goproxy:0.1', 'sha256:5334c7ad43048e3538775cb09aaf184f5e8acf4b0ea60e3bc8f1d93c209865a5'],
    ['registry.k8s.io/nginx-slim:0.8', 'sha256:8b4501fe0fe221df663c22e16539f399e89594552f400408303c42f3dd8d0e52'],
    // repo-info's redis files of the builds Kubeplay's redis runs (7.4.0, 7.2.5, 6.2.14; ENV REDIS_VERSION).
    ['docker.io/library/redis:latest', 'sha256:82d08ad50c181182ee5ce23dcefd754a12f946534af57959ba08490e1d0696a0'],
    ['docker.io/library/redis:7.4.0', 'sha256:82d08ad50c181182ee5ce23dcefd754a12f946534af57959ba08490e1d0696a0'],
    ['docker.io/library/redis:alpine', 'sha256:dd6c86dc8f3be0526b2baa964473e2443b5a4412c4c2232781ca9820296d407b'],
    ['docker.io/library/redis:7.2', 'sha256:0c6f34a2d41992ee1e02d52d712c12ac46c4d5a63efdab74915141a52c529586'],
    ['docker.io/library/redis:6', 'sha256:9adbc930ff5c9124000ecd8962a98560190e085d4a425704c9a36ef014070f12'],
    // repo-info's busybox tag list of the 1.36.1 builds (Kubeplay's busybox prints BusyBox v1.36.1).
    ['docker.io/library/busybox:latest', 'sha256:acdc29f25f9c5d678b264007f6f0ea63f12756dcef1cdb043f3fd2a13ba735c3'],
    ['docker.io/library/busybox:musl', 'sha256:9a7f0d2407780a98013e227ddc43f87bf5fbe626fb59f98280efd591c75ccdec'],
    // repo-info's repos/<image>/remote/<tag>.md at the commits the data file names.
    ['docker.io/library/ubuntu:24.04', 'sha256:69cecf4bbf72d2d44a9eef1b71fb98c7fb973d78af11399deccef19beb008ad9'],
    ['docker.io/library/ubuntu:focal', 'sha256:0e0402cd13f68137edb0266e1d2c682f217814420f2d43d300ed8f65479b14fb'],
    ['docker.io/library/alpine:latest', 'sha256:5b02b42e375f7426f8d65c3af331ca05d9878f9989230354504e0b9dfd431f60'],
    ['docker.io/library/debian:12', 'sha256:813017f3d62be4b5891a7acca6a01bdcd4b8513daa81b1ab99d3a50385b26931'],
    ['docker.io/library/debian:bookworm-slim', 'sha256:abd67ffcfa541b485a3dff59865ab629aa048a6c613e639d36e7456b0b229241'],
    ['docker.io/library/debian:bullseye', 'sha256:99cdf7792e25416bd801861ccd8e2fb27fb527b25e8d9a8704ebc3ead2015675'],
    ['docker.io/library/debian:stable', 'sha256:a317324860a60f88f98be05d1cab92f2262ef03884d1a6d7894894732ac9eb42'],
    ['docker.io/library/hello-world:linux', 'sha256:1b4338ade6d6d9eff53264cdc0f9caf1d717cf89dbfcb1cb13c57bc0a3c199a0'],
    // repo-info's httpd files of the 2.4.62 builds (Kubeplay's httpd logs Apache/2.4.62).
    ['docker.io/library/httpd:latest', 'sha256:4c7788695c832bf415a662dfb5160f1895e65fc65c025e85f436ee2c9e7d7f3e'],
    ['docker.io/library/httpd:alpine', 'sha256:741553a657df26d0adb4e6403c0da1700fbb0dd4e0544a8e01eeea3e7a4c592b'],
    // repo-info's mysql tag list: the docs' "Run a Single-Instance Stateful Application" image.
    ['docker.io/library/mysql:5.6', 'sha256:35aa66157963240633625d6490d940069a1311fdfc022bf32116cbf95b90b541'],
    // repo-info's mysql tag list of Sep 2024 (9.0.1) and of Nov 2023 (5.7.44, 5.7's last build).
    ['docker.io/library/mysql:latest', 'sha256:fcc25b16cdce550af84c5cc335a1081c6e19c2438e295d16bd7ff5b1011dbbf5'],
    ['docker.io/library/mysql:9.0', 'sha256:fcc25b16cdce550af84c5cc335a1081c6e19c2438e295d16bd7ff5b1011dbbf5'],
    ['docker.io/library/mysql:5.7', 'sha256:f566819f2eee3a60cf5ea6c8b7d1bfc9de62e34268bf62dc34870c4fca8a85d1'],
    // repo-info's <tag>.md of images whose program prints no release (the commits the data file names).
    ['docker.io/library/postgres:15', 'sha256:6b07fc4fbcf551ea4546093e90cecefc9dc60d7ea8c56a4ace704940b6d6b7a3'],
    ['docker.io/library/memcached:1.6', 'sha256:60e6e60d48625e3b73cd0575810c8c44ae941b9e721c647f439464f077baf1c7'],
    ['docker.io/library/mongo:6.0', 'sha256:5b3815ec21a1dfd9f216ee83b324a0a779e1dfd17892e2f858e3c571f5980561'],
    ['docker.io/library/node:18', 'sha256:d871edd5b68105ebcbfcde3fe8c79d24cbdbb30430d9bd6251c57c56c7bd7646'],
    ['docker.io/library/python:3.12', 'sha256:0c2998a13d94a4afaaaf4613890a9cc9eabc65992d4d24931e3b35fa9c5ab0a5'],
    ['docker.io/library/registry:2', 'sha256:ce14a6258f37702ff3cd92232a6f5b81ace542d9f1631966999e9f7c1ee6ddba'],
    ['docker.io/library/mariadb:11.4', 'sha256:4f1d8d202fcf7bcb3902f63af09f9c1a050c2922a89652f22abaec0d4f015e83'],
    // repo-info's 16.4 build (bookworm.md, Aug 2024) and pins of a tag in unrelated repositories.
    ['docker.io/library/postgres:16', 'sha256:099dbb13112c133b37463fd312d3134aabfd5b3db3846f2f336b2996a9566bec'],
    ['docker.io/library/alpine:3.20', 'sha256:beefdbd8a1da6d2915566fde36db9db0b524eb737fc57cd1367effd16dc0d06d'],
    ['docker.io/library/nginx:stable-alpine', 'sha256:5b44a5ab8ab467854f2bf7b835a32f850f32eb414b749fbf7ed506b139cd8d6b'],
    ['k8s.gcr.io/pause:3.1', 'sha256:f78411e19d84a252e53bff71a4407a5686c46983a2c2eeed83929b888179acea'],
    ['registry.k8s.io/busybox:1.27.2', 'sha256:545e6a6310a27636260920bc07b994a299b6708a1b26910cfefd335fdfb60d2b'],
    ['docker.io/library/openjdk:17', 'sha256:528707081fdb9562eb819128a9f85ae7fe000e2fbaeaf9f87662e7b3f38cb7d8'],
    // Images of the docs and examples outside the Official Images: the same digest for the tag in
    // several unrelated pins or `kubectl describe pod` Image IDs (each entry's `seen` names them);
    // http-echo's latest is its 1.0.0 build, pinned as latest, 1.0 and 1.0.0.
    ['docker.io/hashicorp/http-echo:1.0', 'sha256:fcb75f691c8b0414d670ae570240cbf95502cc18a9ba57e982ecac589760a186'],
    ['docker.io/hashicorp/http-echo:latest', 'sha256:fcb75f691c8b0414d670ae570240cbf95502cc18a9ba57e982ecac589760a186'],
    ['docker.io/curlimages/curl:8.9.1', 'sha256:8addc281f0ea517409209f76832b6ddc2cabc3264feb1ebbec2a2521ffad24e4'],
    ['docker.io/nicolaka/netshoot:v0.13', 'sha256:a20c2531bf35436ed3766cd6cfe89d352b050ccc4d7005ce6400adf97503da1b'],
    ['quay.io/prometheus/node-exporter:v1.8.2', 'sha256:4032c6d5bfd752342c3e631c2f1de93ba6b86c41db6b167b9a35372c139e7706'],
    ['docker.io/polinux/stress:latest', 'sha256:b6144f84f9c15dac80deb48d3a646b55c7043ab1d83ea0a697c09097aaad21aa'],
    ['gcr.io/google-samples/node-hello:1.0', 'sha256:d238d0ab54efb76ec0f7b1da666cefa9b40be59ef34346a761b8adc2dd45459b'],
    ['gcr.io/kuar-demo/kuard-amd64:blue', 'sha256:1ecc9fb2c871302fdb57a25e0c076311b7b352b0a9246d442940ca8fb4efe229'],
  ])('gives %s its published digest', (ref, digest) => {
    expect(resolveReference(ref)).toMatchObject({ ok: true, digest });
  });

  it('holds only catalogue tags, each with a well-formed digest and a source', () => {
    for (const [name, { digest, seen }] of Object.entries(PUBLISHED_DIGESTS)) {
      expect(lookupImage(name).found, name).toBe(true);
      expect(digest, name).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(seen, name).not.toBe('');
    }
  });

  it('still derives a stand-in for a tag with no published digest', () => {
    // Kubeplay's own image, published nowhere.
    expect(resolveReference('docker.io/kubeplay/policy-webhook:1.0')).toMatchObject({ ok: true, digest: `sha256:${hex64('manifest:docker.io/kubeplay/policy-webhook:1.0')}` });
  });

  // docker-library/official-images library/nginx: one build, one line of tags (`Tags: 1.26.2,
  // stable, 1.26`; `Tags: 1.27.1-alpine, mainline-alpine, 1-alpine, 1.27-alpine, alpine`), so two
  // published tags that run the same release in the same variant name the same manifest list.
  it('gives the tags of one nginx build one digest', () => {
    const byBuild = new Map<string, Set<string>>();
    for (const [name, { digest }] of Object.entries(PUBLISHED_DIGESTS)) {
      if (!name.startsWith('docker.io/library/nginx:')) continue;
      const l = lookupImage(name);
      if (!l.found) throw new Error(name);
      const variant = /(?:^|-)(alpine(?:-slim)?|perl|otel)$/.exec(l.ref.tag)?.[1] ?? '';
      const key = `${releaseOf(l)} ${variant}`;
      byBuild.set(key, (byBuild.get(key) ?? new Set()).add(digest));
    }
    for (const [build, digests] of byBuild) expect([...digests], build).toHaveLength(1);
    expect(byBuild.size).toBeGreaterThanOrEqual(8);
  });

  // A published digest is of one build, and repo-info records the build's release in the image's
  // ENV (REDIS_VERSION, HTTPD_VERSION, MYSQL_VERSION): the program a published tag runs must print
  // that release (redis-server's `Redis version=`, httpd's `Apache/`, mysqld's `Version: '...'`), as
  // the real image would.
  it.each([
    ['redis', /REDIS_VERSION=([\d.]+)/, /Redis version=([\d.]+)/],
    ['httpd', /HTTPD_VERSION=([\d.]+)/, /Apache\/([\d.]+)/],
    ['mysql', /MYSQL_VERSION=([\d.]+)-/, /Version: '([\d.]+)'/],
    // wordpress's banner names the build's PHP (repo-info's ENV PHP_VERSION; wordpress-logs.ts).
    ['wordpress', /PHP_VERSION=([\d.]+)/, /PHP\/([\d.]+)/],
  ])('runs the release of the published %s build', (image, built, printed) => {
    const names = Object.keys(PUBLISHED_DIGESTS).filter((n) => n.startsWith(`docker.io/library/${image}:`));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      // mysql's entrypoint stops at once without a root password (database-entrypoints.ts).
      const logged = programFor(name, undefined, undefined, { env: [['MYSQL_ROOT_PASSWORD', 'password']], files: {} }).steps.flatMap((s) => (s.op === 'log' ? [printed.exec(s.text)?.[1]] : [])).find((v) => v);
      expect([name, built.exec(PUBLISHED_DIGESTS[name]!.seen)?.[1]]).toEqual([name, logged]);
    }
  });

  // nginx's published builds from repo-info records name their release in ENV NGINX_VERSION (others
  // come from pins and Image IDs of a tag that names its release): nginx logs `nginx/<release>`.
  it('runs the release of each published nginx build whose record names it', () => {
    const names = Object.keys(PUBLISHED_DIGESTS).filter((n) => n.startsWith('docker.io/library/nginx:') && /NGINX_VERSION=/.test(PUBLISHED_DIGESTS[n]!.seen));
    expect(names.length).toBeGreaterThanOrEqual(9);
    for (const name of names) {
      const logged = programFor(name, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [/nginx\/([\d.]+)/.exec(s.text)?.[1]] : [])).find((v) => v);
      expect([name, /NGINX_VERSION=([\d.]+)/.exec(PUBLISHED_DIGESTS[name]!.seen)?.[1]]).toEqual([name, logged]);
    }
  });

  it('replies to a resolve request with the size and digest', () => {
    const ctx = new RecordingEffects({ self: 'registry' });
    const s = imageRegistry.start(ctx, { config: {}, persisted: undefined, incarnation: 1 });
    imageRegistry.onMessage(s, testMessage({ type: 'registry.resolve', reference: 'docker.io/library/busybox:1.28' }, { id: 7, from: 'containerd/worker-1' }), ctx);
    const r = ctx.sent[0]!.body as RegistryResolveResponse;
    expect(r.requestId).toBe(7);
    expect(r.result).toMatchObject({ ok: true, name: 'docker.io/library/busybox:1.28', sizeBytes: 2_150_000 });
  });
});
