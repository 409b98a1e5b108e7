// The callouts' words, counted down on the simulated clock. Numbers: seed chapter 3 (NotReady after
// 40 s, eviction 5 minutes later) and Kubernetes v1.31's defaults (--node-monitor-grace-period 40 s,
// --node-monitor-period 5 s, DefaultTolerationSeconds 300 s); seed chapter 2 for the quorum.
import { describe, expect, it } from 'vitest';
import type { WhyCallout, WhyFacts } from '../../protocol/why';
import { WHY_STRINGS } from './strings';
import { countdown, deadlineOf, whyText } from './text';

const callout = (facts: WhyFacts): WhyCallout => ({ id: 'x', target: { kind: 'host', id: 'worker-2' }, severity: 'warning', facts });
const node = { kind: 'node-not-ready' as const, node: 'worker-2', reason: 'kubelet-down' as const, gracePeriodSeconds: 40, monitorPeriodSeconds: 5, podsToEvict: 0 };

describe('countdown', () => {
  it.each([
    [40_000, 0, '40 s'],
    [40_000, 39_001, '1 s'],
    [40_000, 45_000, '0 s'],
    [300_000, 0, '5 min'],
    [385_000, 132_400, '4 min 13 s'],
  ])('to %i at %i reads "%s"', (at, now, text) => {
    expect(countdown(at, now, WHY_STRINGS.en)).toBe(text);
  });
});

