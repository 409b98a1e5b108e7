// Drag a scenario file (an exported run) anywhere onto the page to open it: while a file is over
// the page, an overlay says what dropping it does. Only drags that carry files count, so text
// dragged inside the YAML editor is left alone.

import { useEffect } from 'react';
import { importFile } from './run-links';
import { useStrings } from './useStrings';
import { useRunStore } from '../store/app-store';

const hasFiles = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') ?? false;

export function useFileDrop(): void {
  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: count them to know when the drag left the page.
    let depth = 0;
    const set = (dropping: boolean) => useRunStore.getState().dropping !== dropping && useRunStore.getState().set({ dropping });
    const onEnter = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      set(true);
    };
    const onOver = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      // Without this the browser opens the file itself, leaving the app.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) set(false);
    };
    const onDrop = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      set(false);
      const file = e.dataTransfer?.files[0];
      if (file) void importFile(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}

export function DropOverlay() {
  const t = useStrings();
  const dropping = useRunStore((s) => s.dropping);
  if (!dropping) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay">
      <div className="drop-card">
        <svg width="48" height="48" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round">
          <path d="M8 10.5v-8M4.8 5.5L8 2.3l3.2 3.2M2.5 11.5v2h11v-2" />
        </svg>
        <p className="drop-title">{t.dropTitle}</p>
        <p className="muted">{t.dropHint}</p>
      </div>
    </div>
  );
}
