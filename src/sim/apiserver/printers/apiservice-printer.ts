// `kubectl get apiservices`, as kube-aggregator v1.31 prints them (pkg/registry/apiservice/etcd
// etcd.go ConvertToTable): NAME, SERVICE (`namespace/name`, or `Local` for a group the apiserver
// serves itself), AVAILABLE (the Available condition's status, with its reason when not True:
// `False (MissingEndpoints)`; `Unknown` before the condition is set) and AGE.

import type { KubeObject } from '../../api/types';
import { age, type TablePrinter } from './tables';

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
}

export const apiServicePrinter: TablePrinter = {
  columns: ['Name', 'Service', 'Available', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const svc = (obj.spec as { service?: { namespace?: string; name?: string } } | undefined)?.service;
    const cond = ((obj.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Available');
    const available = !cond ? 'Unknown' : cond.status === 'True' ? 'True' : `${cond.status ?? 'Unknown'} (${cond.reason ?? ''})`;
    return [obj.metadata.name ?? '', svc ? `${svc.namespace ?? ''}/${svc.name ?? ''}` : 'Local', available, age(obj.metadata.creationTimestamp, now)];
  },
};
