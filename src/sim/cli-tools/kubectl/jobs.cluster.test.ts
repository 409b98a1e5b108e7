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
    // kubectl logs job/hello reads the Job's first pod (polymorphichelpers/logsforobject.go).
    expect(c.run('kubectl logs job/hello')).toMatchObject({ stdout: 'hi\n', stderr: '' });
  });

  it('reads the first of several pods for logs job/x and says which (GetFirstPod, ByLogging)', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: two\nspec:\n  completions: 2\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox:1.36\n        command: [sh, -c, "echo done"]\n';
    c.run('kubectl apply -f j.yaml', { files: { 'j.yaml': job } });
    c.sim.runUntil(c.sim.now + 20_000);
    const r = c.run('kubectl logs job/two');
    expect(r.stderr).toMatch(/^Found 2 pods, using pod\/two-\w{5}\n$/);
    expect(r.stdout).toBe('done\n');
    // logs.go Complete wraps the builder's NotFound (checked with kubectl.1.31 through kubeplay serve).
    expect(c.run('kubectl logs job/nope').stderr).toBe('error: error from server (NotFound): jobs.batch "nope" not found in namespace "default"\n');
  });

  it('prints the create job usage errors', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    expect(c.run('kubectl create job').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create job -h' for help and examples\n");
    expect(c.run('kubectl create job x').stderr).toBe('error: either --image or --from must be specified\n');
  });
});

// The kubernetes.io task "Running Automated Tasks with a CronJob"
// (https://kubernetes.io/docs/tasks/job/automated-tasks-with-cron-jobs/), its manifest unchanged, and
// the cronjob controller v2 (pkg/controller/cronjob/cronjob_controllerv2.go, v1.31): Jobs named
// `<cronjob>-<scheduled minutes since the epoch>`, LAST SCHEDULE, the history limits (3 successful)
// and the events; printCronJob's columns (pkg/printers/internalversion/printers.go).
const HELLO = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            imagePullPolicy: IfNotPresent
            command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
          restartPolicy: OnFailure
