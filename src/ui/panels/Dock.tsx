// The bottom dock: Terminal | Events | Request timeline | Request (the sequence diagram) | YAML |
// Scenario, collapsible. The Scenario tab carries a count of failed expectations, so a failure shows
// without opening it. The terminal stays mounted while another tab shows, so its scrollback survives. The
// dock grows while the sequence diagram shows (sequence.css).

import { useStrings } from '../app/useStrings';
import { SequencePanel } from '../sequence/SequencePanel';
import { useSeqStrings } from '../sequence/strings';
import { type DockTab } from '../store/ui-store';
import { Terminal } from '../terminal/Terminal';
import { EventsPanel } from './EventsPanel';
import { ScenarioBadge } from './ScenarioBadge';
import { ScenarioPanel } from './ScenarioPanel';
import { useScenarioStrings } from './scenario-strings';
import { TimelineList } from './TimelineList';
import { YamlTab } from './YamlTab';
import './panels.css';
import { useUiStore, useWorkerStore } from '../store/app-store';
import { useLiveStrings } from '../app/live-strings';

export function Dock() {
  const t = useStrings();
  const seq = useSeqStrings();
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
    { id: 'sequence', label: seq.tab },
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

/** The tab's body; the terminal stays mounted while another tab shows (not in live mode, which has none). */
function DockBody({ tab, open, live }: { tab: DockTab; open: boolean; live: boolean }) {
  return (
    <>
      {!live && <Terminal visible={open && tab === 'terminal'} />}
      {tab === 'events' && <EventsPanel />}
      {tab === 'timeline' && <TimelineList />}
      {tab === 'sequence' && <SequencePanel />}
      {tab === 'yaml' && <YamlTab />}
      {tab === 'scenario' && <ScenarioPanel />}
    </>
  );
}
