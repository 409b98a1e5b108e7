// The screen (UX.md): toolbar on top, graph in the centre, inspector on the right, dock below.
// The theme lives on <html data-theme> so CSS variables reach everything, xterm included.

import { useEffect } from 'react';
import { Dock } from '../panels/Dock';
import { Inspector } from '../panels/inspector/Inspector';
import { useUiStore } from '../store/ui-store';
import { Toolbar } from '../toolbar/Toolbar';
import { ErrorBanner } from './ErrorBanner';
import { GraphSlot } from './GraphSlot';
import { HelpOverlay } from './HelpOverlay';
import { useShortcuts } from './shortcuts';
import './layout.css';

export function Layout() {
  const theme = useUiStore((s) => s.theme);
  const lang = useUiStore((s) => s.lang);
  const dockOpen = useUiStore((s) => s.dockOpen);
  useShortcuts();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <div className={`app${dockOpen ? '' : ' dock-collapsed'}`} data-testid="app">
      <Toolbar />
      <ErrorBanner />
      <div className="app-middle">
        <GraphSlot />
        <Inspector />
      </div>
      <Dock />
      <HelpOverlay />
    </div>
  );
}
