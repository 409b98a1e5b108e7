// The dock's Request tab: which request to follow (the latest command by default), how it ended or
// where it stopped, the message chosen in the diagram, "Export SVG", and the diagram itself in a
// scrolling box whose lane header stays on top. It grows live and keeps to its newest message
// unless the person scrolled up.

import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TerminalOutput } from '../../protocol/view';
import { formatClock } from '../app/format';
import { download, serializeDiagram } from './export-svg';
import { HEADER_H, layoutSequence, type Layout } from './layout';
import { buildSequence, type RequestPhase, type SequenceModel } from './model';
import { findRequest, type RequestLog } from './requests';
import { localizeLanes } from './lanes';
import { SequenceDiagram } from './SequenceDiagram';
import { useSeqStrings, type SeqStrings } from './strings';
import './sequence.css';
import { useSequenceStore, useSimStore, useUiStore } from '../store/app-store';

function outputOf(outputs: readonly TerminalOutput[], root: RequestLog['root']): TerminalOutput | undefined {
  const line = root.summary.replace(/^\$ /, '');
  for (let i = outputs.length - 1; i >= 0; i--) {
    const o = outputs[i]!;
    if (o.time === root.time && o.line === line && !o.partial) return o;
  }
  return undefined;
}

function useModel(log: RequestLog | undefined, keyOnly: boolean): SequenceModel | undefined {
  const objects = useSimStore((s) => s.objects);
  const components = useSimStore((s) => s.components);
  const outputs = useSimStore((s) => s.outputs);
  const version = log?.version;
  return useMemo(() => {
    if (!log) return undefined;
    const etcd = Object.values(components).filter((c) => c.kind === 'etcd');
    const roles: Record<string, string> = {};
    for (const c of etcd) if (typeof c.detail.role === 'string') roles[c.id] = c.detail.role;
    return buildSequence(
      log.root,
      log.records,
      {
        object: (id) => objects[id],
        alive: (p) => components[p]?.alive,
        etcdMembers: etcd.map((c) => c.id).sort(),
        etcdRoles: roles,
        output: outputOf(outputs, log.root),
      },
      { truncated: log.truncated, keyOnly },
    );
    // `version` stands for the log's records, which grow in place.
  }, [log, version, objects, components, outputs, keyOnly]);
}

export function SequencePanel() {
  const t = useSeqStrings();
  const book = useSequenceStore((s) => s.requestBook);
  const followed = useSimStore((s) => s.followed);
  const now = useSimStore((s) => s.clock.time);
  const choice = useUiStore((s) => s.sequenceRoot);
  const selected = useUiStore((s) => s.sequenceSelected);
  const { setSequenceRoot, selectMessage } = useUiStore.getState();
  const latest = followed?.rootId ?? book.requests[book.requests.length - 1]?.root.id;
  const rootId = choice ?? latest;
  const log = findRequest(book, rootId);
  const [keyOnly, setKeyOnly] = useState(false);
  const model = useModel(log, keyOnly);
  // The lanes' own words in the page's language before the layout measures them (names stay).
  const layout = useMemo(() => (model ? layoutSequence({ ...model, lanes: localizeLanes(model.lanes, t.lanes) }, (p) => t.phaseHelp[p]) : undefined), [model, t]);
  const scroller = useRef<HTMLDivElement>(null);
  const header = useRef<SVGGElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const pinned = useRef(true);
  const rows = model?.arrows.length ?? 0;

  const [hiddenBand, setHiddenBand] = useState<RequestPhase | undefined>(undefined);
  const placeHeader = () => {
    const top = scroller.current?.scrollTop ?? 0;
    header.current?.setAttribute('transform', `translate(0, ${top})`);
    const band = layout ? bandScrolledPast(layout, top) : undefined;
    if (band !== hiddenBand) setHiddenBand(band);
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
    placeHeader();
  }, [rows, rootId]);
  const onScroll = () => {
    const el = scroller.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    placeHeader();
  };

  /** Selects a message (null: none) and tells the clock and the graph its moment and its two ends. */
  const choose = (id: number | null) => {
    const arrow = id === null ? undefined : model?.arrows.find((a) => a.id === id);
    if (id === null || !arrow || !model) return selectMessage(null);
    const processOf = (lane: string) => model.lanes.find((l) => l.id === lane)?.process ?? lane;
    selectMessage(id, { id, time: arrow.time, processes: [...new Set([processOf(arrow.from), processOf(arrow.to)])] });
  };

  /** Selects a message and brings its row into view (the outcome's "show the message"). */
  const showRecord = (id: number) => {
    choose(id);
    pinned.current = false;
    requestAnimationFrame(() => svg.current?.querySelector(`[data-message="${id}"]`)?.scrollIntoView({ block: 'center' }));
  };

  const exportSvg = () => {
    if (!svg.current || !model) return;
    const { headline, detail } = t.outcome(model.outcome);
    download(`kubeplay-request-${model.rootId}.svg`, serializeDiagram(svg.current, model.command, detail ? `${headline} — ${detail}` : headline));
  };

  return (
    <div className="seq-panel" data-testid="sequence-panel">
      <div className="seq-bar">
        <label className="seq-choose">
          <span>{t.follow}</span>
          <select data-testid="sequence-request" value={choice === null ? 'latest' : String(choice)} onChange={(e) => setSequenceRoot(e.target.value === 'latest' ? null : Number(e.target.value))}>
            <option value="latest">{t.followLatest}</option>
            {[...book.requests].reverse().map((q) => (
              <option key={q.root.id} value={String(q.root.id)}>
                {`${formatClock(q.root.time)}  ${q.root.summary}`}
              </option>
            ))}
          </select>
        </label>
        <label className="seq-key" title={t.keyOnlyHint}>
          <input type="checkbox" data-testid="sequence-key-only" checked={keyOnly} onChange={(e) => setKeyOnly(e.target.checked)} />
          {t.keyOnly}
        </label>
        {model && <Outcome model={model} t={t} onShow={showRecord} />}
        <button type="button" data-testid="sequence-export" title={t.exportHint} disabled={!model} onClick={exportSvg}>
          {t.exportSvg}
        </button>
      </div>
      {model && selected !== null && <Selected model={model} id={selected} t={t} onClear={() => choose(null)} />}
      {!log && <p className="panel-empty">{rootId === undefined ? t.empty : t.lost}</p>}
      {model && layout && (
        <div className="seq-scroll" ref={scroller} onScroll={onScroll}>
          <SequenceDiagram model={model} layout={layout} t={t} selected={selected} now={now} onSelect={(id) => choose(id === selected ? null : id)} svgRef={svg} headerRef={header} stickyBand={hiddenBand} />
          {model.truncated && <p className="panel-hint muted">{t.truncated}</p>}
        </div>
      )}
    </div>
  );
}

