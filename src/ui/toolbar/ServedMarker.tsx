// The toolbar's mark of a served run (kubeplay serve, issue 17 point 4): "Served by kubeplay serve —
// use your own kubectl". It stands where the scenario picker would (a served run plays the scenario
// it was started with) and opens a small dialog with the `export KUBECONFIG=...` line to copy, what
// real kubectl then does here, and why the controls that would replace or rewind the run are off.

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { copyText } from '../app/run-links';
import { exportLine } from '../app/served-transport';
import { useStrings } from '../app/useStrings';
import { useWorkerStore } from '../store/app-store';

/** The dialog's width (CSS: .share-popover) and its margin from the window's edges. */
const WIDTH = 400;
const EDGE = 8;
/** About how many monospace characters one row of the export field holds at that width (beside Copy). */
const CHARS_PER_ROW = 40;

export function ServedMarker() {
  const t = useStrings();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <span className="share-anchor">
      <button
        type="button"
        ref={button}
        className="live-marker served-marker"
        data-testid="served-marker"
        title={t.servedHint}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {/* Two short lines, so that the toolbar keeps to one row at 1280 px. */}
        <span className="served-marker-text">
          <strong>{t.servedMarker}</strong>
          <span className="served-marker-use">{t.servedUse}</span>
        </span>
      </button>
      {open && (
        <ServedDialog
          anchor={button}
          close={(focus) => {
            setOpen(false);
            if (focus) button.current?.focus();
          }}
        />
      )}
    </span>
  );
}

function ServedDialog({ anchor, close }: { anchor: React.RefObject<HTMLButtonElement | null>; close: (focus: boolean) => void }) {
  const t = useStrings();
  const kubeconfig = useWorkerStore((s) => s.servedKubeconfig);
  const line = kubeconfig ? exportLine(kubeconfig) : null;
  const ref = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [pos, setPos] = useState({ top: 48, left: EDGE });
  useLayoutEffect(() => {
    const place = (): void => {
      const r = anchor.current?.getBoundingClientRect();
      if (r) setPos({ top: r.bottom + 6, left: Math.max(EDGE, Math.min(r.left, window.innerWidth - WIDTH - EDGE)) });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor]);
  useEffect(() => {
    // Ready to copy by hand: the line is selected and focused as soon as the dialog opens.
    input.current?.focus();
    input.current?.select();
    // A click anywhere else closes it, as a menu would.
    const onDown = (e: PointerEvent): void => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [anchor, close]);
  return (
    <div
      className="share-popover served-popover"
      role="dialog"
      aria-labelledby="served-title"
      data-testid="served-dialog"
      ref={ref}
      style={{ top: pos.top, left: pos.left }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close(true);
      }}
    >
      <div className="share-head">
        <h2 id="served-title">{t.servedTitle}</h2>
        <span className="toolbar-spacer" />
        <button type="button" className="icon-button" data-testid="served-close" title={`${t.close} (Esc)`} onClick={() => close(true)}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{t.close}</span>
        </button>
      </div>
      {line ? (
        <>
          <p>{t.servedIntro}</p>
          <div className="share-link-row">
            {/* The whole command, wrapped: a one-line field showed only one end of a long path. */}
            <textarea
              ref={input}
              className="mono served-export"
              data-testid="served-export"
              readOnly
              rows={Math.min(6, Math.ceil(line.length / CHARS_PER_ROW))}
              aria-label={t.servedIntro}
              value={line}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" data-testid="served-copy" onClick={() => void copyText(line).then((ok) => setCopied(ok ? 'yes' : 'no'))}>
              {t.copy}
            </button>
          </div>
          {copied && (
            <p className={`share-status share-status--${copied}`} role="status" data-testid="served-copied" data-copied={copied}>
              {copied === 'yes' ? t.servedCopied : t.servedCopyByHand}
            </p>
          )}
          <p>{t.servedThen}</p>
        </>
      ) : (
        <p>{t.servedNoKubeconfig}</p>
      )}
      <p className="muted">{t.servedForward}</p>
    </div>
  );
}
