// Jobs on the whole simulated cluster: `kubectl create job` (kubectl/pkg/cmd/create/create_job.go)
// builds a Job whose pod runs the command after `--` with restartPolicy Never; the apiserver adds the
// controller-uid selector and the job-name labels (pkg/registry/batch/job/strategy.go); the Job
// controller runs the pod and marks the Job Complete, shown by `kubectl get jobs` (printJob, v1.31).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('kubectl create job and get jobs on a cluster', () => {
  it('runs the Job to completion and prints its STATUS, COMPLETIONS and DURATION', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    expect(c.run('kubectl create job hello --image=busybox:1.36 -- sh -c "echo hi; sleep 1"').stdout).toBe('job.batch/hello created\n');
    c.sim.runUntil(c.sim.now + 30_000);
    const jobs = c.run('kubectl get jobs').stdout.split('\n');
    expect(jobs[0]).toMatch(/^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE$/);
    expect(jobs[1]).toMatch(/^hello\s+Complete\s+1\/1\s+\d+s\s+3\ds$/);
    const pods = c.run('kubectl get pods -l job-name=hello').stdout;
    expect(pods).toMatch(/^hello-\w{5}\s+0\/1\s+Completed\s+0\s/m);
  });

  it('prints the create job usage errors', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    expect(c.run('kubectl create job').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create job -h' for help and examples\n");
    expect(c.run('kubectl create job x').stderr).toBe('error: either --image or --from must be specified\n');
  });
});
