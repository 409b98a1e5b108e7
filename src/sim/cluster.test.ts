import { describe, expect, it } from 'vitest';
import { buildCluster, FINISHED_OUTPUTS_KEPT } from './cluster';

describe('Cluster', () => {
  it('keeps the outputs of the last thousand finished commands, not of every command ever run', () => {
    const c = buildCluster({}, { seed: 1, bootMs: 0 });
    const jobs: number[] = [];
    // Answered at once, without a message: ssh to a host that does not exist.
    for (let i = 0; i <= FINISHED_OUTPUTS_KEPT; i++) jobs.push(c.exec(`ssh nowhere-${i} -- true`));
    expect(c.output(jobs[0]!)).toBeUndefined();
    expect(c.output(jobs[1]!)?.stderr).toBe('ssh: Could not resolve hostname nowhere-1: Name or service not known\n');
    expect(c.output(jobs.at(-1)!)?.exitCode).toBe(255);
    expect(c.run('kubectl get ns default -o name').stdout).toBe('namespace/default\n');
  });
});
