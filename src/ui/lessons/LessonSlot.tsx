// Where the lesson panel goes. A step named in the address (#lesson=...&step=...) is read here, on
// every page; the panel itself (and lessons.css) loads only once a lesson is open (app/lazy.tsx).

import { useEffect } from 'react';
import { Lazy, lazyNamed } from '../app/lazy';
import { stepOfFragment } from './links';
import { useLessonStore } from './lesson-store';

const LessonPanel = lazyNamed(() => import('./LessonPanel'), 'LessonPanel');

export function LessonSlot() {
  useStepFromLink();
  const open = useLessonStore((s) => s.lesson !== null && s.name !== null);
  if (!open) return null;
  return (
    <Lazy box="lesson-panel--loading">
      <LessonPanel />
    </Lazy>
  );
}

function useStepFromLink(): void {
  useEffect(() => {
    const read = () => {
      const id = stepOfFragment(window.location.hash);
      if (id) useLessonStore.getState().wantStep(id);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
}
