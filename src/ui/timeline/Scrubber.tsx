// The run's timeline under the graph: a track over the simulated time from 0 to the furthest moment
// the run reached, the run's steps marked on it (the person's own actions as triangles in the accent
// colour, the scenario's as thin ticks), and a thumb at the present. Dragging it, clicking it or its
// keys (arrows 1 s, Page Up/Down 10 s, Home/End) go to that moment: the worker restores the nearest
// snapshot and replays to it, and the whole app shows the cluster as it was then.

import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { formatClock, formatMinutes } from '../app/format';
import { fill } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { PauseIcon } from '../toolbar/icons';
import { groupMarks, percentOf, timeAtX, timeForKey } from './scrubber';
import './timeline.css';
import { useRunStore, useSimStore, useUiStore, useWorkerStore } from '../store/app-store';

/** While dragging or holding a key, a seek goes out once the thumb rests this long (and on release). */
const SEEK_DEBOUNCE_MS = 300;
/** How finely the track follows a running clock (see Scrubber). */
const PLAYING_STEP_MS = 1000;

/**
 * Sends seeks: at once (`send`, on release) or once the thumb rests (`sendSoon`, while dragging or
 * holding a key), never the same time twice in a row. `pending` is where the thumb is meanwhile,
 * until the worker says it arrived (`seeked`) and the thumb follows the clock again.
 */
function useSeek(): { pending: number | null; setPending: (t: number | null) => void; send: (to: number) => void; sendSoon: (to: number) => void } {
  const seek = useRunStore((s) => s.seek);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSent = useRef<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    setPending(null);
    lastSent.current = null;
  }, [seek]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const send = (to: number): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (lastSent.current === to) return;
    lastSent.current = to;
    useUiStore.getState().send({ type: 'seek', time: to });
  };
  const sendSoon = (to: number): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => send(to), SEEK_DEBOUNCE_MS);
  };
  return { pending, setPending, send, sendSoon };
}

