// A link or a file that cannot be opened (damaged, cut short, too big, not a scenario, refused by
// the parser): a dialog that says why in plain words, with the parser's lines beneath, and the way
// back to a working cluster. Everything from the link is shown as text, never as HTML.

import { useEffect, useRef } from 'react';
import { openDefaultCluster } from './run-links';
import { useStrings } from './useStrings';
import { useRunStore, useSimStore } from '../store/app-store';

export function OpenErrorDialog() {
  const t = useStrings();
  const error = useRunStore((s) => s.openError);
  // "Keep" only when a cluster runs now (a link that failed at startup left none).
  const hasCluster = useSimStore((s) => s.scenario !== null);
  const dialog = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (error) primary.current?.focus();
  }, [error]);
  if (!error) return null;
  const title = error.kind === 'file' ? t.openErrorFile : error.kind === 'builtin' ? t.openErrorBuiltin : t.openErrorLink;
  const keep = (): void => useRunStore.getState().clearOpenError();
  return (
    <div className="overlay-backdrop">
      <div
        className="open-error-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="open-error-title"
        aria-describedby="open-error-reason"
        data-testid="open-error"
        data-kind={error.kind}
        ref={dialog}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            if (hasCluster) keep();
            else openDefaultCluster();
          } else if (e.key === 'Tab') trapTab(e, dialog.current);
        }}
      >
        <h2 id="open-error-title">
          <span aria-hidden="true">⚠ </span>
          {title}
        </h2>
        {error.kind !== 'link' && <p className="mono open-error-name">{error.name}</p>}
        <p>{t.openErrorIntro}</p>
        <p className="open-error-reason" id="open-error-reason" data-testid="open-error-reason">
          {error.reason}
        </p>
        {error.details.length > 0 && (
          <pre className="open-error-details" data-testid="open-error-details">
            {error.details.join('\n')}
          </pre>
        )}
        <div className="open-error-actions">
          <button type="button" className="primary" ref={primary} data-testid="open-default" onClick={openDefaultCluster}>
            {t.openDefault}
          </button>
          {hasCluster && (
            <button type="button" data-testid="keep-current" onClick={keep}>
              {t.keepCurrent}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Keeps Tab inside a modal dialog: from the last control back to the first, and the other way. */
export function trapTab(e: React.KeyboardEvent, root: HTMLElement | null): void {
  if (!root) return;
  const focusable = [...root.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter((el) => !el.hasAttribute('disabled'));
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
