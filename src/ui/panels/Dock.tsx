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
import { useUiStore } from '../store/app-store';

export function Dock() {
  const t = useStrings();
  const seq = useSeqStrings();
  const sc = useScenarioStrings();
  const tab = useUiStore((s) => s.dockTab);
  const open = useUiStore((s) => s.dockOpen);
  const { setDockTab, toggle } = useUiStore.getState();
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
              onClick={() => {
                setDockTab(x.id);
                if (!open) toggle('dockOpen');
              }}
            >
              {x.label}
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
        <Terminal visible={open && tab === 'terminal'} />
        {tab === 'events' && <EventsPanel />}
        {tab === 'timeline' && <TimelineList />}
        {tab === 'sequence' && <SequencePanel />}
        {tab === 'yaml' && <YamlTab />}
        {tab === 'scenario' && <ScenarioPanel />}
      </div>
    </section>
  );
}
