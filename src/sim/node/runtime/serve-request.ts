// A request delivered over the pod network to a pod's address: the container listening on the port
// answers, and what it answers is its image's: nginx serves its welcome page (html/index.html of
// nginx 1.27, 615 bytes) and logs the access in the docker image's `main` format (nginx.conf:
// `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer"
// "$http_user_agent" "$http_x_forwarded_for"`, to stdout); Apache httpd its "It works!" page with
// a common-format access line; agnhost serve-hostname the pod's name. A port nobody listens on
// answers with a reset (Connection refused); a listener that does not speak HTTP (redis) closes it.

import { rfc3339 } from '../../api/time';
import { lookupImage } from '../registry/behaviour';
import { answerReview, type PolicyWebhookConfig } from '../registry/policy-webhook';
import { repositoryName } from '../registry/reference';
import type { Container, ContainerdState } from './state';
import { GUESTBOOK_INDEX_HTML } from './guestbook-frontend';
import { redisCommand, type RedisReply } from './redis-server';
import { answerMetricsApi } from '../metrics-server/metrics-api';
import { HPA_EXAMPLE_BODY, apacheBytesSent, combinedLogLine, phpApacheBuild, type PhpApacheBuild } from '../registry/php-apache';

export const NGINX_INDEX_HTML = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

export const HTTPD_INDEX_HTML = '<html><body><h1>It works!</h1></body></html>\n';

/** httpd 2.4's canned 404 page (modules/http/http_protocol.c ap_send_error_response(), ServerSignature Off: no `<hr>`). */
export const HTTPD_404_HTML =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n';

const NGINX_404 = (version: string): string =>
  `<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/${version}</center>\r\n</body>\r\n</html>\r\n`;

export interface PodHttpRequest {
  method: string;
  path: string;
  /** The client's address as the server sees it (no masquerade inside the cluster CIDR). */
  src: string;
  userAgent: string;
  /** `redis`: a RESP command (`redisArgs`; `path` holds its name) instead of an HTTP request. */
  protocol?: 'redis';
  redisArgs?: string[];
  /** The client's node (a redis replica's master streams writes there). */
  srcNode?: string;
  /** A POST's body (an AdmissionReview sent to a webhook). */
  body?: string;
}

