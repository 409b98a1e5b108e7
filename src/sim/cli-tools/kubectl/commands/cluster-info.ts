// kubectl cluster-info (kubectl/pkg/cmd/clusterinfo/clusterinfo.go, v1.31): LIST the kube-system
// Services labelled kubernetes.io/cluster-service=true, print the control plane's URL and each
// Service's apiserver proxy URL, then the hint about `cluster-info dump`. printService colours the
// name green and the URL yellow with go-colortext, which writes the escapes to stdout whether or not
// it is a terminal (kubectl v1.31.9 piped into a file prints them too).

import type { KubeList } from '../../../api/types';
import type { Service } from '../../../api/service';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

const GREEN = '\x1b[0;32m';
const YELLOW = '\x1b[0;33m';
const RESET = '\x1b[0m';

export interface ClusterInfoJob extends JobCommon {
  command: 'cluster-info';
}

/** Printed after the services, and also when they could not be listed (Run writes it before returning the error). */
export const CLUSTER_INFO_HINT = "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n";

const printService = (name: string, link: string): string => `${GREEN}${name}${RESET} is running at ${YELLOW}${link}${RESET}\n`;

export function startClusterInfo(st: KubectlState, common: JobCommon, ctx: Effects): void {
  const job: ClusterInfoJob = { ...common, command: 'cluster-info' };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ resource: 'services', namespace: 'kube-system' });
  jobRequest(st, job, ctx, { method: 'GET', path, query: { labelSelector: 'kubernetes.io/cluster-service=true' } }, 'services');
}

export function onClusterInfoResult(st: KubectlState, job: ClusterInfoJob, _step: string, r: RequestResult, ctx: Effects): void {
  const host = `https://${st.config.server}`;
  if (r.ok) {
    job.stdout += printService('Kubernetes control plane', host);
    for (const svc of (r.body as KubeList<Service>).items ?? []) {
      let link = '';
      const status = (svc as { status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } } }).status;
      const ingress = status?.loadBalancer?.ingress?.[0];
      if (ingress) {
        for (const port of svc.spec?.ports ?? []) link += `http://${ingress.ip || ingress.hostname || ''}:${port.port} `;
      } else {
        let name = svc.metadata.name ?? '';
        const port = svc.spec?.ports?.[0];
        if (port) {
          const scheme = port.name === 'https' || port.port === 443 ? 'https' : '';
          // utilnet.JoinSchemeNamePort: `scheme:name:port`, empty parts left out from the left.
          name = scheme ? `${scheme}:${name}:${port.name ?? ''}` : port.name ? `${name}:${port.name}` : name;
        }
        link = `${host}/api/v1/namespaces/${svc.metadata.namespace ?? ''}/services/${name}/proxy`;
      }
      job.stdout += printService(svc.metadata.labels?.['kubernetes.io/name'] || (svc.metadata.name ?? ''), link);
    }
  }
  job.stdout += CLUSTER_INFO_HINT;
  finishJob(st, job, ctx, r.ok ? undefined : r.err);
}