/** The phase whose rows are at the top of the view while its own header row has scrolled away. */
function bandScrolledPast(layout: Layout, top: number): RequestPhase | undefined {
  const edge = top + HEADER_H;
  const b = layout.bands.find((x) => x.y <= edge && edge < x.y + x.height);
  return b && b.y + 24 < edge ? b.band.phase : undefined;
}

function Outcome({ model, t, onShow }: { model: SequenceModel; t: SeqStrings; onShow(id: number): void }) {
  const o = model.outcome;
  const record = o.record !== undefined && model.arrows.some((a) => a.id === o.record) ? o.record : undefined;
  const { headline, detail } = t.outcome(o);
  const glyph = o.failed ? '✕' : o.done ? '✓' : '…';
  return (
    <div className={`seq-outcome${o.failed ? ' failed' : o.done ? ' done' : ''}`} data-testid="sequence-outcome" data-kind={o.kind} data-done={o.done} data-failed={o.failed} data-lane={o.lane ?? ''} role="status">
      <span className="seq-outcome-glyph" aria-hidden="true">
        {glyph}
      </span>
      <span className="seq-outcome-text">
        <strong>{headline}</strong>
        {detail && <span className="seq-outcome-detail">{detail}</span>}
      </span>
      {record !== undefined && (
        <button type="button" className="seq-show" data-testid="sequence-show" onClick={() => onShow(record)}>
          {o.failed ? t.showWhere : t.showMessage}
        </button>
      )}
    </div>
  );
}

function Selected({ model, id, t, onClear }: { model: SequenceModel; id: number; t: SeqStrings; onClear(): void }) {
  const a = model.arrows.find((x) => x.id === id);
  if (!a) return null;
  return (
    <div className="seq-selected" data-testid="sequence-selected" data-message={a.id}>
      <span className="muted">{t.selected}:</span>
      <span className="mono">{`+${t.offset(a.time - model.start)} (${formatClock(a.time)})`}</span>
      <span className="mono">{a.command ? a.from : `${a.from} → ${a.to}`}</span>
      <span className="mono seq-selected-summary">{a.summary}</span>
      <button type="button" className="icon-button" title={t.clear} onClick={onClear}>
        <span aria-hidden="true">✕</span>
        <span className="visually-hidden">{t.clear}</span>
      </button>
    </div>
  );
}
