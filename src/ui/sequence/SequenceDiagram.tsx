// The request as a sequence diagram: an SVG that React renders from the pure model and layout (d3
// builds the paths). Lanes carry data-lane, phase bands data-phase, arrows data-message (the trace
// record id), so tests and screenshots can read it. The newest message is highlighted; a click or
// Enter selects one; ↑ ↓ Home End move between messages (one tab stop for the whole diagram).

import { memo, useRef, type KeyboardEvent, type Ref } from 'react';
import { GUTTER, HEADER_H, ROW_H, BAND_TITLE_H, BAND_LINE_H, type Item, type Layout } from './layout';
import { REQUEST_PHASES, type Arrow, type RequestPhase, type SequenceModel } from './model';
import { arrowShape } from './paths';
import { path } from 'd3';
import { STAGES, type Pipeline, type StageMark } from './pipeline';
import { stageLane } from './lanes';
import type { SeqStrings } from './strings';

export interface DiagramProps {
  model: SequenceModel;
  layout: Layout;
  t: SeqStrings;
  selected: number | null;
  /** Simulated ms now: a message not yet delivered is drawn as in flight. */
  now: number;
  onSelect(id: number): void;
  svgRef?: Ref<SVGSVGElement>;
  headerRef?: Ref<SVGGElement>;
  /** The phase of the rows at the top of the view when its header row has scrolled away. */
  stickyBand?: RequestPhase;
}

/** `+682 ms`, `+2.941 s`, `+312.2 s` since the command: rows a millisecond apart must differ. */
function since(ms: number, t: SeqStrings): string {
  return `+${t.offset(Math.max(0, ms))}`;
}

