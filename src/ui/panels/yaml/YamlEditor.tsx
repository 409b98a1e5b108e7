// The YAML tab's editor: Monaco with monaco-yaml, checking manifests against the Kubernetes v1.31
// schema as you type (unknown fields and wrong types are squiggled, fields complete, hovers explain),
// and a line under it that names the first problem. After an Apply the server rejected, the fields
// it named are marked as errors on their lines (until the text changes). This module and everything
// it imports form the lazy Monaco chunk; YamlTab loads it on first open.

import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrorView } from '../../../protocol/view';
import { useStrings } from '../../app/useStrings';
import { MANIFEST_PATH, monaco, setSchemaLanguage } from './monaco-setup';
import { formatProblem, summarizeMarkers, type MarkerSummary } from './markers';
import { fieldRange } from './field-lines';
import { useYamlStrings } from './yaml-strings';
import { useUiStore } from '../../store/app-store';

/** The markers of the server's answer to Apply (monaco-yaml's own are owner `yaml`). */
const APPLY_OWNER = 'kubeplay-apply';

/** The server's Invalid causes from stdin, as error markers on the lines of the fields they name. */
function applyMarkers(text: string, errors: readonly FieldErrorView[]): monaco.editor.IMarkerData[] {
  const out: monaco.editor.IMarkerData[] = [];
  for (const e of errors) {
    if (e.source !== 'STDIN') continue;
    const range = fieldRange(text, e.documentLine, e.field);
    if (range) out.push({ ...range, severity: monaco.MarkerSeverity.Error, message: `${e.field}: ${e.message}`, source: 'kube-apiserver' });
  }
  return out;
}

export interface YamlEditorProps {
  initialText: string;
  theme: 'dark' | 'light';
  /** Gives the parent a way to read the current text (the Apply button). */
  onReady: (getText: () => string) => void;
  /** Ctrl/Cmd+Enter inside the editor. */
  onApply: () => void;
  /** The fields the server named in its answer to the latest Apply (kubectl apply's fieldErrors). */
  fieldErrors?: readonly FieldErrorView[];
  /** A text to put in the editor (kubectl edit's file); each new id replaces the text once. */
  replace?: { id: number; text: string };
}

export default function YamlEditor({ initialText, theme, onReady, onApply, fieldErrors, replace }: YamlEditorProps) {
  const [ready, setReady] = useState(false);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const lang = useUiStore((s) => s.lang);
  useEffect(() => setSchemaLanguage(lang), [lang]);
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const markers = applyMarkers(model.getValue(), fieldErrors ?? []);
    monaco.editor.setModelMarkers(model, APPLY_OWNER, markers);
    // On a small screen the editor shows a few lines: bring the first rejected field into view.
    if (markers[0]) editor.revealLineInCenterIfOutsideViewport(markers[0].startLineNumber);
  }, [fieldErrors, ready]);
  // kubectl edit's file replaces the text as one edit, so Ctrl+Z brings the manifest back.
  const replaced = useRef<number | undefined>(undefined);
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !replace || replaced.current === replace.id) return;
    replaced.current = replace.id;
    editor.pushUndoStop();
    editor.executeEdits('kubectl-edit', [{ range: model.getFullModelRange(), text: replace.text }]);
    editor.pushUndoStop();
    editor.setPosition({ lineNumber: 1, column: 1 });
    editor.revealLine(1);
  }, [replace, ready]);
  const [problems, setProblems] = useState<MarkerSummary[]>([]);
  // Monaco binds the command once; a ref keeps it calling the latest handler.
  const applyRef = useRef(onApply);
  useEffect(() => {
    applyRef.current = onApply;
  }, [onApply]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    onReady(() => editor.getValue());
    // The server's answer was about the text as it was: an edit clears its marks.
    editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (model) monaco.editor.setModelMarkers(model, APPLY_OWNER, []);
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => applyRef.current());
    // The model outlives the tab (keepCurrentModel), so its markers may already be there.
    const model = editor.getModel();
    if (model) setProblems(summarizeMarkers(monaco.editor.getModelMarkers({ resource: model.uri })));
    setReady(true);
  };

  return (
    <>
      {/* `monaco-component`: Monaco's theme gives its colour variables to this class, and its context
          menu (drawn in a shadow root next to the editor, not inside it) inherits them from here;
          without them the menu had no background and sat transparent over the page. */}
      <div className="yaml-editor monaco-component" data-testid="yaml-editor" data-ready={ready}>
        <Editor
          path={MANIFEST_PATH}
          defaultLanguage="yaml"
          defaultValue={initialText}
          // The text survives switching to the terminal and back.
          keepCurrentModel
          theme={theme === 'dark' ? 'vs-dark' : 'vs'}
          loading={null}
          onMount={onMount}
          onValidate={(markers) => setProblems(summarizeMarkers(markers))}
          options={{
            minimap: { enabled: false },
            automaticLayout: true,
            scrollBeyondLastLine: false,
            tabSize: 2,
            fontSize: 13,
            lineNumbersMinChars: 3,
            renderLineHighlight: 'line',
            // Hovers and completion lists may leave the dock's box instead of being clipped by it.
            fixedOverflowWidgets: true,
            // editContext: false -> classic <textarea> input. With Monaco's default (Chromium's
            // EditContext API), Playwright's keyboard.type() drops spaces (toolchain.md, gotcha 7).
            editContext: false,
          }}
        />
      </div>
      {ready && <YamlProblems problems={problems} />}
    </>
  );
}

/** One line under the editor: the first problem (and how many more), or that the text is fine. */
function YamlProblems({ problems }: { problems: MarkerSummary[] }) {
  const t = useStrings();
  const y = useYamlStrings();
  const format = (p: MarkerSummary) => formatProblem(p, y.line);
  const first = problems[0];
  return (
    <div
      className={`yaml-problems yaml-problems-${first?.severity ?? 'ok'}`}
      data-testid="yaml-problems"
      data-count={problems.length}
      title={problems.length ? problems.map(format).join('\n') : t.yamlProblemsHint}
    >
      {first ? (
        <>
          <span aria-hidden="true">{first.severity === 'error' ? '✖' : '⚠'}</span> {format(first)}
          {problems.length > 1 && (
            <span className="muted">
              {' '}
              (+{problems.length - 1} {t.yamlMore})
            </span>
          )}
        </>
      ) : (
        <>
          <span aria-hidden="true">✓</span> {t.yamlSchemaOk}
        </>
      )}
    </div>
  );
}
