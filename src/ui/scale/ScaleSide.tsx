// The scale view's side panel: the text alternative to the canvas. It names the node drilled into
// and lists its pods (each opens in the inspector), offers "go to node" by name, and lists every
// node that is not Ready and every failing or not-ready pod individually, whatever the zoom.

import { type FormEvent, useMemo, useState } from 'react';
import type { ObjectView } from '../../protocol/view';
import { podDisplay } from '../graph/pod-status';
import { useUiStore } from '../store/app-store';
import { BUCKET_COLOUR, BUCKET_GLYPH, CONDITION_GLYPH } from './scale-draw';
import { POD_BUCKETS, type ScaleModel, bucketOf } from './scale-model';
import { useScaleStrings } from './scale-strings';
import { useViewChoice } from './view-choice';

/** At most this many rows in each problem list (the canvas still marks every one). */
const LIST_MAX = 40;

const byName = new Intl.Collator('en', { numeric: true }).compare;

function Drill({ model, objects }: { model: ScaleModel; objects: Record<string, ObjectView> }) {
  const s = useScaleStrings();
  const drilled = useViewChoice((st) => st.drilled);
  const drill = useViewChoice((st) => st.drill);
  const select = useUiStore((st) => st.select);
  const tile = model.tiles.find((t) => t.name === drilled);
  const pods = useMemo(() => {
    if (!drilled) return [];
    const out: ObjectView[] = [];
    for (const o of Object.values(objects)) if (o.kind === 'Pod' && (o.object.spec as { nodeName?: string } | undefined)?.nodeName === drilled) out.push(o);
    return out.sort((a, b) => byName(a.name, b.name));
  }, [drilled, objects]);
  if (!tile) return null;
  return (
    <section className="kp-scale-drill" data-testid="scale-drill" aria-label={s.drillTitle(tile.name)}>
      <header>
        <h2>{s.drillTitle(tile.name)}</h2>
        <button type="button" className="kp-scale-close" onClick={() => drill(null)} aria-label={s.close} title={s.close}>
          ×
        </button>
      </header>
      <p data-testid="scale-drill-status" className={tile.condition === 'Ready' && tile.hostUp ? '' : 'kp-scale-bad'}>
        {CONDITION_GLYPH[tile.condition]} {tile.status}
        {!tile.hostUp && ` (${s.hostDown})`}
      </p>
      {tile.nodeId && (
        <button type="button" className="kp-scale-link" onClick={() => select({ kind: 'object', id: tile.nodeId! })}>
          {s.inspectNode}
        </button>
      )}
      <p>{s.podsOnNode(tile.pods)}</p>
      <ul className="kp-scale-pods">
        {pods.map((p) => {
          const d = podDisplay(p);
          const b = bucketOf(d.look);
          return (
            <li key={p.id}>
              <button type="button" className="kp-scale-link" data-testid={`scale-pod-${p.namespace}-${p.name}`} onClick={() => select({ kind: 'object', id: p.id })}>
                <span style={{ color: BUCKET_COLOUR[b] }} aria-hidden="true">
                  {BUCKET_GLYPH[b]}
                </span>{' '}
                {p.name} <span className="kp-scale-muted">{d.status} {d.ready}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Problems({ model, goTo }: { model: ScaleModel; goTo(name: string): boolean }) {
  const s = useScaleStrings();
  const select = useUiStore((st) => st.select);
  if (model.notReady.length === 0 && model.problemPods.length === 0) return <p data-testid="scale-no-problems">{s.noProblems}</p>;
  return (
    <>
      {model.notReady.length > 0 && (
        <>
          <h3>
            {s.notReadyNodes} ({model.notReady.length})
          </h3>
          <ul data-testid="scale-not-ready">
            {model.notReady.slice(0, LIST_MAX).map((t) => (
              <li key={t.name}>
                <button type="button" className="kp-scale-link kp-scale-bad" onClick={() => goTo(t.name)}>
                  {CONDITION_GLYPH[t.condition]} {t.name} {t.status}
                  {!t.hostUp && ` (${s.hostDown})`}
                </button>
              </li>
            ))}
          </ul>
          {model.notReady.length > LIST_MAX && <p>{s.more(model.notReady.length - LIST_MAX)}</p>}
        </>
      )}
      {model.problemPods.length > 0 && (
        <>
          <h3>
            {s.failingPods} ({model.problemPods.length})
          </h3>
          <ul data-testid="scale-problem-pods">
            {model.problemPods.slice(0, LIST_MAX).map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="kp-scale-link kp-scale-bad"
                  onClick={() => {
                    if (p.node) goTo(p.node);
                    select({ kind: 'object', id: p.id });
                  }}
                >
                  ✕ {p.name} {p.status} {p.ready}
                  {p.node && <span className="kp-scale-muted"> · {p.node}</span>}
                </button>
              </li>
            ))}
          </ul>
          {model.problemPods.length > LIST_MAX && <p>{s.more(model.problemPods.length - LIST_MAX)}</p>}
        </>
      )}
    </>
  );
}

export function ScaleSide({ model, objects, goTo }: { model: ScaleModel; objects: Record<string, ObjectView>; goTo(name: string): boolean }) {
  const s = useScaleStrings();
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const name = query.trim();
    if (name) setMissing(goTo(name) ? null : name);
  };
  return (
    <aside className="kp-scale-side" data-testid="scale-side">
      <form onSubmit={onSubmit} className="kp-scale-goto">
        <label htmlFor="kp-scale-goto">{s.goTo}</label>
        <input id="kp-scale-goto" data-testid="scale-goto" value={query} placeholder={s.goToPlaceholder} onChange={(e) => setQuery(e.target.value)} spellCheck={false} autoComplete="off" />
        {missing && <p className="kp-scale-bad">{s.noSuchNode(missing)}</p>}
      </form>
      <Drill model={model} objects={objects} />
      <div className="kp-scale-legend" aria-hidden="true">
        {POD_BUCKETS.map((b) => (
          <span key={b}>
            <span style={{ color: BUCKET_COLOUR[b] }}>{BUCKET_GLYPH[b]}</span> {s.bucket[b]} {model.totals[b].toLocaleString()}
          </span>
        ))}
      </div>
      {model.unscheduled > 0 && <p>{s.unscheduled(model.unscheduled)}</p>}
      <section aria-label={s.problems} className="kp-scale-problems">
        <h2>{s.problems}</h2>
        <Problems model={model} goTo={goTo} />
      </section>
    </aside>
  );
}
