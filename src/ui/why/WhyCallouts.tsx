// The "why" callouts on screen: a small badge on the affected card in the graph (it selects the
// card, so the inspector opens with the full text) and the full explanation in the inspector.

import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { WhyCallout, WhyTarget } from '../../protocol/why';
import { type Selection } from '../store/ui-store';
import { WHY_STRINGS } from './strings';
import { calloutsFor } from './by-target';
import { deadlineOf, whyText } from './text';
import './why.css';
import { useSimStore, useUiStore } from '../store/app-store';

/** The callouts attached to one target (a stable array while the store's list does not change). */
export function useWhyFor(kind: WhyTarget['kind'], id: string): WhyCallout[] {
  return useSimStore((s) => calloutsFor(s.why, kind, id));
}

/**
 * The simulated clock now, re-rendering only when a countdown's whole seconds change (the selector
 * returns the seconds left, so a frame that moves the clock by 16 ms costs no render), and never
 * for callouts that do not count down.
 */
function useCountdownClock(callouts: WhyCallout[]): number {
  const deadlines = callouts.map(deadlineOf).filter((d): d is number => d !== undefined);
  useSimStore((s) => (deadlines.length ? deadlines.map((d) => Math.ceil((d - s.clock.time) / 1000)).join(',') : ''));
  return useSimStore.getState().clock.time;
}

/** What clicking a badge selects when the card has no selection of its own: etcd's leader, else a member alive, else the first. */
function selectionOf(c: WhyCallout): Selection | undefined {
  const f = c.facts;
  if (f.kind !== 'etcd-quorum') return undefined;
  const name = f.leader ?? f.aliveNames[0] ?? f.names[0];
  return name ? { kind: 'component', id: `etcd/${name}` } : undefined;
}

/** The badge on a graph card: warnings only; clicking it selects the card. On a pod chip, the "?" mark alone. */
export const WhyBadge = memo(function WhyBadge({ kind, id, select, placement }: { kind: WhyTarget['kind']; id: string; select?: Selection; placement?: 'pod' | 'chip' | 'edge' }) {
  const lang = useUiStore((s) => s.lang);
  const callouts = useWhyFor(kind, id).filter((c) => c.severity === 'warning');
  const now = useCountdownClock(callouts);
  const first = callouts[0];
  if (!first) return null;
  const text = whyText(first, now, lang);
  const onClick = (e: React.MouseEvent) => {
    e.stopPropagation();
    const target = select ?? selectionOf(first);
    if (target) useUiStore.getState().select(target);
  };
  return (
    <button
      type="button"
      className={`kp-why${placement ? ` kp-why--${placement}` : ''} nodrag nopan`}
      data-testid={`why-badge-${first.facts.kind}`}
      data-why={first.id}
      title={`${text.title}\n\n${text.body}`}
      // The accessible name starts with the words on the badge (WCAG 2.5.3, label in name).
      aria-label={`${text.badge}. ${WHY_STRINGS[lang].heading} ${text.title}`}
      onClick={onClick}
    >
      <span className="kp-why-mark" aria-hidden="true">
        ?
      </span>
      {/* On a pod chip (compact graph) the mark alone: its words are in the title, the name and the inspector. */}
      {placement !== 'chip' && text.badge}
    </button>
  );
});

/** The inspector's section: every callout on the selected thing, title and explanation. */
export function WhySection({ targets }: { targets: WhyTarget[] }) {
  const lang = useUiStore((s) => s.lang);
  const callouts = useSimStore(useShallow((s) => s.why.filter((w) => targets.some((t) => t.kind === w.target.kind && t.id === w.target.id))));
  const now = useCountdownClock(callouts);
  if (callouts.length === 0) return null;
  const t = WHY_STRINGS[lang];
  return (
    <section className="why-section" data-testid="inspector-why" aria-label={t.heading}>
      <h4>{t.heading}</h4>
      {callouts.map((c) => {
        const text = whyText(c, now, lang);
        return (
          <div key={c.id} className={`why-callout why-callout--${c.severity}`} data-testid={`why-${c.facts.kind}`} data-why={c.id}>
            <p className="why-title">
              <span className="why-mark" aria-hidden="true">
                {c.severity === 'warning' ? '⚠' : 'ℹ'}
              </span>{' '}
              {text.title}
            </p>
            <p className="why-body">{text.body}</p>
          </div>
        );
      })}
    </section>
  );
}
