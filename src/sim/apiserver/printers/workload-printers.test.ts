// printDaemonSet and printJob (pkg/printers/internalversion/printers.go, v1.31): DaemonSet counts
// and NODE SELECTOR (`<none>` when empty); Job STATUS (Complete, Failed, Running...), COMPLETIONS
// `succeeded/completions` (or `n/1 of p` without completions) and DURATION from startTime.
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../api/time';
import type { KubeObject } from '../../api/types';
import { daemonSetPrinter, jobPrinter } from './workload-printers';

const meta = { name: 'x', namespace: 'default', creationTimestamp: rfc3339(0) };

describe('workload printers', () => {
  it('prints a DaemonSet row with its counts and node selector', () => {
    const ds: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: meta,
      spec: { selector: { matchLabels: { app: 'x' } }, template: { spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'a', image: 'busybox' }] } } },
      status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2 },
    };
    expect(daemonSetPrinter.row(ds, 45_000, false)).toEqual(['x', '3', '3', '2', '3', '2', 'disk=ssd', '45s']);
    expect(daemonSetPrinter.row(ds, 45_000, true).slice(8)).toEqual(['a', 'busybox', 'app=x']);
  });

  it.each([
    ['a running Job', { completions: 3 }, { succeeded: 1, startTime: rfc3339(0) }, ['x', 'Running', '1/3', '20s', '20s']],
    ['a complete Job', { completions: 1 }, { succeeded: 1, startTime: rfc3339(0), completionTime: rfc3339(7000), conditions: [{ type: 'Complete', status: 'True' }] }, ['x', 'Complete', '1/1', '7s', '20s']],
    ['a failed Job', { completions: 1 }, { failed: 7, startTime: rfc3339(0), conditions: [{ type: 'Failed', status: 'True' }] }, ['x', 'Failed', '0/1', '20s', '20s']],
    ['a work queue with parallelism 2', { parallelism: 2 }, {}, ['x', 'Running', '0/1 of 2', '', '20s']],
  ])('prints %s', (_name, spec, status, want) => {
    const job: KubeObject = { apiVersion: 'batch/v1', kind: 'Job', metadata: meta, spec, status };
    expect(jobPrinter.row(job, 20_000, false)).toEqual(want);
  });
});
