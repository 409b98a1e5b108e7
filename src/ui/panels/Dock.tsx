// The bottom dock: Terminal | Events | Request timeline | Request (the sequence diagram) | YAML |
// Scenario, collapsible. The Scenario tab carries a count of failed expectations, so a failure shows
// without opening it. The terminal stays mounted while another tab shows, so its scrollback survives. The
// dock grows while the sequence diagram shows (sequence.css).

import { Lazy, lazyNamed } from '../app/lazy';
import { useStrings } from '../app/useStrings';
import { startCollecting } from '../sequence/collect';
import { type DockTab } from '../store/ui-store';
import { ScenarioBadge } from './ScenarioBadge';
import { useScenarioStrings } from './scenario-strings';
import './panels.css';
import { useUiStore, useWorkerStore } from '../store/app-store';
import { useLiveStrings } from '../app/live-strings';

// The Request tab follows requests made before it first opens: its collector starts with the page,
// while the diagram itself loads with the tab.
startCollecting();

// Each tab's body loads when first shown; the terminal (xterm) right after the first paint.
const Terminal = lazyNamed(() => import('../terminal/Terminal'), 'Terminal');
const EventsPanel = lazyNamed(() => import('./EventsPanel'), 'EventsPanel');
const TimelineList = lazyNamed(() => import('./TimelineList'), 'TimelineList');
const SequencePanel = lazyNamed(() => import('../sequence/SequencePanel'), 'SequencePanel');
const YamlTab = lazyNamed(() => import('./YamlTab'), 'YamlTab');
const ScenarioPanel = lazyNamed(() => import('./ScenarioPanel'), 'ScenarioPanel');

export function Dock() {
  const t = useStrings();
  const sc = useScenarioStrings();
  const tab = useUiStore((s) => s.dockTab);
  const open = useUiStore((s) => s.dockOpen);
  const { setDockTab, toggle } = useUiStore.getState();
  // Live mode: the tabs only the simulation has stay, marked, and say why when opened.
  const live = useWorkerStore((s) => s.live !== null);
  const l = useLiveStrings();
  const unavailable = (id: DockTab): string | undefined => (live ? l.tabUnavailable[id] : undefined);
  const tabs: { id: DockTab; label: string }[] = [
    { id: 'terminal', label: t.dockTerminal },
    { id: 'events', label: t.dockEvents },
    { id: 'timeline', label: t.dockTimeline },
    { id: 'sequence', label: t.dockSequence },
    { id: 'yaml', label: t.dockYaml },
    { id: 'scenario', label: sc.tab },
  ];
  return (
    <section className={`dock${open ? '' : ' collapsed'}${open && tab === 'sequence' ? ' dock--tall' : ''}`} data-testid="dock">
      <div className="dock-tabs">
        {/* Only the tabs in the tablist: a tablist may hold tabs and nothing else (ARIA). */}
        <div role="tablist" style={{ display: 'flex', alignItems: 'stretch', gap: 2 }}>
          {tabs.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              aria-selected={open && tab === x.id}
              data-testid={`dock-tab-${x.id}`}
              className={unavailable(x.id) ? 'dock-tab--unavailable' : undefined}
              title={unavailable(x.id)}
              data-unavailable={unavailable(x.id) ? true : undefined}
              onClick={() => {
                setDockTab(x.id);
                if (!open) toggle('dockOpen');
              }}
            >
              {x.label}
              {unavailable(x.id) && <span className="visually-hidden"> ({l.unavailableMark})</span>}
              {x.id === 'scenario' && <ScenarioBadge />}
            </button>
          ))}
        </div>
        <span className="toolbar-spacer" />
        <button
          type="button"
          className="icon-button"
          data-testid="dock-toggle"
          aria-expanded={open}
          title={open ? t.collapse : t.expand}
          onClick={() => toggle('dockOpen')}
        >
          <span aria-hidden="true">{open ? '▾' : '▴'}</span>
          <span className="visually-hidden">{open ? t.collapse : t.expand}</span>
        </button>
      </div>
      <div className="dock-body" hidden={!open}>
        {unavailable(tab) ? (
          <p className="dock-unavailable" data-testid="dock-unavailable">
            {unavailable(tab)}
          </p>
        ) : (
          <DockBody tab={tab} open={open} live={live} />
        )}
      </div>
    </section>
  );
}

/**
 * The tab's body; the terminal stays mounted while another tab shows (not in live mode, which has
 * none). The terminal waits in its own boundary, so another tab's loading never unmounts it.
 */
function DockBody({ tab, open, live }: { tab: DockTab; open: boolean; live: boolean }) {
  return (
    <>
      {!live && (
        <Lazy fallback={tab === 'terminal' ? undefined : null}>
          <Terminal visible={open && tab === 'terminal'} />
        </Lazy>
      )}
      {tab !== 'terminal' && (
        <Lazy>
          {tab === 'events' && <EventsPanel />}
          {tab === 'timeline' && <TimelineList />}
          {tab === 'sequence' && <SequencePanel />}
          {tab === 'yaml' && <YamlTab />}
          {tab === 'scenario' && <ScenarioPanel />}
        </Lazy>
      )}
    </>
  );
}
