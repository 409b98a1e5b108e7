// What the metrics-server container does as a process: its startup lines (klog, as v0.7 prints
// them) and its secure port (--secure-port, 10250 in components.yaml; 10250 by default too). The
// scraping and the Metrics API are the program's own module (node/metrics-server/), which the
// node's containerd runs beside these steps.

import type { Step } from './program';

export function metricsServerSteps(tag: string, args: readonly string[]): Step[] {
  const portArg = args.map((a) => /^--secure-port=(\d+)$/.exec(a)).find((m) => m);
  const port = portArg ? Number(portArg[1]) : 10250;
  const klog = (text: string): Step => ({ op: 'log', stream: 'stderr', text: `I{klogTime}       1 ${text}` });
  return [
    klog('serving.go:374] Generated self-signed cert (/tmp/apiserver.crt, /tmp/apiserver.key)'),
    klog(`handler.go:275] Adding GroupVersion metrics.k8s.io v1beta1 to ResourceManager`),
    klog(`secure_serving.go:213] Serving securely on [::]:${port}`),
    klog(`tlsconfig.go:240] "Starting DynamicServingCertificateController"`),
    { op: 'log', stream: 'stderr', text: `I{klogTime}       1 server.go:191] "Metrics Server version" version="${tag}"` },
    { op: 'listen', port, http: { okPaths: ['/livez', '/healthz'], metricsServer: true } },
    { op: 'wait' },
  ];
}
