// The app shell's entry point. The real UI (graph, editor, timeline, terminal) comes later; for now
// it shows that the simulation runs in its Web Worker and what `kubectl get pods` says.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
