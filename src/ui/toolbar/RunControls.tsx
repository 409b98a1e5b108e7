// Share, Export and Import: the run as a link or a file (run-links.ts does the work). Share opens a
// small popover under its button with the link, whether it reached the clipboard, its size (and a
// warning when chat tools may cut it), the moment it replays to and the trace hash there. Nothing
// here pauses the simulation.

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatClock, formatSize } from '../app/format';
import { copyText, importFile, requestExport, requestShare } from '../app/run-links';
import { fill } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { type SharedLink } from '../store/run-store';
import { ExportIcon, ImportIcon, ShareIcon } from './icons';
import { useRunStore, useSimStore, useWorkerStore } from '../store/app-store';

export function RunControls() {
  const t = useStrings();
  const shareOpen = useRunStore((s) => s.share.open);
  const exporting = useRunStore((s) => s.exporting);
  // The run has no moment to share until a replay has arrived at it.
  const replaying = useSimStore((s) => s.replay !== null);
  // A served run (kubeplay serve) runs the one cluster real clients share: no other run can replace it.
  const served = useWorkerStore((s) => s.served);
  const shareButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="toolbar-group run-controls" role="group" aria-label={t.runActions}>
      <span className="share-anchor">
        <button
          type="button"
          ref={shareButton}
          data-testid="share"
          disabled={replaying}
          title={t.shareHint}
          aria-haspopup="dialog"
          aria-expanded={shareOpen}
          onClick={() => (shareOpen ? useRunStore.getState().closeShare() : requestShare())}
        >
          <ShareIcon />
          <span className="visually-hidden">{t.share}</span>
        </button>
        {shareOpen && <SharePopover anchor={shareButton} />}
      </span>
      <button type="button" data-testid="export" disabled={replaying} title={t.exportHint} aria-busy={exporting} onClick={requestExport}>
        <ExportIcon />
        <span className="visually-hidden">{t.export}</span>
      </button>
      <button type="button" data-testid="import" disabled={served} title={served ? t.servedHint : t.importHint} onClick={() => fileInput.current?.click()}>
        <ImportIcon />
        <span className="visually-hidden">{t.import}</span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".yaml,.yml,application/yaml,text/yaml"
        data-testid="import-file"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file picked twice must load twice.
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
    </div>
  );
}

/** The popover's width (CSS: .share-popover) and its margin from the window's edges. */
const POPOVER_WIDTH = 400;
const EDGE = 8;

/** Under the Share button, moved left as far as needed to stay inside the window (the toolbar wraps). */
function popoverPosition(button: HTMLElement | null): { top: number; left: number } {
  const r = button?.getBoundingClientRect();
  if (!r) return { top: 48, left: EDGE };
  return { top: r.bottom + 6, left: Math.max(EDGE, Math.min(r.left, window.innerWidth - POPOVER_WIDTH - EDGE)) };
}

function SharePopover({ anchor }: { anchor: React.RefObject<HTMLButtonElement | null> }) {
  const t = useStrings();
  const link = useRunStore((s) => (s.share.open ? s.share.link : null));
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState(() => popoverPosition(anchor.current));
  useLayoutEffect(() => {
    const place = (): void => setPos(popoverPosition(anchor.current));
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor]);
  const close = (): void => {
    useRunStore.getState().closeShare();
    anchor.current?.focus();
  };
  // A click anywhere else closes it, as a menu would (Esc is the shortcuts' job: shortcuts.ts).
  useEffect(() => {
    const onDown = (e: PointerEvent): void => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || (target instanceof Element && target.closest('[data-testid="share"]'))) return;
      useRunStore.getState().closeShare();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, []);
  return (
    <div className="share-popover" role="dialog" aria-labelledby="share-title" data-testid="share-popover" ref={ref} style={{ top: pos.top, left: pos.left }}>
      <div className="share-head">
        <h2 id="share-title">{t.shareTitle}</h2>
        <span className="toolbar-spacer" />
        <button type="button" className="icon-button" data-testid="share-close" title={`${t.close} (Esc)`} onClick={close}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{t.close}</span>
        </button>
      </div>
      {link ? <LinkDetails link={link} /> : <p className="muted" role="status">{t.shareWaiting}</p>}
    </div>
  );
}

/** Links longer than this work, but some chat tools and browsers cut them: the dialog says so. */
const LARGE_LINK_CHARS = 8 * 1024;

function LinkDetails({ link }: { link: SharedLink }) {
  const t = useStrings();
  const input = useRef<HTMLInputElement>(null);
  // Ready to copy by hand: the link is selected and focused as soon as it is there.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [link.url]);
  const large = link.chars > LARGE_LINK_CHARS;
  return (
    <>
      <p className={`share-status share-status--${link.copied}`} role="status" data-testid="share-copied" data-copied={link.copied}>
        {link.copied === 'yes' ? (
          <>
            <span aria-hidden="true">✓ </span>
            {t.linkCopied}
          </>
        ) : link.copied === 'no' ? (
          t.linkCopyByHand
        ) : (
          t.linkCopying
        )}
      </p>
      <label className="share-field">
        <span className="share-label">{t.linkLabel}</span>
        <span className="share-link-row">
          <input ref={input} className="mono" data-testid="share-link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          <button
            type="button"
            data-testid="share-copy"
            onClick={() => void copyText(link.url).then((ok) => useRunStore.getState().setCopied(ok ? 'yes' : 'no'))}
          >
            {t.copy}
          </button>
        </span>
      </label>
      <dl className="share-facts">
        <dt>{t.linkSizeLabel}</dt>
        <dd data-testid="share-size" data-chars={link.chars}>
          {fill(t.linkSize, { size: formatSize(link.chars), chars: link.chars.toLocaleString('en-US') })}
        </dd>
        <dt>{t.linkMoment}</dt>
        <dd className="mono" data-testid="share-moment" data-ms={link.at}>
          {formatClock(link.at)}
        </dd>
        <dt>{t.traceHash}</dt>
        <dd className="mono" data-testid="share-trace-hash">
          {link.traceHash}
        </dd>
      </dl>
      {large && (
        <p className="share-warning" role="note" data-testid="share-large">
          <span aria-hidden="true">⚠ </span>
          {t.linkLarge}
        </p>
      )}
    </>
  );
}
