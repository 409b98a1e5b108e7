// The right panel: what is selected in the graph (or the events table), collapsible for a projector.

import { Lazy, lazyNamed } from '../../app/lazy';
import { useStrings } from '../../app/useStrings';
import './inspector.css';
import { useUiStore } from '../../store/app-store';

// Nothing is selected on the first screen: each body (yaml, the traffic charts) loads on the first click.
const ComponentInspector = lazyNamed(() => import('./ComponentInspector'), 'ComponentInspector');
const HostInspector = lazyNamed(() => import('./HostInspector'), 'HostInspector');
const ObjectInspector = lazyNamed(() => import('./ObjectInspector'), 'ObjectInspector');

export function Inspector() {
  const t = useStrings();
  const open = useUiStore((s) => s.inspectorOpen);
  const selection = useUiStore((s) => s.selection);
  const { toggle, select } = useUiStore.getState();
  if (!open) {
    return (
      <aside className="inspector collapsed" data-testid="inspector" data-open="false">
        <button type="button" className="icon-button" data-testid="inspector-toggle" aria-expanded={false} title={t.expand} onClick={() => toggle('inspectorOpen')}>
          <span aria-hidden="true">◂</span>
          <span className="vertical-label">{t.inspector}</span>
        </button>
      </aside>
    );
  }
  return (
    <aside className="inspector" data-testid="inspector" data-open="true" aria-label={t.inspector}>
      <div className="inspector-bar">
        <h2>{t.inspector}</h2>
        <span className="toolbar-spacer" />
        {selection && (
          <button type="button" className="icon-button" data-testid="inspector-close" title={`${t.close} (Esc)`} onClick={() => select(null)}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{t.close}</span>
          </button>
        )}
        <button type="button" className="icon-button" data-testid="inspector-toggle" aria-expanded={true} title={t.collapse} onClick={() => toggle('inspectorOpen')}>
          <span aria-hidden="true">▸</span>
          <span className="visually-hidden">{t.collapse}</span>
        </button>
      </div>
      <div className="inspector-body" tabIndex={0}>
        {!selection && <p className="panel-empty">{t.inspectorEmpty}</p>}
        <Lazy>
          {selection?.kind === 'object' && <ObjectInspector id={selection.id} />}
          {selection?.kind === 'component' && <ComponentInspector id={selection.id} />}
          {selection?.kind === 'host' && <HostInspector id={selection.id} />}
        </Lazy>
      </div>
    </aside>
  );
}
