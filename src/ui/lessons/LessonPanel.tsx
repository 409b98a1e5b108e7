// The lesson beside the graph: one narrated step at a time in the language shown, what to watch
// (a "Show me" that selects the component, or opens the Request diagram or the timeline), the
// "do this" prompt with its check on the cluster's state (protocol/lesson-check.ts over what the
// worker sent: stored objects, processes, hosts, terminal outputs), the section's question, and
// links to the lesson and the step. Renders nothing when the loaded scenario is not a lesson.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { LessonHighlight, LessonQuestion, LessonSection, LessonStep, LessonView } from '../../protocol/lesson';
import { checkPasses, type LessonWorld } from '../../protocol/lesson-check';
import { copyText } from '../app/run-links';
import { useSimStore, useUiStore } from '../store/app-store';
import { isLessonFragment, lessonUrl } from './links';
import { stepIds, useLessonStore } from './lesson-store';
import { useLessonStrings, type LessonStrings } from './strings';
import './lessons.css';

export function LessonPanel() {
  const l = useLessonStrings();
  const lang = useUiStore((s) => s.lang);
  const { lesson, name, index, hidden, book } = useLessonStore();
  useStepInAddress(name, lesson ? stepIds(lesson)[index] : undefined);
  if (!lesson || !name) return null;
  const flat = lesson.sections.flatMap((section) => section.steps.map((step) => ({ section, step })));
  const here = flat[index];
  if (!here) return null;
  // Only Finish completes the lesson: a last step with a "do this" is done (its check latched) while
  // the learner still has the section's question to answer, and the outcome mounting then would
  // scroll and take the focus too early, and not again on Finish.
  const finished = book[name]?.finished ?? false;
  if (hidden)
    return (
      <button type="button" className="lesson-reopen" data-testid="lesson-reopen" onClick={() => useLessonStore.getState().setHidden(false)}>
        {l.show}: {lesson.title[lang]}
      </button>
    );
  return (
    <aside className="lesson-panel" aria-label={`${l.panelLabel}: ${lesson.title[lang]}`} data-testid="lesson-panel" data-step={here.step.id}>
      <header className="lesson-head">
        <h2 className="lesson-title">{lesson.title[lang]}</h2>
        <button type="button" className="icon-button" data-testid="lesson-hide" title={l.hide} onClick={() => useLessonStore.getState().setHidden(true)}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{l.hide}</span>
        </button>
      </header>
      <p className="lesson-where">
        <span data-testid="lesson-section">{here.section.title[lang]}</span> · <span data-testid="lesson-count">{l.stepOf(index + 1, flat.length)}</span>
      </p>
      <div className="lesson-body" tabIndex={0} role="region" aria-label={l.panelLabel}>
        <Narration text={here.step.text[lang]} />
        {here.step.highlight && <Highlight h={here.step.highlight} l={l} />}
        {here.step.do && <DoThis step={here.step} l={l} />}
        {isLastOf(here.section, here.step) && here.section.question && <Question section={here.section} q={here.section.question} l={l} />}
        {index === flat.length - 1 && finished && <Complete lesson={lesson} name={name} l={l} />}
      </div>
      <Nav name={name} index={index} count={flat.length} here={here} l={l} />
    </aside>
  );
}

function isLastOf(section: LessonSection, step: LessonStep): boolean {
  return section.steps[section.steps.length - 1] === step;
}

