// Hide heartbeats, theme, language and help.

import { hiddenPhases } from '../app/filters';
import { useStrings } from '../app/useStrings';
import { useSimStore } from '../store/sim-store';
import { useUiStore } from '../store/ui-store';

export function ViewToggles() {
  const t = useStrings();
  const hideHeartbeats = useUiStore((s) => s.hideHeartbeats);
  const theme = useUiStore((s) => s.theme);
  const lang = useUiStore((s) => s.lang);
  const ui = useUiStore.getState();
  return (
    <div className="toolbar-group">
      <label className="toolbar-check" title={t.hideHeartbeatsHint}>
        <input
          type="checkbox"
          data-testid="hide-heartbeats"
          checked={hideHeartbeats}
          onChange={() => {
            ui.toggle('hideHeartbeats');
            // The worker slows the clock for visible dots only; tell it what is hidden now.
            useUiStore.getState().send({ type: 'speed', speed: useSimStore.getState().clock.speed, hiddenPhases: hiddenPhases(useUiStore.getState()) });
          }}
        />
        {t.hideHeartbeats}
      </label>
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
