// A served run only goes forward (served-session.ts refuses going back in time), so it takes no
// time-machine snapshots after the first: each one copies the whole cluster (the worker's every 30
// simulated s, src/sim/scenario/time-machine.ts) and held every waiting real client for tens of
// milliseconds (issue 17, bench serve-watch-200). The page's worker still takes them.
import { describe, expect, it, vi } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { SimSession } from '../worker/session';
import { oneNodeScenario } from './served-scenario';
import { ServedSession } from './served-session';

describe('time-machine snapshots', () => {
  it('a served run takes none after the first, however long it plays', () => {
    let wall = 0;
    const { scenario, source } = oneNodeScenario('served-snapshots');
    const s = new ServedSession(scenario, source, 1, () => {}, () => wall);
    const snapshot = vi.spyOn(s.cluster, 'snapshot');
    for (let i = 0; i < 1000; i++) {
      wall += 100;
      s.tick();
    }
    expect(s.runner.now).toBeGreaterThanOrEqual(90_000);
    expect(snapshot).not.toHaveBeenCalled();
  });

  it("the page's worker takes one every 30 simulated seconds", () => {
    let wall = 0;
    const session = new SimSession(buildCluster, () => wall);
    const { scenario, source } = oneNodeScenario('served-snapshots');
    session.adopt(source, scenario);
    const snapshot = vi.spyOn(session.cluster!, 'snapshot');
    session.handle({ type: 'play' });
    for (let i = 0; i < 1000; i++) {
      wall += 100;
      session.tick(100);
    }
    expect(session.runner!.now).toBeGreaterThanOrEqual(90_000);
    expect(snapshot).toHaveBeenCalledTimes(3);
  });
});
