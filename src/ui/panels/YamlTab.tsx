// The YAML tab: Monaco with monaco-yaml (loaded on first open, in its own chunk), checking the
// manifest against the Kubernetes v1.31 schema as you type. Apply runs `kubectl apply -f -` with the
// text as stdin; the command and its answer appear in the terminal like any other, and the answer
// also shows here, above the editor, with the fields the server rejected marked in the text.

import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fill } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { nextRequestId } from '../terminal/terminal-output';
import { ApplyResult } from './yaml/ApplyResult';
import { loadMonacoLanguage, monacoLanguage, monacoNeedsReload } from './yaml/monaco-language';
import { useSimStore, useUiStore } from '../store/app-store';

// Monaco is about 4 MB of JS: only this tab needs it, so it never weighs on the first page load.
// Its own words in the page's language go first: Monaco looks most of them up as its modules load.
const YamlEditor = lazy(() => loadMonacoLanguage(useUiStore.getState().lang).then(() => import('./yaml/YamlEditor')));

export const STARTER_MANIFEST = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: nginx
      image: nginx:1.25
`;

export function YamlTab() {
  const t = useStrings();
  const send = useUiStore((s) => s.send);
  const theme = useUiStore((s) => s.theme);
  // Until the editor has loaded, Apply sends the starter text the editor will open with.
  const getText = useRef<() => string>(() => STARTER_MANIFEST);
  const [applied, setApplied] = useState<number | undefined>(undefined);
  const output = useSimStore((s) => (applied === undefined ? undefined : s.outputs.find((o) => o.requestId === applied && !o.partial)));
  const playing = useSimStore((s) => s.clock.playing);
  const lang = useUiStore((s) => s.lang);
  // kubectl edit's file is open: Save closes the editor on the text (the command runs again with it as stdin).
  const editing = useUiStore((s) => s.editing);
  const closeEdit = useUiStore((s) => s.closeEdit);
  const openEdit = useUiStore((s) => s.openEdit);
  const replace = useMemo(() => (editing ? { id: editing.id, text: editing.text } : undefined), [editing]);

  const apply = useCallback(() => {
    const requestId = nextRequestId();
    setApplied(requestId);
    if (editing) send({ type: 'exec', requestId, line: editing.line, stdin: getText.current() });
    else send({ type: 'exec', requestId, line: 'kubectl apply -f -', stdin: getText.current() });
  }, [send, editing]);
  // The save's answer: done, or the file reopened with the server's failures in its header.
  const answered = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!output || !editing || answered.current === output.requestId) return;
    answered.current = output.requestId;
    if (output.edit) openEdit(output.edit);
    else if (output.exitCode === 0) closeEdit();
  }, [output, editing, openEdit, closeEdit]);
  const onReady = useCallback((read: () => string) => {
    getText.current = read;
  }, []);

  return (
    <div className="yaml-tab">
      <div className="yaml-tab-bar">
        <span className="muted" data-testid="yaml-hint">
          {editing ? fill(t.editHint, { object: editing.object }) : t.yamlHint}
        </span>
        {editing && (
          <button type="button" data-testid="yaml-edit-cancel" title={t.editCancelHint} onClick={closeEdit}>
            {t.editCancel}
          </button>
        )}
        <button type="button" data-testid="yaml-apply" className="primary" title={editing ? t.editSaveHint : t.applyHint} onClick={apply}>
          {editing ? t.editSave : t.apply}
        </button>
      </div>
      {monacoNeedsReload(lang, monacoLanguage()) && (
        <p className="yaml-menus-note muted" data-testid="yaml-menus-note">
          {t.yamlMenusReload}
        </p>
      )}
      <ApplyResult requestId={applied} output={output} playing={playing} />
      <Suspense
        fallback={
          <div className="yaml-editor yaml-editor-loading muted" data-testid="yaml-editor" data-ready="false">
            {t.yamlLoading}
          </div>
        }
      >
        <YamlEditor initialText={STARTER_MANIFEST} theme={theme} onReady={onReady} onApply={apply} fieldErrors={output?.fieldErrors} replace={replace} />
      </Suspense>
    </div>
  );
}
