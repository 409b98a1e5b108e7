// Live mode's control-plane box (issue 17 point 6). A real cluster shows its clients no components
// and no messages, so the box draws what the API lets anyone read: kube-apiserver's /readyz and
// /livez checks (worker/live/cluster-reads.ts; each line's tooltip is its checks in healthz.go's
// `[+]name ok` form), beside the kube-system static pods already drawn as its chips, and says what is
// not there (the etcd members, the messages). Pass or fail is said in words and a glyph.

import type { HealthReport } from '../../protocol/view';
import { useLiveStrings } from '../app/live-strings';
import { useWorkerStore } from '../store/app-store';

function HealthLine({ endpoint, report }: { endpoint: 'readyz' | 'livez'; report: HealthReport }) {
  const l = useLiveStrings();
  const failed = report.checks.filter((c) => !c.ok);
  const ok = report.checks.length - failed.length;
  const good = report.passed && !report.error;
  const text = report.error ? l.healthUnread(endpoint, report.error) : good ? l.healthPassed(endpoint, ok, report.checks.length) : l.healthFailed(endpoint, failed.map((c) => c.name).join(', ') || '?');
  const tip = report.checks.map((c) => `[${c.ok ? '+' : '-'}]${c.name} ${c.detail ?? 'ok'}`).join('\n');
  return (
    <li className={good ? 'kp-live-ok' : 'kp-live-failed'} data-testid={`live-${endpoint}`} data-passed={String(good)} title={tip || text}>
      <span aria-hidden="true">{good ? '✓ ' : '✕ '}</span>
      {text}
    </li>
  );
}

export function LiveControlPlane({ top, left }: { top: number; left: number }) {
  const l = useLiveStrings();
  const health = useWorkerStore((s) => s.liveHealth);
  return (
    <div className="kp-live-cp" data-testid="live-control-plane" style={{ top, left, right: left }} title={l.healthTitle}>
      {health ? (
        <ul>
          <HealthLine endpoint="readyz" report={health.readyz} />
          <HealthLine endpoint="livez" report={health.livez} />
        </ul>
      ) : (
        <div>{l.healthReading}</div>
      )}
      <div className="kp-live-cp-na" data-testid="live-cp-unavailable">
        {l.cpUnavailable}
      </div>
    </div>
  );
}