export type Served =
  | {
      kind: 'response'; status: number; reason: string; body: string; container: string; log?: { stream: 'stdout' | 'stderr'; text: string };
      /** A redis master's write to stream to its replicas. */
      propagate?: RedisReply['propagate'];
    }
  | { kind: 'refused' }
  /** Accepted, then closed without an HTTP answer. */
  | { kind: 'reset'; container: string }
  /** Accepted and never answered (a webhook told to hang): the client's timeout decides. */
  | { kind: 'hang'; container: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `$time_local`: `03/Dec/2026:00:31:32 +0000`. */
export function timeLocal(now: number): string {
  const iso = rfc3339(now);
  return `${iso.slice(8, 10)}/${MONTHS[Number(iso.slice(5, 7)) - 1]}/${iso.slice(0, 4)}:${iso.slice(11, 19)} +0000`;
}

function imageIsRedis(c: Container): boolean {
  const l = lookupImage(c.image);
  return !!l.ref && /redis/.test(repositoryName(l.ref));
}

function imageKind(c: Container): 'nginx' | 'httpd' | 'other' {
  const l = lookupImage(c.image);
  const repo = l.found || l.ref ? repositoryName(l.ref!) : '';
  if (repo === 'docker.io/library/nginx' || repo === 'registry.k8s.io/nginx-slim') return 'nginx';
  if (repo === 'docker.io/library/httpd' || repo.endsWith('gb-frontend') || repo === 'registry.k8s.io/hpa-example') return 'httpd';
  return 'other';
}

/** The php image's apache build a container runs (the guestbook frontends, hpa-example), if any. */
export function phpApacheOf(c: Container): PhpApacheBuild | undefined {
  const l = lookupImage(c.image);
  return l.found ? phpApacheBuild(repositoryName(l.ref), l.ref.tag) : undefined;
}

/** Debian apache2 with mod_php: hpa-example's index.php says `OK!`; a guestbook frontend serves its page. */
function phpApacheAnswer(c: Container, build: PhpApacheBuild, l: Container['listening'][number], req: PodHttpRequest, now: number, status: number, reason: string): Served {
  const php = l.http!.app === undefined;
  const page = php ? HPA_EXAMPLE_BODY : req.path === '/' || req.path === '/index.html' ? GUESTBOOK_INDEX_HTML : HTTPD_INDEX_HTML;
  const body = status === 200 ? page : status === 404 ? HTTPD_404_HTML : '';
  const sent = apacheBytesSent({ status, reason, body, build, php: php && status === 200, keepAlive: req.userAgent.startsWith('curl/'), now });
  const text = combinedLogLine(req.src, timeLocal(now), `${req.method} ${req.path} HTTP/1.1`, status, sent, req.userAgent);
  return { kind: 'response', status, reason, body, container: c.metadata.name, log: { stream: 'stdout', text } };
}

function answer(c: Container, l: Container['listening'][number], req: PodHttpRequest, now: number, hostname: string): Served {
  const ok = l.http!.okPaths.includes('*') || l.http!.okPaths.includes(req.path);
  const failed = l.http!.failAfterMs !== undefined && now - (c.startedAt ?? now) >= l.http!.failAfterMs;
  const status = failed ? 500 : ok ? 200 : 404;
  const reason = status === 200 ? 'OK' : status === 404 ? 'Not Found' : 'Internal Server Error';
  const kind = imageKind(c);
  const name = c.metadata.name;
  if (kind === 'nginx') {
    // Before 1.16 the Dockerfile's NGINX_VERSION was the Debian package version (`1.14.2-1~stretch`).
    const version = (c.processEnv?.find(([k]) => k === 'NGINX_VERSION')?.[1] ?? '1.27.1').split('-')[0]!;
    const body = status === 200 ? NGINX_INDEX_HTML : NGINX_404(version);
    const text = `${req.src} - - [${timeLocal(now)}] "${req.method} ${req.path} HTTP/1.1" ${status} ${body.length} "-" "${req.userAgent}" "-"`;
    return { kind: 'response', status, reason, body, container: name, log: { stream: 'stdout', text } };
  }
  const build = kind === 'httpd' ? phpApacheOf(c) : undefined;
  if (build) return phpApacheAnswer(c, build, l, req, now, status, reason);
  if (kind === 'httpd') {
    const page = l.http!.app !== undefined && (req.path === '/' || req.path === '/index.html') ? GUESTBOOK_INDEX_HTML : HTTPD_INDEX_HTML;
    const body = status === 200 ? page : status === 404 ? HTTPD_404_HTML : '';
    // The image's CustomLog is `common` (`%h %l %u %t \"%r\" %>s %b`, httpd.conf); %b is `-` for no body.
    const text = `${req.src} - - [${timeLocal(now)}] "${req.method} ${req.path} HTTP/1.1" ${status} ${body.length || '-'}`;
    return { kind: 'response', status, reason, body, container: name, log: { stream: 'stdout', text } };
  }
  // agnhost serve-hostname and its kin answer with the pod's name.
  const body = status === 200 && c.commandLine?.includes('serve-hostname') ? hostname : '';
  return { kind: 'response', status, reason, body, container: name };
}

/** kubeplay/policy-webhook answers an AdmissionReview and logs its decision (policy-webhook.ts). */
function webhookServed(c: Container, cfg: PolicyWebhookConfig, req: PodHttpRequest, now: number): Served {
  const a = answerReview(cfg, req.method === 'POST' ? req.path : '', req.body);
  if (a.kind === 'hang') return { kind: 'hang', container: c.metadata.name };
  const reason = a.status === 200 ? 'OK' : a.status === 404 ? 'Not Found' : 'Bad Request';
  return { kind: 'response', status: a.status, reason, body: a.body, container: c.metadata.name, log: { stream: 'stderr', text: `I${klogStamp(now)}       1 webhook.go:90] ${a.log}` } };
}

/** klog's `MMDD hh:mm:ss.uuuuuu` from the simulated clock. */
function klogStamp(now: number): string {
  const iso = rfc3339(now);
  return `${iso.slice(5, 7)}${iso.slice(8, 10)} ${iso.slice(11, 19)}.${String(Math.floor(now % 1000) * 1000).padStart(6, '0')}`;
}

/** The pod at `ip` answers a request on `port`. */
export function serveRequest(s: ContainerdState, ip: string, port: number, req: PodHttpRequest, now: number): Served {
  for (const c of s.containers.values()) {
    const sb = s.sandboxes.get(c.podSandboxId);
    if (c.state !== 'CONTAINER_RUNNING' || sb?.ip !== ip) continue;
    const l = c.listening.find((x) => x.port === port);
    if (!l) continue;
    // redis answers its RESP commands (redis-server.ts); anything else that is not HTTP closes.
    if (req.protocol === 'redis') {
      if (l.http || !imageIsRedis(c)) return { kind: 'reset', container: c.metadata.name };
      const r = redisCommand(c, req.redisArgs ?? [req.path], req.src, req.srcNode);
      const served: Served = { kind: 'response', status: 200, reason: 'OK', body: r.reply, container: c.metadata.name };
      if (r.propagate) served.propagate = r.propagate;
      if (r.log && served.kind === 'response') served.log = { stream: 'stdout', text: r.log };
      return served;
    }
    if (!l.http) return { kind: 'reset', container: c.metadata.name };
    if (l.http.webhook) return webhookServed(c, l.http.webhook, req, now);
    if (l.http.metricsServer) {
      const srv = s.metricsServers?.get(c.id);
      if (!srv) return { kind: 'reset', container: c.metadata.name };
      const a = answerMetricsApi(srv, req.path, now);
      return { kind: 'response', status: a.status, reason: a.status === 200 ? 'OK' : a.status === 404 ? 'Not Found' : a.status === 400 ? 'Bad Request' : 'Internal Server Error', body: a.body, container: c.metadata.name };
    }
    return answer(c, l, req, now, sb.metadata.name);
  }
  return { kind: 'refused' };
}
