// The YAML tab's editor: Monaco with monaco-yaml, checking manifests against the Kubernetes v1.31
// schema as you type (unknown fields and wrong types are squiggled, fields complete, hovers explain),
// and a line under it that names the first problem. This module and everything it imports form the
// lazy Monaco chunk; YamlTab loads it on first open.

import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { useStrings } from '../../app/useStrings';
import { MANIFEST_PATH, monaco } from './monaco-setup';
import { formatProblem, summarizeMarkers, type MarkerSummary } from './markers';

export interface YamlEditorProps {
  initialText: string;
  theme: 'dark' | 'light';
  /** Gives the parent a way to read the current text (the Apply button). */
  onReady: (getText: () => string) => void;
  /** Ctrl/Cmd+Enter inside the editor. */
  onApply: () => void;
}

export default function YamlEditor({ initialText, theme, onReady, onApply }: YamlEditorProps) {
  const [ready, setReady] = useState(false);
  const [problems, setProblems] = useState<MarkerSummary[]>([]);
  // Monaco binds the command once; a ref keeps it calling the latest handler.
  const applyRef = useRef(onApply);
  useEffect(() => {
    applyRef.current = onApply;
  }, [onApply]);

  const onMount: OnMount = (editor) => {
    onReady(() => editor.getValue());
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => applyRef.current());
    // The model outlives the tab (keepCurrentModel), so its markers may already be there.
    const model = editor.getModel();
    if (model) setProblems(summarizeMarkers(monaco.editor.getModelMarkers({ resource: model.uri })));
    setReady(true);
  };

  return (
    <>
      <div className="yaml-editor" data-testid="yaml-editor" data-ready={ready}>
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
  const first = problems[0];
  return (
    <div
      className={`yaml-problems yaml-problems-${first?.severity ?? 'ok'}`}
      data-testid="yaml-problems"
      data-count={problems.length}
      title={problems.length ? problems.map(formatProblem).join('\n') : t.yamlProblemsHint}
    >
      {first ? (
        <>
          <span aria-hidden="true">{first.severity === 'error' ? '✖' : '⚠'}</span> {formatProblem(first)}
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
