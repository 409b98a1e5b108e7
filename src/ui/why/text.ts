// A callout's words at a moment: the badge on the graph, the title and the explanation in the
// inspector. Countdowns are the worker's simulated deadlines minus the simulated clock now, so they
// run with the clock (paused, stepped, 100x) and never with the wall clock. Pure, tested without a DOM.

import type { WhyCallout } from '../../protocol/why';
import { fill, type Lang } from '../app/strings';
import { formatClock } from '../app/format';
import { plural, pluralWord } from '../app/plural';
import { WHY_FORMS, WHY_STRINGS, type WhyStrings } from './strings';

export interface WhyText {
  badge: string;
  title: string;
  body: string;
}

/** Whole seconds left until `at` (rounded up, never below 0), as `23 s` or `4 min 12 s`. */
export function countdown(at: number, now: number, t: WhyStrings): string {
  const s = Math.max(0, Math.ceil((at - now) / 1000));
  return s < 120 ? t.seconds(s) : t.minutes(Math.floor(s / 60), s % 60);
}

function nodeText(c: Extract<WhyCallout['facts'], { kind: 'node-not-ready' }>, now: number, t: WhyStrings, lang: Lang): WhyText {
  const base = { node: c.node, reason: t.reason[c.reason], grace: c.gracePeriodSeconds, period: c.monitorPeriodSeconds };
  if (c.stage === 'no-controller') {
    const s = t.noController;
    return { badge: s.badge, title: fill(s.title, base), body: fill(s.body, base) };
  }
  if (c.stage === 'grace') {
    const s = t.grace;
    const due = c.notReadyAt === undefined || c.notReadyAt <= now;
    const left = due ? '' : countdown(c.notReadyAt!, now, t);
    const values = { ...base, left, lastSeen: formatClock(c.lastSeenAt ?? 0), notReadyAt: formatClock(c.notReadyAt ?? 0) };
    return {
      badge: due ? s.due : fill(s.badge, values),
      title: due ? `${c.node}: ${fill(s.next, values)}` : fill(s.title, values),
      body: fill(s.body, values),
    };
  }
  if (c.evictAt === undefined) {
    const s = t.notReadyWaiting;
    return { badge: s.badge, title: fill(s.title, base), body: fill(s.body, base) };
  }
  const s = t.notReady;
  const pods = plural(c.podsToEvict, WHY_FORMS.podsTolerate, lang);
  const them = pluralWord(c.podsToEvict, WHY_FORMS.them, lang);
  const values = { ...base, left: countdown(c.evictAt, now, t), pods, them, toleration: c.tolerationSeconds ?? '', evictAt: formatClock(c.evictAt) };
  return { badge: fill(s.badge, values), title: fill(s.title, values), body: fill(s.body, values) };
}

function etcdText(c: Extract<WhyCallout['facts'], { kind: 'etcd-quorum' }>, t: WhyStrings, lang: Lang): WhyText {
  const s = t.etcd;
  const lost = c.alive < c.quorum;
  const verdict = lost ? s.lost : c.leader ? fill(s.ok, { spare: plural(c.alive - c.quorum, WHY_FORMS.failures, lang) }) : s.electing;
  // The Russian title says "членов: 3", a form that needs no agreement; the English one counts.
  const members = lang === 'ru' ? c.members : plural(c.members, WHY_FORMS.members, lang);
  const values = { members, votes: plural(c.quorum, WHY_FORMS.votes, lang), quorum: c.quorum, alive: c.alive, leader: c.leader ?? '—', verdict };
  return { badge: s.badge, title: fill(s.title, values), body: fill(lost ? s.bodyLost : s.body, values) };
}

export function whyText(callout: WhyCallout, now: number, lang: Lang): WhyText {
  const t = WHY_STRINGS[lang];
  const f = callout.facts;
  switch (f.kind) {
    case 'scheduler-down': {
      const s = f.state === 'scheduler-down' ? t.schedulerDown : t.notLeading;
      return { badge: s.badge, title: s.title, body: s.body };
    }
    case 'node-not-ready':
      return nodeText(f, now, t, lang);
    case 'etcd-quorum':
      return etcdText(f, t, lang);
    case 'stale-running': {
      const values = { node: f.node, reason: t.reason[f.reason], status: f.status };
      return { badge: t.stale.badge, title: fill(t.stale.title, values), body: fill(t.stale.body, values) };
    }
  }
}

/** The simulated time a callout counts down to, if it does (the UI re-renders it each second). */
export function deadlineOf(callout: WhyCallout): number | undefined {
  const f = callout.facts;
  if (f.kind !== 'node-not-ready') return undefined;
  return f.stage === 'grace' ? f.notReadyAt : f.stage === 'not-ready' ? f.evictAt : undefined;
}
