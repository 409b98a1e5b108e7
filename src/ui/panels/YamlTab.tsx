// The YAML tab: a plain editor (Monaco comes later) whose Apply runs `kubectl apply -f -` with the
// text as stdin. The command and its answer appear in the terminal like any other.

import { useState } from 'react';
import { useStrings } from '../app/useStrings';
import { useUiStore } from '../store/ui-store';
import { nextRequestId } from '../terminal/terminal-output';

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
  const [text, setText] = useState(STARTER_MANIFEST);
  return (
    <div className="yaml-tab">
      <div className="yaml-tab-bar">
        <span className="muted">{t.yamlHint}</span>
        <button
          type="button"
          data-testid="yaml-apply"
          className="primary"
          onClick={() => send({ type: 'exec', requestId: nextRequestId(), line: 'kubectl apply -f -', stdin: text })}
        >
          {t.apply}
        </button>
      </div>
      <textarea
        className="yaml-editor mono"
        data-testid="yaml-editor"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="YAML"
      />
    </div>
  );
}
