import { describe, expect, it } from 'vitest';
import { keyMessages } from './compact';
import { RUNNING_POD } from './fixtures';

describe('key messages only', () => {
  const kept = keyMessages(RUNNING_POD);
  const summaries = kept.map((r) => r.summary);

  it('leaves out the Event objects the components write, with everything they caused', () => {
    expect(summaries.some((s) => /event/i.test(s) && !s.startsWith('ADDED'))).toBe(false);
    expect(kept.some((r) => r.id === 806 || r.id === 809)).toBe(false); // Txn create of the Scheduled event, its 201
  });

  it('leaves out the watch events nobody acted on, and keeps the first fan-out and every event someone acted on', () => {
    expect(summaries).toContain('ADDED pod/default/web rv=133');
    expect(kept.filter((r) => r.summary === 'ADDED pod/default/web rv=133').map((r) => r.to)).toEqual(['kube-scheduler', 'kube-controller-manager']);
    // The kubelet's ADDED (rv=134) started the sandbox; the MODIFIED echoes to the scheduler went nowhere.
    expect(kept.find((r) => r.summary === 'ADDED pod/default/web rv=134')?.to).toBe('kubelet/worker-1');
    expect(kept.some((r) => r.summary.startsWith('MODIFIED') && r.to === 'kube-scheduler')).toBe(false);
  });

  it('keeps the request itself: kubectl to Running', () => {
    for (const s of ['201 Created pod/web', 'RunPodSandbox web', 'PullImage nginx:1.25', 'StartContainer web', 'PATCH pods/web/status (Running)']) {
      expect(summaries).toContain(s);
    }
    expect(kept.length).toBeLessThan(RUNNING_POD.length * 0.7);
  });
});
