// The screen (UX.md): toolbar on top, graph in the centre, inspector on the right, dock below.
// The theme lives on <html data-theme> so CSS variables reach everything, xterm included.

import { useEffect } from 'react';
import { Dock } from '../panels/Dock';
import { LessonSlot } from '../lessons/LessonSlot';
import { StartSlot } from '../start/StartButton';
import { Inspector } from '../panels/inspector/Inspector';
import { ForkNotice, Scrubber } from '../timeline/Scrubber';
import { Toolbar } from '../toolbar/Toolbar';
import { DropOverlay, useFileDrop } from './DropOverlay';
import { ErrorBanner } from './ErrorBanner';
import { useFocusHandoff } from './focus-handoff';
import { loadWhenIdle } from './lazy';
import { GraphSlot } from './GraphSlot';
import { HelpOverlay } from './HelpOverlay';
import { LiveNote } from './LiveNote';
import { OpenErrorDialog } from './OpenErrorDialog';
import { watchSystem } from './preferences';
import { ReplayProgress } from './ReplayProgress';
import { useShortcuts } from './shortcuts';
import { WorkerStatus } from './WorkerStatus';
import './layout.css';
import { useUiStore, useWorkerStore } from '../store/app-store';

export function Layout() {
  const theme = useUiStore((s) => s.theme);
  const lang = useUiStore((s) => s.lang);
  const dockOpen = useUiStore((s) => s.dockOpen);
  // The graph shows a cluster that no longer runs while the worker is down: grey it out.
  const simStopped = useWorkerStore((s) => s.status !== 'running');
  // Live mode has no run to travel in: no scrubber (LiveNote says so).
  const live = useWorkerStore((s) => s.live !== null);
  useShortcuts();
  useFocusHandoff();
  // After the first paint: what a click opens (the dock's tabs, the inspector's bodies) is fetched
  // while the page is idle, so the click shows it at once (lazy.tsx).
  useEffect(loadWhenIdle, []);
  useFileDrop();
  // Until the person picks a theme or a language, they follow the system's as it changes.
  useEffect(() => watchSystem(() => useUiStore.getState().followSystem()), []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <div className={`app${dockOpen ? '' : ' dock-collapsed'}${simStopped ? ' sim-stopped' : ''}`} data-testid="app">
      <Toolbar />
      <LiveNote />
      <WorkerStatus />
      <ErrorBanner />
      <div className="app-middle">
        <GraphSlot />
        <LessonSlot />
        <Inspector />
        <ReplayProgress />
      </div>
      {!live && <ForkNotice />}
      {!live && <Scrubber />}
      <Dock />
      <HelpOverlay />
      {!live && <StartSlot />}
      <OpenErrorDialog />
      <DropOverlay />
    </div>
  );
}
