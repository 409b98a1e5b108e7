// The start screen a first-time visitor sees (and anyone, from the toolbar's "Start screen"): the
// lessons with how far the learner got, the incident drills ("What's broken?"), and "Just play".
// A modal dialog: focus starts in it, Tab stays in it, Esc or any choice closes it for good.

import { useEffect, useRef, useState } from 'react';
import { openDefaultCluster } from '../app/run-links';
import { useSimStore, useUiStore, useWorkerStore } from '../store/app-store';
import { lessonFragment } from '../lessons/links';
import { completed, readProgress } from '../lessons/progress';
import { useLessonStrings, type LessonStrings } from '../lessons/strings';
import { fetchCatalog, scenarioName, type CatalogEntry } from './catalog';
import { useStartStore } from './start-store';
import './start.css';

type List = CatalogEntry[] | null | 'loading';

function useCatalog(folder: 'lessons' | 'incidents', open: boolean): List {
  const [list, setList] = useState<List>('loading');
  useEffect(() => {
    if (!open) return;
    let alive = true;
    void fetchCatalog(folder).then((x) => alive && setList(x));
    return () => {
      alive = false;
    };
  }, [folder, open]);
  return list;
}

/** Opens a lesson or a drill the way a link does (the address keeps it, a reload reopens it). */
function openScenario(name: string): void {
  useStartStore.getState().dismiss();
  window.location.hash = name.startsWith('lessons/') ? lessonFragment(name.slice('lessons/'.length)) : `scenario=${name}`;
}

export function StartScreen() {
  // A page served by `kubeplay serve` shows the served run: no start screen there.
  const open = useStartStore((s) => s.open) && !useWorkerStore.getState().served;
  const l = useLessonStrings();
  const lessons = useCatalog('lessons', open);
  const drills = useCatalog('incidents', open);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        useStartStore.getState().dismiss();
      }
      if (e.key === 'Tab') trapTab(e, box.current);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  if (!open) return null;
  return (
    <div className="overlay-backdrop">
      <div className="start-screen" role="dialog" aria-modal="true" aria-labelledby="start-title" data-testid="start-screen" ref={box}>
        <div className="start-head">
          <h2 id="start-title">{l.startTitle}</h2>
          <button type="button" className="icon-button" data-testid="start-close" title={`${l.close} (Esc)`} onClick={() => useStartStore.getState().dismiss()}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{l.close}</span>
          </button>
        </div>
        <p className="start-intro">{l.startIntro}</p>
        <div className="start-columns">
          <Column title={l.lessons} intro={l.lessonsIntro} list={lessons} folder="lessons" l={l} testid="start-lessons" />
          <Column title={l.drills} intro={l.drillsIntro} list={drills} folder="incidents" l={l} testid="start-drills" />
          <section className="start-column" aria-labelledby="start-play-h" data-testid="start-play">
            <h3 id="start-play-h">{l.play}</h3>
            <p className="start-muted">{l.playIntro}</p>
            <button
              type="button"
              className="primary"
              data-testid="start-play-button"
              onClick={() => {
                useStartStore.getState().dismiss();
                // The idle cluster already runs behind a first visit's screen; anything else gives way to it.
                if (useSimStore.getState().scenario?.name !== 'default') openDefaultCluster();
              }}
            >
              {l.playButton}
            </button>
          </section>
        </div>
      </div>
    </div>
  );
}

function Column({ title, intro, list, folder, l, testid }: { title: string; intro: string; list: List; folder: 'lessons' | 'incidents'; l: LessonStrings; testid: string }) {
  const lang = useUiStore((s) => s.lang);
  const book = readProgress();
  const id = `${testid}-h`;
  return (
    <section className="start-column" aria-labelledby={id} data-testid={testid}>
      <h3 id={id}>{title}</h3>
      <p className="start-muted">{intro}</p>
      {list === 'loading' ? (
        <p className="start-muted">{l.loadingList}</p>
      ) : list === null ? (
        <p className="start-muted">{l.listFailed}</p>
      ) : list.length === 0 ? (
        <p className="start-muted">{l.noDrills}</p>
      ) : (
        <ul className="start-list">
          {list.map((e) => {
            const name = scenarioName(folder, e.file);
            const p = folder === 'lessons' ? book[name.slice('lessons/'.length)] : undefined;
            return (
              <li key={e.file}>
                <button type="button" className="start-item" data-testid="start-item" data-name={name} onClick={() => openScenario(name)}>
                  <span className="start-item-title">{e.title[lang]}</span>
                  <span className="start-item-blurb">{e.blurb[lang]}</span>
                  {p && p.done.length > 0 && <span className="start-item-progress">{l.stepsDone(completed(p, p.done))}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Keeps Tab inside the dialog (aria-modal). */
function trapTab(e: KeyboardEvent, box: HTMLElement | null): void {
  if (!box) return;
  const items = [...box.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, [tabindex="0"]')];
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (!box.contains(document.activeElement)) {
    e.preventDefault();
    first.focus();
  }
}