export function Scrubber() {
  const t = useStrings();
  // While the clock runs, the track is redrawn once a simulated second (a pixel or two at most),
  // not on every frame: at 25x that is a third of the renders, and nothing the eye can tell.
  const time = useSimStore((s) => (s.clock.playing ? Math.floor(s.clock.time / PLAYING_STEP_MS) * PLAYING_STEP_MS : s.clock.time));
  const known = useSimStore((s) => (s.clock.playing ? Math.floor((s.timeline?.end ?? 0) / PLAYING_STEP_MS) * PLAYING_STEP_MS : (s.timeline?.end ?? 0)));
  const replaying = useSimStore((s) => s.replay !== null);
  // A served run (kubeplay serve) goes only forward: real clients share its one present.
  const served = useWorkerStore((s) => s.served);
  const end = Math.max(known, time);
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  // The track as it was when the drag began: the status beside it changes as seeks land, and a
  // track that changed width under a still pointer would send it to another time.
  const dragRect = useRef<{ left: number; width: number } | null>(null);
  const { pending, setPending, send, sendSoon } = useSeek();
  const timeOfPointer = (clientX: number): number => {
    const r = dragRect.current ?? track.current!.getBoundingClientRect();
    return timeAtX(clientX - r.left, r.width, end);
  };

  const disabled = end <= 0 || replaying || served;
  const shown = pending ?? time;
  const valueText = fill(t.scrubberValue, { time: formatMinutes(shown), end: formatMinutes(end) });

  return (
    <div className="scrubber" data-testid="scrubber-row">
      <span className="scrubber-now mono" aria-hidden="true">
        {formatMinutes(shown)}
      </span>
      <div
        ref={track}
        className="scrubber-track"
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={t.scrubberLabel}
        aria-valuemin={0}
        aria-valuemax={Math.round(end)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={valueText}
        aria-disabled={disabled}
        title={served ? t.servedHint : t.scrubberHint}
        data-testid="scrubber"
        data-end={Math.round(end)}
        data-ms={Math.round(shown)}
        onPointerDown={(e) => {
          if (disabled || e.button !== 0) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          e.currentTarget.focus();
          dragging.current = true;
          const r = e.currentTarget.getBoundingClientRect();
          dragRect.current = { left: r.left, width: r.width };
          const to = timeOfPointer(e.clientX);
          setPending(to);
          sendSoon(to);
        }}
        onPointerMove={(e) => {
          if (!dragging.current) return;
          const to = timeOfPointer(e.clientX);
          setPending(to);
          sendSoon(to);
        }}
        onPointerUp={(e) => {
          if (!dragging.current) return;
          dragging.current = false;
          send(timeOfPointer(e.clientX));
          dragRect.current = null;
        }}
        onPointerCancel={() => {
          dragging.current = false;
          dragRect.current = null;
        }}
        onKeyDown={(e) => {
          if (disabled) return;
          const to = timeForKey(e.key, Math.round(shown), end);
          if (to === undefined) return;
          e.preventDefault();
          setPending(to);
          sendSoon(to);
        }}
      >
        <span className="scrubber-past" style={{ transform: `scaleX(${percentOf(time, end) / 100})` }} />
        <Marks end={end} />
        <span className="scrubber-thumb" style={{ left: `${percentOf(shown, end)}%` }} />
      </div>
      <span className="scrubber-end mono" aria-hidden="true">
        {formatMinutes(end)}
      </span>
      <span className="scrubber-status" role="status">
        <SeekStatus />
      </span>
    </div>
  );
}

/** The run's steps on the track: the person's own actions as triangles, the scenario's as ticks. */
const Marks = memo(function Marks({ end }: { end: number }) {
  const t = useStrings();
  // Each frame brings a new timeline object; the marks only change when a step is added or dropped
  // (a fork drops some and adds one: the last mark tells).
  const signature = useSimStore((s) => {
    const m = s.timeline?.marks ?? [];
    const last = m[m.length - 1];
    return last ? `${m.length}:${last.at}:${last.label}` : '';
  });
  const marks = useMemo(() => useSimStore.getState().timeline?.marks ?? [], [signature]);
  return groupMarks(marks, end).map((m) => (
    <span
      key={m.at}
      className={`scrubber-mark${m.recorded ? ' scrubber-mark--recorded' : ''}`}
      style={{ left: `${percentOf(m.at, end)}%` }}
      title={`${formatMinutes(m.at)} · ${m.recorded ? t.markRecorded : t.markScenario}\n${m.labels.slice(0, 8).join('\n')}${m.labels.length > 8 ? '\n…' : ''}`}
      data-testid="scrubber-mark"
      data-recorded={m.recorded}
      data-ms={m.at}
    />
  ));
});

/** What the last move in time did: a replay arrived at a shared moment, or a seek and how long it took. */
function SeekStatus() {
  const t = useStrings();
  const seek = useRunStore((s) => s.seek);
  const arrived = useRunStore((s) => s.arrived);
  const playing = useSimStore((s) => s.clock.playing);
  // Once the person plays on from the moment, the line about it has done its job.
  useEffect(() => {
    if (playing && useRunStore.getState().arrived) useRunStore.getState().set({ arrived: null });
  }, [playing]);
  if (arrived && !playing) {
    return (
      <span className="scrubber-arrived" data-testid="arrived" data-ms={arrived.time} title={fill(t.arrivedHint, { time: formatClock(arrived.time) })}>
        <PauseIcon />{' '}
        {fill(arrived.kind === 'file' ? t.arrivedFile : t.arrived, { time: formatClock(arrived.time) })}
      </span>
    );
  }
  return (
    <span data-testid="seek-status" data-wall-ms={seek?.wallMs ?? ''}>
      {seek ? fill(t.seeked, { time: formatMinutes(seek.time), secs: (seek.wallMs / 1000).toFixed(2) }) : ''}
    </span>
  );
}

/** After acting in the past: what was discarded, until dismissed. */
export function ForkNotice() {
  const t = useStrings();
  const forked = useRunStore((s) => s.forked);
  if (!forked) return null;
  return (
    <div className="fork-notice" role="status" data-testid="fork-notice" data-dropped={forked.dropped}>
      <span>{fill(t.forked, { from: formatMinutes(forked.from), n: forked.dropped, end: formatMinutes(forked.end) })}</span>
      <button type="button" className="icon-button" title={t.dismiss} onClick={() => useRunStore.getState().set({ forked: null })}>
        <span aria-hidden="true">✕</span>
        <span className="visually-hidden">{t.dismiss}</span>
      </button>
    </div>
  );
}