`;

describe('CronJobs on a cluster', () => {
  // One cluster for the file's CronJob cases, which run in order on its clock.
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  // The simulation starts at 2024-08-13T09:00:00Z: minute 28725660 since the Unix epoch.
  const minute = (sim: number): number => Math.floor((Date.parse('2024-08-13T09:00:00Z') + sim) / 60_000);

  it('creates the docs CronJob and lists it as the task page shows', () => {
    expect(c.run('kubectl create -f cronjob.yaml', { files: { 'cronjob.yaml': HELLO } }).stdout).toBe('cronjob.batch/hello created\n');
    expect(c.run('kubectl get cronjob hello').stdout).toBe(
      'NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n' + 'hello   * * * * *   <none>     False     0        <none>          0s\n',
    );
  });

  it('runs a Job at the next minute, named after its scheduled time, and shows LAST SCHEDULE', () => {
    c.sim.runUntil(75_000);
    const name = `hello-${minute(60_000)}`;
    expect(c.run('kubectl get cj').stdout).toBe(
      'NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n' + 'hello   * * * * *   <none>     False     0        15s             75s\n',
    );
    expect(c.run('kubectl get jobs').stdout).toMatch(new RegExp(`^NAME +STATUS +COMPLETIONS +DURATION +AGE\\n${name} +Complete +1/1 +\\d+s +15s\\n$`));
    expect(c.run(`kubectl get pods -l job-name=${name}`).stdout).toMatch(new RegExp(`^${name}-\\w{5} +0/1 +Completed +0 +15s$`, 'm'));
    const yaml = c.run('kubectl get cronjob hello -o yaml').stdout;
    expect(yaml).toContain('lastScheduleTime: "2024-08-13T09:01:00Z"');
    expect(yaml).toContain('lastSuccessfulTime: "2024-08-13T09:01:');
  });

  it('keeps three successful Jobs and tells each step in the events', () => {
    c.sim.runUntil(5 * 60_000 + 15_000);
    const jobs = c.run('kubectl get jobs -o name').stdout;
    expect(jobs).toBe([3, 4, 5].map((m) => `job.batch/hello-${minute(m * 60_000)}\n`).join(''));
    const events = c.run('kubectl get events --field-selector involvedObject.kind=CronJob').stdout.split('\n');
    const first = minute(60_000);
    expect(events).toContain(`5m15s       Normal   SuccessfulCreate   cronjob/hello   Created job hello-${first}`.replace('5m15s', '4m15s'));
    expect(events).toContain(`4m15s       Normal   SawCompletedJob    cronjob/hello   Saw completed job: hello-${first}, status: Complete`);
    expect(events).toContain(`75s         Normal   SuccessfulDelete   cronjob/hello   Deleted job hello-${first}`);
    expect(events.filter((l) => l.includes('SawCompletedJob'))).toHaveLength(5);
  });

  it('creates no Job while suspended', () => {
    const suspended = HELLO.replace('spec:\n  schedule', 'spec:\n  suspend: true\n  schedule');
    expect(c.run('kubectl apply -f cronjob.yaml', { files: { 'cronjob.yaml': suspended } }).stdout).toBe('cronjob.batch/hello configured\n');
    const before = c.run('kubectl get jobs -o name').stdout;
    c.sim.runUntil(c.sim.now + 3 * 60_000);
    expect(c.run('kubectl get jobs -o name').stdout).toBe(before);
    expect(c.run('kubectl get cj hello').stdout).toMatch(/^hello +\* \* \* \* \* +<none> +True +0 +3m15s /m);
  });

  it('runs a CronJob now with kubectl create job --from', () => {
    expect(c.run('kubectl create job manual --from=cronjob/hello').stdout).toBe('job.batch/manual created\n');
    const yaml = c.run('kubectl get job manual -o yaml').stdout;
    expect(yaml).toContain('cronjob.kubernetes.io/instantiate: manual');
    expect(yaml).toMatch(/ownerReferences:\n {2}- apiVersion: batch\/v1\n {4}controller: true\n {4}kind: CronJob\n {4}name: hello\n/);
    expect(c.run('kubectl create job x --from=cronjob/nope').stderr).toBe('Error from server (NotFound): cronjobs.batch "nope" not found\n');
  });

  it('skips a run under Forbid while the last still runs, and replaces it under Replace', () => {
    expect(c.run('kubectl create cronjob forbid --image=busybox:1.28 --schedule="*/1 * * * *" -- sleep 90').stdout).toBe('cronjob.batch/forbid created\n');
    const yaml = c.run('kubectl get cronjob forbid -o yaml').stdout;
    const policy = (name: string, p: string): string => yaml.replace(/name: forbid\n/g, `name: ${name}\n`).replace('concurrencyPolicy: Allow', `concurrencyPolicy: ${p}`).replace(/ {2}(resourceVersion|uid|creationTimestamp): .*\n/g, '');
    expect(c.run('kubectl apply -f f.yaml', { files: { 'f.yaml': policy('forbid', 'Forbid') } }).stdout).toBe('cronjob.batch/forbid configured\n');
    expect(c.run('kubectl apply -f r.yaml', { files: { 'r.yaml': policy('replace', 'Replace') } }).stdout).toBe('cronjob.batch/replace created\n');
    const start = c.sim.now;
    c.sim.runUntil(Math.ceil(start / 60_000) * 60_000 + 60_000 + 30_000);
    const ev = c.run('kubectl get events --field-selector involvedObject.kind=CronJob -o custom-columns=R:.reason,O:.involvedObject.name,M:.message --no-headers').stdout;
    expect(ev).toMatch(/JobAlreadyActive +forbid +Not starting job because prior execution is running and concurrency policy is Forbid/);
    expect(ev).toMatch(/SuccessfulDelete +replace +Deleted job replace-\d+/);
    expect(c.run('kubectl get cj forbid replace').stdout).toMatch(/^forbid +\*\/1 \* \* \* \* +<none> +False +1 /m);
  });

  it('describes a CronJob as kubectl describe does', () => {
    const d = c.run('kubectl describe cronjob forbid').stdout;
    expect(d).toMatch(/^Name: +forbid\nNamespace: +default\nLabels: +<none>\nAnnotations: +<none>\nSchedule: +\*\/1 \* \* \* \*\nConcurrency Policy: +Forbid\nSuspend: +False\nSuccessful Job History Limit: +3\nFailed Job History Limit: +1\nStarting Deadline Seconds: +<unset>\nSelector: +<unset>\nParallelism: +<unset>\nCompletions: +<unset>\nPod Template:\n/);
    expect(d).toMatch(/\nLast Schedule Time: +\w{3}, \d\d \w{3} 2024 \d\d:\d\d:00 \+0000\nActive Jobs: +forbid-\d+\nEvents:\n/);
  });

  it('refuses a bad schedule with the apiserver text', () => {
    const r = c.run('kubectl create cronjob bad --image=busybox --schedule="* * *"');
    expect(r.stderr).toBe('error: failed to create cronjob: CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]\n');
  });
});