export function SequenceDiagram({ model, layout, t, selected, now, onSelect, svgRef, headerRef, stickyBand }: DiagramProps) {
  const own = useRef<SVGSVGElement | null>(null);
  const last = model.arrows[model.arrows.length - 1];
  const focusId = selected ?? last?.id;
  const stopped = model.outcome.failed ? model.outcome.lane : undefined;
  const endY = layout.height - 4;
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const target = (e.target as Element).closest('[data-message]');
    if (!target) return;
    const id = Number(target.getAttribute('data-message'));
    const i = model.arrows.findIndex((a) => a.id === id);
    const go = (j: number) => {
      const a = model.arrows[Math.max(0, Math.min(model.arrows.length - 1, j))];
      const el = a && own.current?.querySelector<SVGGElement>(`[data-message="${a.id}"]`);
      if (!el) return;
      e.preventDefault();
      for (const other of own.current!.querySelectorAll('[data-message][tabindex="0"]')) other.setAttribute('tabindex', '-1');
      el.setAttribute('tabindex', '0');
      el.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(model.arrows.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(id);
    }
  };
  const setRef = (el: SVGSVGElement | null) => {
    own.current = el;
    if (typeof svgRef === 'function') svgRef(el);
    else if (svgRef) (svgRef as { current: SVGSVGElement | null }).current = el;
  };
  return (
    <svg
      ref={setRef}
      data-testid="sequence-diagram"
      data-root={model.rootId}
      data-outcome={model.outcome.kind}
      className="seq-svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="group"
      aria-label={t.diagramLabel(model.command)}
      onKeyDown={onKeyDown}
    >
      <g className="seq-bands">
        {layout.bands.map((b) => (
          <rect key={b.band.phase} className={`seq-band phase-${b.band.phase}`} x={0} y={b.y} width={layout.width} height={b.height} />
        ))}
      </g>
      <g className="seq-lifelines" aria-hidden="true">
        {layout.lanes.map((l) => (
          <line key={l.lane.id} className={`seq-lifeline${l.lane.id === stopped ? ' stopped' : ''}${l.lane.placeholder ? ' placeholder' : ''}`} x1={l.cx} x2={l.cx} y1={HEADER_H} y2={layout.height} />
        ))}
      </g>
      <g className="seq-rows">
        {layout.items.map((item) => (
          <Row key={itemKey(item)} item={item} layout={layout} t={t} start={model.start} selected={item.kind === 'arrow' && item.arrow.id === selected} current={item.kind === 'arrow' && item.arrow.id === last?.id} focusable={item.kind === 'arrow' && item.arrow.id === focusId} inFlight={item.kind === 'arrow' && (item.arrow.deliverAt ?? 0) > now} onSelect={onSelect} sig={item.kind === 'arrow' ? arrowSig(item.arrow) : ''} />
        ))}
      </g>
      {stopped && layout.laneX(stopped) && (
        <g className="seq-stop" data-stopped={stopped}>
          <circle cx={layout.laneX(stopped)!.cx} cy={endY - 10} r={9} />
          <text x={layout.laneX(stopped)!.cx} y={endY - 6} textAnchor="middle">
            ✕
          </text>
        </g>
      )}
      <g className="seq-header" data-seq-header ref={headerRef}>
        <rect className="seq-header-bg" x={0} y={0} width={layout.width} height={HEADER_H} />
        {stickyBand && (
          <g className={`seq-sticky-band phase-${stickyBand}`} data-sticky-phase={stickyBand}>
            <rect className="seq-band-swatch" x={6} y={5} width={5} height={16} />
            <text className="seq-sticky-title" x={15} y={18}>
              {t.phaseTitle(REQUEST_PHASES.indexOf(stickyBand) + 1, t.phaseShort[stickyBand])}
            </text>
          </g>
        )}
        <text className="seq-time-head" x={GUTTER - 8} y={HEADER_H - 10} textAnchor="end">
          {t.timeHead}
        </text>
        {layout.groups.map((g) => (
          <g key={`${g.name}-${g.x}`} className="seq-group">
            <text className="seq-name" x={g.x + g.width / 2} y={15} textAnchor="middle">
              {g.name}
            </text>
            <path d={`M${g.x + 6},24 V20 H${g.x + g.width - 6} V24`} />
          </g>
        ))}
        {layout.lanes.map((l) => {
          const lane = l.lane;
          const lines = lane.label.split('\n');
          const sub = lane.placeholder ? t.noNode : lane.sub;
          const count = lines.length + (sub ? 1 : 0);
          const y0 = HEADER_H - 10 - (count - 1) * 15;
          // `seq-name`: a name Kubernetes gives (a component, a controller, a member, a node), the same in
          // every language; the stages' names and the words under a name are the app's own.
          const labelName = lane.stage ? '' : ' seq-name';
          const subName = lane.placeholder || lane.controller ? '' : ' seq-name';
          return (
            <g key={lane.id} data-lane={lane.id} className={`seq-lane${lane.id === stopped ? ' stopped' : ''}${lane.placeholder ? ' placeholder' : ''}`}>
              {lane.stage ? <title>{`${lane.group}: ${t.stageNames[lane.stage]}`}</title> : <title className="seq-name">{lane.controller ? `${lane.id} (${t.lanes.controller})` : lane.id}</title>}
              {lines.map((line, i) => (
                <text key={i} className={`seq-lane-label${labelName}`} x={l.cx} y={y0 + i * 15} textAnchor="middle">
                  {line}
                </text>
              ))}
              {sub && (
                <text className={`seq-lane-sub${subName}`} x={l.cx} y={y0 + lines.length * 15} textAnchor="middle">
                  {sub}
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}

function itemKey(item: Item): string {
  if (item.kind === 'arrow') return `a${item.arrow.id}`;
  if (item.kind === 'band') return `b${item.phase}`;
  return `g${item.y}`;
}

/** What a row draws, as one string: a row re-renders only when it changes. */
function arrowSig(a: Arrow): string {
  const marks = a.pipeline ? STAGES.map((s) => a.pipeline!.marks[s]).join(',') : '';
  return `${a.row}|${a.from}|${a.to}|${a.dropped ?? ''}|${a.failed ?? ''}|${marks}|${a.commit?.quorum.join(',') ?? ''}|${a.watchFired ?? ''}|${a.band ?? ''}`;
}

interface RowProps {
  item: Item;
  layout: Layout;
  t: SeqStrings;
  start: number;
  selected: boolean;
  current: boolean;
  focusable: boolean;
  inFlight: boolean;
  sig: string;
  onSelect(id: number): void;
}

const Row = memo(
  function Row({ item, layout, t, start, selected, current, focusable, inFlight, onSelect }: RowProps) {
    if (item.kind === 'band') {
      const title = t.phaseTitle(item.n, t.phaseName(item.phase));
      return (
        <g className={`seq-band-head phase-${item.phase}`} data-phase={item.phase}>
          <title>{`${title}. ${t.phaseHelp[item.phase]}`}</title>
          <rect className="seq-band-swatch" x={0} y={item.y + 4} width={6} height={item.height - 8} />
          <text className="seq-band-title" x={14} y={item.y + BAND_TITLE_H - 6}>
            {title}
          </text>
          {item.lines.map((line, i) => (
            <text key={i} className="seq-band-text" x={14} y={item.y + BAND_TITLE_H + 12 + i * BAND_LINE_H}>
              {line}
            </text>
          ))}
        </g>
      );
    }
    if (item.kind === 'gap') {
      return (
        <g className="seq-gap" aria-hidden="true">
          <line x1={GUTTER} x2={layout.width - 8} y1={item.y + 11} y2={item.y + 11} />
          <text x={GUTTER - 8} y={item.y + 15} textAnchor="end">
            {t.later(t.duration(item.ms))}
          </text>
        </g>
      );
    }
    return <ArrowRow arrow={item.arrow} y={item.y} height={item.height} layout={layout} t={t} start={start} selected={selected} current={current} focusable={focusable} inFlight={inFlight} onSelect={onSelect} />;
  },
  (a, b) => a.sig === b.sig && a.item.y === b.item.y && a.selected === b.selected && a.current === b.current && a.focusable === b.focusable && a.inFlight === b.inFlight && a.layout.width === b.layout.width && a.t === b.t && (a.item.kind !== 'band' || a.item === b.item),
);

interface ArrowRowProps {
  arrow: Arrow;
  y: number;
  height: number;
  layout: Layout;
  t: SeqStrings;
  start: number;
  selected: boolean;
  current: boolean;
  focusable: boolean;
  inFlight: boolean;
  onSelect(id: number): void;
}

function ArrowRow({ arrow: a, y, height, layout, t, start, selected, current, focusable, inFlight, onSelect }: ArrowRowProps) {
  const shape = arrowShape(layout, a);
  if (!shape) return null;
  const cls = ['seq-arrow', `phase-${a.phase}`];
  if (selected) cls.push('selected');
  if (current) cls.push('current');
  if (inFlight) cls.push('in-flight');
  if (a.dropped) cls.push('dropped');
  if (a.failed) cls.push('failed');
  if (a.command) cls.push('command');
  const notes: string[] = [];
  if (a.commit) notes.push(t.committed(a.commit.quorum.length, a.commit.members, a.commit.quorum.map((m) => m.replace('etcd/', '')).join(', ')));
  if (a.watchFired) notes.push(t.watchFired);
  if (a.dropped) notes.push(`${t.dropped}: ${t.dropReason(a.dropped)}`);
  else if (inFlight) notes.push(t.inFlight);
  const time = since(a.time - start, t);
  const route = a.command ? a.from : `${a.from} → ${a.to}`;
  const label = a.command ? a.summary : shape.label;
  const shownNotes = notes.length > 0 && shape.anchor === 'start' && !a.command ? `  · ${notes.join(' · ')}` : '';
  // The name starts with what the row shows (WCAG 2.5.3, label in name), then says where it goes.
  const name = `${time} ${label}${shownNotes}, ${route}${!shownNotes && notes.length ? ` (${notes.join('; ')})` : ''}`;
  return (
    <g
      className={cls.join(' ')}
      data-message={a.id}
      data-from={a.from}
      data-to={a.to}
      data-phase-of={a.phase}
      data-band={a.band}
      tabIndex={focusable ? 0 : -1}
      role="button"
      aria-pressed={selected}
      aria-label={name}
      onClick={() => onSelect(a.id)}
    >
      <rect className="seq-row-bg" x={0} y={y} width={layout.width} height={height} />
      {/* The trailing space keeps the time and the label two words for assistive technology
          (text nodes are joined as they are); SVG does not draw it. */}
      <text className="seq-time" x={GUTTER - 8} y={shape.y - 4} textAnchor="end">
        {`${time} `}
      </text>
      {a.command ? (
        <g className="seq-command">
          <rect x={shape.x1 - 42} y={y + 3} width={Math.min(layout.width - shape.x1 + 30, a.summary.length * 7.4 + 16)} height={ROW_H - 6} rx={4} />
          <text x={shape.x1 - 34} y={y + ROW_H / 2 + 4}>
            {a.summary}
          </text>
        </g>
      ) : (
        <>
          <path className="seq-line" d={shape.line} />
          {shape.head && <path className="seq-head" d={shape.head} />}
          {shape.cross && <path className="seq-cross" d={glyph('fail', shape.cross.x, shape.cross.y, 6)} />}
          <text className="seq-label" x={shape.labelX} y={shape.y - 6} textAnchor={shape.anchor}>
            {label}
            {shownNotes && <tspan className="seq-note">{shownNotes}</tspan>}
          </text>
          {a.pipeline && <Strip layout={layout} y={shape.y} pipeline={a.pipeline} t={t} />}
        </>
      )}
    </g>
  );
}

/**
 * A stage's mark as a drawing, not a character: ✓ passed, + passed with the object changed, ✕
 * refused, – not used (reads), · no answer yet. Drawn, so the row's accessible name stays the text it shows (WCAG 2.5.3).
 */
function glyph(mark: Exclude<StageMark, 'none'>, x: number, y: number, r = 4.5): string {
  const p = path();
  if (mark === 'pass') {
    p.moveTo(x - r, y);
    p.lineTo(x - r / 3, y + r * 0.8);
    p.lineTo(x + r, y - r * 0.8);
  } else if (mark === 'fail') {
    p.moveTo(x - r, y - r);
    p.lineTo(x + r, y + r);
    p.moveTo(x + r, y - r);
    p.lineTo(x - r, y + r);
  } else if (mark === 'skip') {
    p.moveTo(x - r, y);
    p.lineTo(x + r, y);
  } else if (mark === 'change') {
    // A plus: passed, and the object went on changed (a mutating admission plugin).
    p.moveTo(x - r, y);
    p.lineTo(x + r, y);
    p.moveTo(x, y - r);
    p.lineTo(x, y + r);
  } else {
    p.moveTo(x + 1.5, y);
    p.arc(x, y, 1.5, 0, 2 * Math.PI);
  }
  return p.toString();
}

/**
 * The stages a request went through, under its arrow: a track from authentication to the stage
 * that answered it, and each stage's mark on it.
 */
function Strip({ layout, y, pipeline, t }: { layout: Layout; y: number; pipeline: Pipeline; t: SeqStrings }) {
  const marks = pipeline.marks;
  const reached = STAGES.filter((s) => marks[s] !== 'none').map((s) => layout.laneX(stageLane(s))!.cx + 11);
  const ty = y + 12;
  return (
    <g className="seq-strip" aria-hidden="true">
      {reached.length > 1 && <line className="seq-track" x1={reached[0]} x2={reached[reached.length - 1]} y1={ty} y2={ty} />}
      {STAGES.map((s) => {
        const box = layout.laneX(stageLane(s));
        const mark = marks[s];
        if (!box || mark === 'none') return null;
        return (
          <g key={s} className={`seq-mark ${mark}`} data-stage={s} data-mark={mark}>
            <title>{`${t.stageNames[s]} — ${t.mark[mark]}${pipeline.notes[s] ? `: ${pipeline.notes[s]}` : ''}`}</title>
            <circle cx={box.cx + 11} cy={ty} r={7} />
            <path d={glyph(mark, box.cx + 11, ty, 3.6)} />
          </g>
        );
      })}
    </g>
  );
}