describe('whyText', () => {
  it('counts down to NotReady from the controller’s last sight of the node plus the 40 s grace period', () => {
    const c = callout({ ...node, stage: 'grace', lastSeenAt: 35_400, notReadyAt: 75_400 });
    expect(deadlineOf(c)).toBe(75_400);
    expect(whyText(c, 50_000, 'en').badge).toBe('NotReady in 26 s');
    expect(whyText(c, 50_000, 'en').title).toBe('worker-2 is silent (its kubelet is stopped): NotReady in 26 s');
    expect(whyText(c, 50_000, 'en').body).toContain('--node-monitor-grace-period (40 s), at 01:15.400');
    expect(whyText(c, 50_000, 'ru').badge).toBe('NotReady через 26 с');
    // Past the deadline the controller marks it at its next pass (every 5 s), not at once.
    expect(whyText(c, 76_000, 'en').badge).toBe('NotReady at the next check');
  });

  it('counts down to the eviction by the taint eviction controller’s timer (tolerationSeconds 300)', () => {
    const c = callout({ ...node, stage: 'not-ready', evictAt: 385_000, tolerationSeconds: 300, podsToEvict: 2 });
    expect(deadlineOf(c)).toBe(385_000);
    const t = whyText(c, 90_000, 'en');
    expect(t.badge).toBe('eviction in 4 min 55 s');
    expect(t.body).toContain('2 pods tolerate the node.kubernetes.io/unreachable:NoExecute taint for 300 s');
    expect(t.body).toContain('At 06:25.000');
  });

  // The count in the words' own form (app/plural.ts, CLDR plural rules for en and ru): no "pod(s)".
  it.each([
    [1, 'en', '1 pod tolerates the', 'deletes it,'],
    [2, 'en', '2 pods tolerate the', 'deletes them,'],
    [1, 'ru', '1 под терпит taint', 'удалит его,'],
    [3, 'ru', '3 пода терпят taint', 'удалит их,'],
    [5, 'ru', '5 подов терпят taint', 'удалит их,'],
    [21, 'ru', '21 под терпит taint', 'удалит его,'],
  ] as const)('says %i pod(s) to evict in %s as "%s"', (n, lang, count, pronoun) => {
    const body = whyText(callout({ ...node, stage: 'not-ready', evictAt: 385_000, tolerationSeconds: 300, podsToEvict: n }), 90_000, lang).body;
    expect(body).toContain(count);
    expect(body).toContain(pronoun);
    expect(body).not.toContain('(s)');
  });

  it.each([
    [1, 'en', 'it survives 1 more failure'],
    [2, 'en', 'it survives 2 more failures'],
    [1, 'ru', 'переживёт ещё 1 отказ'],
    [2, 'ru', 'переживёт ещё 2 отказа'],
  ] as const)('counts the failures etcd survives (%i, %s) in their form', (spare, lang, text) => {
    const members = 2 * (spare + 1) - 1; // 3 members survive 1 failure, 5 survive 2 (quorum floor(N/2)+1)
    const quorum = Math.floor(members / 2) + 1;
    const names = Array.from({ length: members }, (_, i) => `etcd-${i + 1}`);
    const title = whyText(callout({ kind: 'etcd-quorum', members, quorum, alive: members, names, aliveNames: names, leader: 'etcd-1' }), 0, lang).title;
    expect(title).toContain(text);
  });

  it('counts one etcd member and its one vote in the singular', () => {
    const one = callout({ kind: 'etcd-quorum', members: 1, quorum: 1, alive: 0, names: ['etcd-1'], aliveNames: [] });
    expect(whyText(one, 0, 'en').title).toMatch(/^1 member, quorum 1, 0 alive/);
    expect(whyText(one, 0, 'en').body).toContain('(it needs 1 vote)');
    expect(whyText(one, 0, 'ru').body).toContain('(нужно 1 голос)');
  });

  it('does the quorum arithmetic: 3 members, quorum 2, 1 alive has no quorum', () => {
    const lost = whyText(callout({ kind: 'etcd-quorum', members: 3, quorum: 2, alive: 1, names: ['etcd-1', 'etcd-2', 'etcd-3'], aliveNames: ['etcd-3'] }), 0, 'en');
    expect(lost.title).toBe('3 members, quorum 2, 1 alive: no quorum — writes and reads with quorum fail');
    expect(lost.body).toContain('etcdserver: request timed out');
    expect(whyText(callout({ kind: 'etcd-quorum', members: 3, quorum: 2, alive: 3, names: ['etcd-1', 'etcd-2', 'etcd-3'], aliveNames: ['etcd-1', 'etcd-2', 'etcd-3'], leader: 'etcd-3' }), 0, 'en').title).toBe(
      '3 members, quorum 2, 3 alive: writes commit; it survives 1 more failure',
    );
  });

  it('says who is missing for a Pending pod and for a stale Running one', () => {
    expect(whyText(callout({ kind: 'scheduler-down', state: 'scheduler-down' }), 0, 'en').title).toBe('Nobody is scheduling: kube-scheduler is down');
    const stale = whyText(callout({ kind: 'stale-running', node: 'worker-2', reason: 'host-down', status: 'Running' }), 0, 'en');
    expect(stale.title).toBe('Stale: the apiserver still says Running');
    expect(stale.body).toContain('Nobody is left to report otherwise');
  });

  it('has a Russian text for every callout, with no place left unfilled', () => {
    const all: WhyFacts[] = [
      { kind: 'scheduler-down', state: 'scheduler-down' },
      { kind: 'scheduler-down', state: 'not-leading' },
      { ...node, stage: 'grace', lastSeenAt: 1, notReadyAt: 40_001 },
      { ...node, stage: 'not-ready', evictAt: 300_000, tolerationSeconds: 300, podsToEvict: 1 },
      { ...node, stage: 'not-ready' },
      { ...node, stage: 'no-controller' },
      { kind: 'etcd-quorum', members: 3, quorum: 2, alive: 1, names: ['etcd-1', 'etcd-2', 'etcd-3'], aliveNames: ['etcd-3'] },
      { kind: 'etcd-quorum', members: 3, quorum: 2, alive: 2, names: ['etcd-1', 'etcd-2', 'etcd-3'], aliveNames: ['etcd-1', 'etcd-2'] },
      { kind: 'stale-running', node: 'worker-2', reason: 'cut', status: 'Running' },
    ];
    for (const f of all) {
      const en = whyText(callout(f), 0, 'en');
      const ru = whyText(callout(f), 0, 'ru');
      for (const text of [en.badge, en.title, en.body, ru.badge, ru.title, ru.body]) expect(text, JSON.stringify(f)).not.toMatch(/\{\w+\}/);
      expect(ru.title).not.toBe(en.title);
    }
  });
});