/** Paragraphs split on blank lines; `code` spans in backticks. */
function Narration({ text }: { text: string }) {
  return (
    <div className="lesson-text" data-testid="lesson-text">
      {text.split(/\n\s*\n/).map((para, i) => (
        <p key={i}>{para.split(/(`[^`]+`)/).map((part, j) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={j}>{part.slice(1, -1)}</code> : part))}</p>
      ))}
    </div>
  );
}

function Highlight({ h, l }: { h: LessonHighlight; l: LessonStrings }) {
  const [kind, value] = 'component' in h ? (['component', h.component] as const) : 'message' in h ? (['message', h.message] as const) : (['lane', h.lane] as const);
  const show = () => {
    const ui = useUiStore.getState();
    if (kind === 'component') ui.select({ kind: 'component', id: value });
    else {
      ui.setDockTab(kind === 'lane' ? 'sequence' : 'timeline');
      if (!ui.dockOpen) ui.toggle('dockOpen');
    }
  };
  return (
    <p className="lesson-highlight" data-testid="lesson-highlight" data-kind={kind}>
      <span className="lesson-label">{l.watch}:</span> <code>{value}</code> <span className="lesson-muted">({l.highlightKind[kind]})</span>{' '}
      <button type="button" className="lesson-small" onClick={show}>
        {l.showMe}
      </button>
    </p>
  );
}

/** The cluster as the page holds it, in the shape the checks read. */
function useWorld(): LessonWorld {
  const objects = useSimStore((s) => s.objects);
  const components = useSimStore((s) => s.components);
  const hosts = useSimStore((s) => s.hosts);
  const outputs = useSimStore((s) => s.outputs);
  return useMemo(() => ({ objects: Object.values(objects), components: Object.values(components), hosts: Object.values(hosts), outputs }), [objects, components, hosts, outputs]);
}

function DoThis({ step, l }: { step: LessonStep; l: LessonStrings }) {
  const lang = useUiStore((s) => s.lang);
  const world = useWorld();
  const done = useLessonStore((s) => (s.name ? (s.book[s.name]?.done.includes(step.id) ?? false) : false));
  const passes = checkPasses(step.do!.check, world);
  // The check latches: once the cluster showed it, the step stays done.
  useEffect(() => {
    if (passes && !done) useLessonStore.getState().markDone(step.id);
  }, [passes, done, step.id]);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [step.id]);
  const ok = done || passes;
  return (
    <section className={`lesson-do${ok ? ' lesson-do--ok' : ''}`} data-testid="lesson-do" data-done={ok} aria-labelledby="lesson-do-h">
      <h3 id="lesson-do-h">{l.doThis}</h3>
      <p>{step.do!.prompt[lang]}</p>
      {step.do!.command && (
        <p className="lesson-command">
          <code data-testid="lesson-command">{step.do!.command}</code>
          <button type="button" className="lesson-small" onClick={() => void copyText(step.do!.command!).then(setCopied)}>
            {copied ? l.copied : l.copy}
          </button>
        </p>
      )}
      <p className="lesson-status" role="status" data-testid="lesson-status">
        <span aria-hidden="true">{ok ? '✓ ' : '… '}</span>
        {ok ? l.confirmed : l.waiting}
      </p>
    </section>
  );
}

function Question({ section, q, l }: { section: LessonSection; q: LessonQuestion; l: LessonStrings }) {
  const lang = useUiStore((s) => s.lang);
  const answered = useLessonStore((s) => (s.name ? s.book[s.name]?.answers[section.id] : undefined));
  const [pick, setPick] = useState<number | null>(answered ?? null);
  useEffect(() => setPick(answered ?? null), [section.id, answered]);
  const name = `lesson-q-${section.id}`;
  return (
    <section className="lesson-question" data-testid="lesson-question" aria-labelledby={`${name}-h`}>
      <h3 id={`${name}-h`}>{l.question}</h3>
      <fieldset>
        <legend>{q.text[lang]}</legend>
        {q.choices.map((c, i) => (
          <label key={i} className="lesson-choice">
            <input type="radio" name={name} value={i} checked={pick === i} onChange={() => setPick(i)} data-testid="lesson-choice" />
            {c[lang]}
          </label>
        ))}
      </fieldset>
      <button type="button" className="lesson-small" disabled={pick === null} data-testid="lesson-answer" onClick={() => pick !== null && useLessonStore.getState().answer(section.id, pick)}>
        {l.check}
      </button>
      {answered !== undefined && (
        <p className={answered === q.answer ? 'lesson-right' : 'lesson-wrong'} role="status" data-testid="lesson-verdict" data-right={answered === q.answer}>
          <strong>{answered === q.answer ? l.right : l.wrong}</strong> {q.explain[lang]}
        </p>
      )}
    </section>
  );
}

/**
 * The outcome of Finish, shown once the last step is done. It appears at the bottom of the lesson's
 * scrolling body, below the last question, which at 1280x720 is below the fold: it is scrolled into
 * view and takes the focus (from the Finish button the learner just pressed) so it is seen and read out.
 */
function Complete({ lesson, name, l }: { lesson: LessonView; name: string; l: LessonStrings }) {
  const done = useLessonStore((s) => s.book[name]?.done.length ?? 0);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <p className="lesson-complete" data-testid="lesson-complete" ref={ref} tabIndex={-1} role="status">
      <strong>{l.complete}</strong> {l.progress(Math.min(done, stepIds(lesson).length), stepIds(lesson).length)}
    </p>
  );
}

function Nav({ name, index, count, here, l }: { name: string; index: number; count: number; here: { section: LessonSection; step: LessonStep }; l: LessonStrings }) {
  const done = useLessonStore((s) => s.book[name]?.done.includes(here.step.id) ?? false);
  const answered = useLessonStore((s) => s.book[name]?.answers[here.section.id] !== undefined);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setNote(null), [index]);
  const st = useLessonStore.getState();
  const waiting = (here.step.do && !done) || (isLastOf(here.section, here.step) && here.section.question && !answered);
  const next = () => {
    if (!here.step.do) st.markDone(here.step.id);
    st.go(index + 1);
  };
  const share = (step?: string) => {
    const url = lessonUrl(window.location.href, name, step);
    window.history.replaceState(null, '', url);
    void copyText(url).then((ok) => setNote(ok ? l.linkCopied : l.linkNotCopied));
  };
  return (
    <nav className="lesson-nav" aria-label={l.panelLabel}>
      <button type="button" disabled={index === 0} data-testid="lesson-back" onClick={() => st.go(index - 1)}>
        {l.back}
      </button>
      {index < count - 1 ? (
        <button type="button" className={waiting ? undefined : 'primary'} data-testid="lesson-next" onClick={next}>
          {waiting ? l.skip : l.next}
        </button>
      ) : (
        <button type="button" className="primary" data-testid="lesson-finish" onClick={() => st.finish(here.step.id)}>
          {l.finish}
        </button>
      )}
      <span className="toolbar-spacer" />
      <button type="button" className="lesson-small" data-testid="lesson-share-step" onClick={() => share(here.step.id)}>
        {l.shareStep}
      </button>
      <button type="button" className="lesson-small" data-testid="lesson-share" onClick={() => share()}>
        {l.shareLesson}
      </button>
      {note && (
        <span className="lesson-muted" role="status">
          {note}
        </span>
      )}
    </nav>
  );
}

/** A link's `&step=` (at startup and when the address changes) opens the lesson at that step. */
/** The address bar's lesson link follows the step shown, so what a learner copies from it (or reloads) keeps the step. */
function useStepInAddress(name: string | null, step: string | undefined): void {
  useEffect(() => {
    if (name && step && isLessonFragment(window.location.hash, name)) window.history.replaceState(null, '', lessonUrl(window.location.href, name, step));
  }, [name, step]);
}
