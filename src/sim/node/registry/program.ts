// What a container does once started, as data the runtime executes on timers: write log lines,
// sleep, listen on ports, create or delete files, exit with a code. The image catalogue turns an
// image plus the pod's command/args into a Program (see behaviour.ts); containerd runs it.

import type { PolicyWebhookConfig } from './policy-webhook';

/** How a listening HTTP server answers a request for a path. */
export interface HttpBehaviour {
  /** Paths answered with 200; `*` answers every path. Others get 404. */
  okPaths: string[];
  /** After this long since start every answer is 500 (agnhost liveness, the docs' probe example). */
  failAfterMs?: number;
  /**
   * A PHP application behind the web server that answers its own paths: the guestbook's
   * guestbook.php as GoogleCloudPlatform/kubernetes-engine-samples builds it (`guestbook`: redis-leader
   * and redis-follower) or as kubernetes/examples builds it (`guestbook-examples`: redis-master and
   * redis-replica).
   */
  app?: 'guestbook' | 'guestbook-examples';
  /** An admission webhook server (kubeplay/policy-webhook) and the policy its arguments set. */
  webhook?: PolicyWebhookConfig;
  /** metrics-server's secure port: /livez, /readyz and the Metrics API (node/metrics-server/metrics-api.ts). */
  metricsServer?: true;
}

export type Step =
  | { op: 'log'; stream: 'stdout' | 'stderr'; text: string }
  | { op: 'sleep'; ms: number }
  | { op: 'exit'; code: number }
  | { op: 'listen'; port: number; http?: HttpBehaviour }
  | { op: 'touch'; path: string }
  | { op: 'rm'; path: string }
  /** Run the body again and again (a `while true` loop); only an exit or a signal ends it. */
  | { op: 'loop'; body: Step[] }
  /** Block forever (a server's main loop, `sleep infinity`). */
  | { op: 'wait' }
  /**
   * Touch this many more bytes of memory (stress --vm). Past the container's memory limit the
   * kernel's cgroup OOM killer ends the container: exit 137, reason OOMKilled.
   */
  | { op: 'alloc'; bytes: number }
  /**
   * `until nslookup <host>; do <body>; done`: ask the cluster DNS for the host; while it does not
   * resolve, print busybox's failure, run the body and ask again; once it does, print the answer
   * and go on (the init-containers docs page's `until nslookup myservice...`).
   */
  | { op: 'untilResolves'; host: string; body: Step[] }
  /** `cat <file>` of a mounted file, read when it runs: a ConfigMap update shows up (config-volumes.ts). */
  | { op: 'cat'; path: string }
  /**
   * `redis-server --replicaof <host> <port>`: connect to the master by name and keep its data in
   * sync (a full sync, then every write it streams); retried every second while it fails.
   */
  | { op: 'replicaof'; host: string; port: number };

export interface Program {
  steps: Step[];
  /** What SIGTERM does: servers exit 0 at once; a shell running `sleep` ignores it (PID 1 has no default handler). */
  onSigterm: 'exit0' | 'ignore';
  /** What the program writes when SIGTERM makes it exit (nginx: `signal 15 (SIGTERM) received, exiting`). */
  sigtermLogs?: { stream: 'stdout' | 'stderr'; text: string }[];
  /** The image's STOPSIGNAL, which containerd's StopContainer sends instead of SIGTERM (nginx SIGQUIT, httpd SIGWINCH). */
  stopSignal?: 'SIGQUIT' | 'SIGWINCH';
  /** The directives of the configuration file redis-server read when it started (redis-config.ts). */
  redisConfig?: Record<string, string>;
}

/** Log-line placeholders the runtime fills in at write time: `{nginxTime}`, `{redisTime}`, `{klogTime}`, `{mysqlTime}`, `{mysql56Time}`, `{apacheTime}`, `{pgTime}`, `{pgSeconds}`, `{rfc3339Seconds}`. */
export const TIME_PLACEHOLDERS = ['{nginxTime}', '{redisTime}', '{klogTime}', '{mysqlTime}', '{mysql56Time}', '{apacheTime}', '{pgTime}', '{pgSeconds}', '{rfc3339Seconds}'] as const;
