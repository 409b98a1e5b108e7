// The terminal tab: an xterm.js widget (a real terminal: cursor keys, history, Tab, Ctrl-C) plus a
// hidden plain-text mirror of everything printed, which the e2e tests read.

import { useEffect, useRef } from 'react';
import '@xterm/xterm/css/xterm.css';
import { TerminalSession } from './terminal-session';
import './terminal.css';
import { useUiStore } from '../store/app-store';

export function Terminal({ visible }: { visible: boolean }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const mirrorRef = useRef<HTMLPreElement>(null);
  const sessionRef = useRef<TerminalSession | null>(null);
  const theme = useUiStore((s) => s.theme);

  useEffect(() => {
    const host = hostRef.current!;
    const mirror = mirrorRef.current!;
    mirror.textContent = '';
    const session = new TerminalSession(host, mirror);
    sessionRef.current = session;
    const observer = new ResizeObserver(() => session.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      session.dispose();
      sessionRef.current = null;
    };
  }, []);

  useEffect(() => {
    // The theme's CSS variables change on <html> in the Layout's effect, which runs after this
    // child's effect: read them on the next frame.
    const id = requestAnimationFrame(() => sessionRef.current?.applyTheme());
    return () => cancelAnimationFrame(id);
  }, [theme]);

  useEffect(() => {
    if (visible) sessionRef.current?.resize();
  }, [visible]);

  return (
    <div className="terminal-panel" hidden={!visible}>
      <div className="terminal-host" data-testid="terminal" ref={hostRef} onClick={() => sessionRef.current?.focus()} />
      <pre className="visually-hidden" data-testid="terminal-text" aria-hidden="true" ref={mirrorRef} />
    </div>
  );
}
