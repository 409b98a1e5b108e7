// The kubernetes.io task page "Parallel Processing using Expansions"
// (https://kubernetes.io/docs/tasks/job/parallel-processing-expansion/): the Job template
// application/job/job-tmpl.yaml, expanded as the page's loop does
// (`cat job-tmpl.yaml | sed "s/\$ITEM/$i/" > ./jobs/job-$i.yaml` for apple, banana and cherry),
// created from the directory, listed, and read with `kubectl logs -l`. Outputs compared with
// kubectl v1.31.9 through `kubeplay serve` (v1.31's get jobs has the STATUS column the page's
// older output lacks; durations and ages are masked). The page follows the logs with -f, which
// Kubeplay's kubectl does not do; without it the output is the same for finished pods.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const JOB_TMPL = `apiVersion: batch/v1
kind: Job
metadata:
  name: process-item-$ITEM
  labels:
    jobgroup: jobexample
spec:
  template:
    metadata:
      name: jobexample
      labels:
        jobgroup: jobexample
    spec:
      containers:
      - name: c
        image: busybox:1.28
        command: ["sh", "-c", "echo Processing item $ITEM && sleep 5"]
      restartPolicy: Never
`;

/** sed "s/\$ITEM/$i/": the first $ITEM of every line. */
const expand = (item: string): string => JOB_TMPL.split('\n').map((l) => l.replace('$ITEM', item)).join('\n');
const FILES = Object.fromEntries(['apple', 'banana', 'cherry'].map((i) => [`./jobs/job-${i}.yaml`, expand(i)]));
const mask = (s: string): string => s.replace(/(?<= )\d+s(?= |$)/gm, '<t>').replace(/-[b-z2-9]{5}(?= )/g, '-xxxxx');

describe('Parallel Processing using Expansions (kubernetes.io task page)', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 3_000);
  const run = (line: string): { stdout: string; stderr: string } => c.run(line, { files: FILES });

  it('creates the three Jobs from the directory', () => {
    expect(run('kubectl create -f ./jobs').stdout).toBe('job.batch/process-item-apple created\njob.batch/process-item-banana created\njob.batch/process-item-cherry created\n');
  });

  it('lists them and their pods once each has run', () => {
    c.sim.runUntil(c.sim.now + 30_000);
    expect(mask(run('kubectl get jobs -l jobgroup=jobexample').stdout)).toBe(
      'NAME                  STATUS     COMPLETIONS   DURATION   AGE\n' +
        'process-item-apple    Complete   1/1           <t>         <t>\n' +
        'process-item-banana   Complete   1/1           <t>         <t>\n' +
        'process-item-cherry   Complete   1/1           <t>         <t>\n',
    );
    expect(mask(run('kubectl get pods -l jobgroup=jobexample').stdout)).toBe(
      'NAME                        READY   STATUS      RESTARTS   AGE\n' +
        'process-item-apple-xxxxx    0/1     Completed   0          <t>\n' +
        'process-item-banana-xxxxx   0/1     Completed   0          <t>\n' +
        'process-item-cherry-xxxxx   0/1     Completed   0          <t>\n',
    );
  });

  it('reads every pod\'s output with logs -l, and says when the selector matches nothing', () => {
    expect(run('kubectl logs -l jobgroup=jobexample')).toMatchObject({ stdout: 'Processing item apple\nProcessing item banana\nProcessing item cherry\n', stderr: '' });
    expect(run('kubectl logs -l jobgroup=nothing')).toMatchObject({ stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(run('kubectl logs -l jobgroup=jobexample web').stderr).toBe("error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n");
  });

  it('deletes the Jobs by label', () => {
    expect(run('kubectl delete job -l jobgroup=jobexample').stdout).toBe(
      'job.batch "process-item-apple" deleted\njob.batch "process-item-banana" deleted\njob.batch "process-item-cherry" deleted\n',
    );
  });
});
