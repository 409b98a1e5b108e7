// `?`: what Kubeplay is in two sentences, the phase colours, and the keyboard shortcuts.

import type { Phase } from '../../protocol/view';
import { phaseLabel } from './strings';
import { useStrings } from './useStrings';
import { useUiStore } from '../store/app-store';

const PHASES: Phase[] = ['persistence', 'watch', 'scheduling', 'execution', 'controller', 'raft', 'heartbeat', 'networking', 'user'];

export function HelpOverlay() {
  const t = useStrings();
  const open = useUiStore((s) => s.helpOpen);
  const lang = useUiStore((s) => s.lang);
  if (!open) return null;
  const close = (): void => useUiStore.getState().toggle('helpOpen');
  const keys: [string, string][] = [
    ['Space', t.keySpace],
    ['.', t.keyDot],
    ['>', t.keyNext],
    ['?', t.keyHelp],
    [':', t.keyColon],
    ['m', t.keySlowMotion],
    ['Esc', t.keyEsc],
  ];
  return (
    <div className="overlay-backdrop" onClick={close}>
      <div className="help-overlay" role="dialog" aria-modal="true" aria-label={t.help} data-testid="help-overlay" onClick={(e) => e.stopPropagation()}>
        <div className="inspector-bar">
          <h2>{t.help}</h2>
          <span className="toolbar-spacer" />
          <button type="button" className="icon-button" data-testid="help-close" onClick={close} title={`${t.close} (Esc)`}>
            ✕<span className="visually-hidden">{t.close}</span>
          </button>
        </div>
        <p>{t.helpIntro}</p>
        <h3>{t.shortcuts}</h3>
        <table className="data-table compact">
          <tbody>
            {keys.map(([k, what]) => (
              <tr key={k}>
                <td>
                  <kbd>{k}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>{t.legend}</h3>
        <ul className="legend">
          {PHASES.map((p) => (
            <li key={p} className={`phase-${p}`}>
              <span className="phase-swatch" aria-hidden="true" />
              {phaseLabel(p, lang)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
