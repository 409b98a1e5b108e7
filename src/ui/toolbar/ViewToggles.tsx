// Theme, language and help in the toolbar; hide heartbeats and the etcd Raft message filters (when etcd
// has several members), drawn in the graph's legend beside the rows they filter.

import type { RaftKind } from '../../protocol/view';
import { speedCommand } from '../app/filters';
import { useStrings } from '../app/useStrings';
import { useSimStore, useUiStore } from '../store/app-store';

/** The worker slows the clock for visible dots only; tell it what is hidden now. */
function tellWorker(): void {
  const ui = useUiStore.getState();
  ui.send(speedCommand(useSimStore.getState().clock.speed, ui));
}

/** Show/hide the three kinds of Raft message; only when etcd has peers to talk to. Drawn in the graph's legend. */
export function RaftFilters() {
  const t = useStrings();
  const hidden = useUiStore((s) => s.hideRaftKinds);
  const members = useSimStore((s) => Object.values(s.components).filter((c) => c.kind === 'etcd').length);
  if (members < 2) return null;
  const kinds: { kind: RaftKind; label: string; hint: string }[] = [
    { kind: 'app', label: t.raftApp, hint: t.raftAppHint },
    { kind: 'vote', label: t.raftVote, hint: t.raftVoteHint },
    { kind: 'heartbeat', label: t.raftHeartbeat, hint: t.raftHeartbeatHint },
  ];
  return (
    <span className="toolbar-group toolbar-raft" data-testid="raft-filters" title={t.raftFilterHint}>
      <span className="toolbar-raft-label">{t.raftFilter}</span>
      {kinds.map((k) => (
        <label key={k.kind} className="toolbar-check" title={k.hint}>
          <input
            type="checkbox"
            data-testid={`show-raft-${k.kind}`}
            checked={!hidden.includes(k.kind)}
            onChange={() => {
              useUiStore.getState().toggleRaftKind(k.kind);
              tellWorker();
            }}
          />
          {k.label}
        </label>
      ))}
    </span>
  );
}

/**
 * Hide heartbeats: a checkbox beside the legend's Heartbeat row (the toolbar is one line at 1280 px),
 * its visible word short, its name whole for screen readers.
 */
export function HeartbeatToggle() {
  const t = useStrings();
  const hideHeartbeats = useUiStore((s) => s.hideHeartbeats);
  return (
    <label className="toolbar-check kp-legend-toggle" title={t.hideHeartbeatsHint}>
      <input
        type="checkbox"
        data-testid="hide-heartbeats"
        checked={hideHeartbeats}
        onChange={() => {
          useUiStore.getState().toggle('hideHeartbeats');
          // The worker slows the clock for visible dots only; tell it what is hidden now.
          tellWorker();
        }}
      />
      {t.hideShort}
      <span className="visually-hidden">{t.hideRest}</span>
    </label>
  );
}

export function ViewToggles() {
  const t = useStrings();
  const theme = useUiStore((s) => s.theme);
  const lang = useUiStore((s) => s.lang);
  const ui = useUiStore.getState();
  return (
    <div className="toolbar-group">
      <button
        type="button"
        data-testid="theme-toggle"
        data-theme={theme}
        title={`${t.themeHint} (${theme === 'dark' ? t.themeDark : t.themeLight})`}
        onClick={() => ui.setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
        <span className="visually-hidden">{theme === 'dark' ? t.themeDark : t.themeLight}</span>
      </button>
      <div className="toolbar-lang" role="group" aria-label={t.language}>
        {(['en', 'ru'] as const).map((l) => (
          <button
            key={l}
            type="button"
            data-testid={`lang-${l}`}
            aria-pressed={lang === l}
            onClick={() => ui.setLang(l)}
          >
            {l.toUpperCase()}
          </button>
        ))}
      </div>
      <button type="button" data-testid="help" title={`${t.help} (?)`} onClick={() => ui.toggle('helpOpen')}>
        ? <span className="visually-hidden">{t.help}</span>
      </button>
    </div>
  );
}
