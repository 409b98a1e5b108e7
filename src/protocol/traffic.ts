// Traffic as the app shows it: the load generators the person started (the scenario's `traffic`
// step, recorded from the app), their counts while they run and their report when done; the route
// of each request on the wire (client pod -> Service IP -> backend pod); and the per-packet cost of
// kube-proxy's modes that the kube-proxy inspector draws. Plain data the worker makes from the
// simulation's own state (containerd's load generators, its outgoing connections, proxy-cost.ts).

/** One load generator: a `traffic` step started from the app (or by the scenario). */
export interface LoadView {
  /** The job id the cluster gave it (its report is that job's output). */
  id: number;
  /** `pod/client`, `service/web` (the step's words); absent for a load the scenario started. */
  from?: string;
  to?: string;
  /** The client pod's namespace, when not `default` (the step's `namespace`). */
  namespace?: string;
  rps?: number;
  durationMs?: number;
  /** `default/client -> http://web/`, as the report's first line names it. */
  label: string;
  /** Simulated ms. */
  startedAt: number;
  endAt: number;
  sent: number;
  inFlight: number;
  /** Answers by the endpoint (`ip:port`) that served them; `(none)` when no endpoint was reached. */
  perEndpoint: Record<string, { ok: number; failed: number }>;
  /** Failures by kind: `timed out`, `connection refused`, `HTTP 503`, ... */
  failures: Record<string, number>;
  /** The report the step prints, once the load is over. */
  report?: string;
  done: boolean;
}

/**
 * Where a request on the wire comes from and goes: the client pod, the address it connected to (a
 * ClusterIP, or a pod's own), and the pod address the sending node's kernel DNATed it to. The UI
 * maps the addresses to its Service and Pod objects to draw client -> Service -> pod.
 */
export interface TrafficFlow {
  /** `pods/default/client`. */
  client: string;
  /** The destination the client connected to (10.96.x.y for a Service). */
  dst: string;
  dport: number;
  /** The backend's pod IP after DNAT (or the pod connected to directly). */
  backend: string;
  /** The answer travelling back (backend -> client). */
  reply?: true;
}

/** One row of `kubeplay proxy-cost`: a mode at a number of Services (proxy-cost.ts, ProxyCostRow). */
export interface ProxyCostPoint {
  mode: string;
  services: number;
  rules: number;
  rulesEvaluatedMean: number;
  rulesEvaluatedMax: number;
}

/** The Service counts the kube-proxy inspector's chart measures (a few hundred ms in the worker). */
export const PROXY_COST_SIZES: readonly number[] = [10, 100, 500, 1000];

/**
 * A request that got no answer, and where it ended: lost by the network on its way to the backend
 * (its node down, a partition: `at: 'pod'`), REJECTed by the rules of a Service without endpoints
 * (`at: 'service'`, the packet never left the client's node), or given up on by the client's own
 * timeout after it was sent to a backend on `node` (`at: 'node'`).
 */
export interface FailedFlow {
  /** The trace record of the lost message; for a REJECT or a timeout, `load:<node>:<n>`. */
  id: number | string;
  /** Simulated ms. */
  time: number;
  /** The route; `backend` is empty for a REJECT (no DNAT happened). */
  flow: TrafficFlow;
  /** The kernel's DropReason (`host-down`, `partition`, `loss`), or `rejected`, `timed out`. */
  reason: string;
  at?: 'pod' | 'service' | 'node';
  /** The node a timed-out request was sent to. */
  node?: string;
}
