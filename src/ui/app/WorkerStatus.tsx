// What the page says when the simulation worker dies (a bug in Kubeplay, not in the person's
// cluster): what happened in plain words, the error beneath, and two ways back. Then, while a new
// worker starts, that it is restarting; and once it is back, what came back.

import { formatClock } from './format';
import { fill } from './strings';
import { useStrings } from './useStrings';
import { type WorkerFailure, type WorkerNotice } from '../store/worker-store';
import { useWorkerStore } from '../store/app-store';

export function WorkerStatus() {
  const status = useWorkerStore((s) => s.status);
  const failure = useWorkerStore((s) => s.failure);
  const notice = useWorkerStore((s) => s.notice);
  const t = useStrings();
  if (status === 'failed' && failure) return <FailureBanner failure={failure} />;
  if (status === 'restarting') {
    return (
      <div className="worker-banner worker-banner--busy" role="status" data-testid="worker-restarting">
        {t.workerRestarting}
      </div>
    );
  }
  if (notice) return <NoticeBanner notice={notice} />;
  return null;
}

function FailureBanner({ failure }: { failure: WorkerFailure }) {
  const t = useStrings();
  const restart = useWorkerStore((s) => s.restartFromLastState);
  const startOver = useWorkerStore((s) => s.startOver);
  const again = failure.during === 'restore';
  const remote = failure.remote === true;
  return (
    <section
      className="worker-banner worker-banner--failed"
      role="alert"
      aria-labelledby="worker-failure-title"
      data-testid="worker-failure"
      data-during={failure.during}
    >
      <div className="worker-banner-text">
        <h2 id="worker-failure-title">
          <span aria-hidden="true">⚠ </span>
          {remote ? t.servedLostTitle : again ? t.workerFailedAgainTitle : t.workerFailedTitle}
        </h2>
        <p>{remote ? t.servedLostText : again ? t.workerFailedAgainText : fill(t.workerFailedText, { time: formatClock(failure.time), n: failure.commands })}</p>
        <p className="worker-banner-label">{remote ? t.servedLostError : t.workerError}</p>
        <pre data-testid="worker-failure-message">{failure.message}</pre>
        {failure.detail && (
          <details>
            <summary>{t.workerDetails}</summary>
            <pre>{failure.detail}</pre>
          </details>
        )}
      </div>
      <div className="worker-banner-actions">
        {failure.canRestore && (
          // The way back most people want; focused so Enter takes it.
          <button type="button" className="primary" data-testid="restart-last-state" onClick={restart} autoFocus>
            {t.restartLast}
          </button>
        )}
        <button type="button" className={failure.canRestore ? undefined : 'primary'} data-testid="start-over" onClick={startOver}>
          {remote ? t.reconnect : t.startOver}
        </button>
      </div>
    </section>
  );
}

function NoticeBanner({ notice }: { notice: WorkerNotice }) {
  const t = useStrings();
  const dismiss = useWorkerStore((s) => s.dismissNotice);
  const inexact = notice.kind === 'restored' && !notice.exact;
  return (
    <div
      className={`worker-banner ${inexact ? 'worker-banner--inexact' : 'worker-banner--back'}`}
      role="status"
      data-testid="worker-notice"
      data-kind={notice.kind}
      data-exact={notice.kind === 'restored' ? String(notice.exact) : undefined}
    >
      <div className="worker-banner-text">
        {notice.kind === 'startedOver' ? (
          <p>{t.workerStartedOver}</p>
        ) : notice.kind === 'reconnected' ? (
          <p>{t.servedReconnected}</p>
        ) : notice.exact ? (
          <p>{fill(t.workerRestored, { time: formatClock(notice.time), n: notice.replayed })}</p>
        ) : (
          <>
            <p>{fill(t.workerRestoredInexact, { time: formatClock(notice.time) })}</p>
            <pre>{notice.detail}</pre>
          </>
        )}
      </div>
      <div className="worker-banner-actions">
        <button type="button" data-testid="worker-notice-dismiss" onClick={dismiss}>
          {t.dismiss}
        </button>
      </div>
    </div>
  );
}
