// Bundles Monaco locally (no CDN request, ever) and gives it Kubernetes-aware YAML: monaco-yaml with
// the v1.31 schema of the kinds Kubeplay serves. Only the lazy YAML editor chunk imports this file.
//
// Slim Monaco (monaco-editor >= 0.56 entry points): the core API, the editor features and the YAML
// tokenizer. `import 'monaco-editor'` would also pull in the TS/CSS/HTML/JSON language services and
// their workers (about 9 MB more JS). See /work/shared/reference/toolchain.md, gotchas 3-6.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/yaml/register';
import { loader } from '@monaco-editor/react';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';
import { K8S_DESCRIBED_SCHEMA } from '../../../api-schema/descriptions';
import type { Lang } from '../../app/strings';
import { buildEditorSchema } from './k8s-editor-schema';
import { plainSchemaMessage } from './schema-messages';

/** The model every manifest is edited in; the schema below applies to it. */
export const MANIFEST_PATH = 'file:///kubeplay/manifest.yaml';
/** The glob monaco-yaml matches model URIs against (it is matched like a file path). */
const MANIFEST_GLOB = '**/kubeplay/manifest.yaml';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'yaml') return new YamlWorker();
    return new EditorWorker();
  },
};

// monaco-editor >= 0.55 changed editor.createWebWorker() to require `opts.worker` and no longer
// sends `createData`. monaco-yaml 5.5.1 (through monaco-worker-manager 2.0.1) still calls it the old
// way ({ moduleId, label, createData }), and then silently shows no markers. Bridge the old call the
// way Monaco's own json/css/html/ts features do (esm/vs/internal/common/workers.js): post "ignore"
// so the worker initializes, then post createData. See remcohaszing/monaco-yaml#272 and #282.
type LegacyWorkerOptions = { moduleId?: string; label?: string; createData?: unknown };
const originalCreateWebWorker = monaco.editor.createWebWorker;
monaco.editor.createWebWorker = (<T extends object>(opts: monaco.editor.IInternalWebWorkerOptions | LegacyWorkerOptions) => {
  if ('worker' in opts) return originalCreateWebWorker<T>(opts);
  const legacy = opts as LegacyWorkerOptions;
  const started = self.MonacoEnvironment!.getWorker!(legacy.moduleId ?? 'workerMain.js', legacy.label ?? 'monaco-editor-worker');
  const worker = Promise.resolve(started).then((w) => {
    w.postMessage('ignore');
    w.postMessage(legacy.createData);
    return w;
  });
  return originalCreateWebWorker<T>({ worker });
}) as typeof monaco.editor.createWebWorker;

// monaco-yaml's messages name OpenAPI ids and are English (`Incorrect type. Expected
// "io.k8s.api.core.v1.Container".`): its markers (owner `yaml`) are reworded in plain words in the
// app's language on their way into the model (schema-messages.ts). Their original text is kept so a
// change of language rewords them again.
const SCHEMA_OWNER = 'yaml';
let schemaLang: Lang = 'en';
const rawSchemaMarkers = new Map<string, monaco.editor.IMarkerData[]>();
const originalSetModelMarkers = monaco.editor.setModelMarkers;
monaco.editor.setModelMarkers = (model, owner, markers) => {
  if (owner !== SCHEMA_OWNER) return originalSetModelMarkers(model, owner, markers);
  rawSchemaMarkers.set(model.uri.toString(), markers);
  originalSetModelMarkers(model, owner, markers.map((m) => ({ ...m, message: plainSchemaMessage(m.message, schemaLang) })));
};

/** The language schema messages are worded in; rewords the markers already shown. */
export function setSchemaLanguage(lang: Lang): void {
  if (lang === schemaLang) return;
  schemaLang = lang;
  for (const model of monaco.editor.getModels()) {
    const raw = rawSchemaMarkers.get(model.uri.toString());
    if (raw) monaco.editor.setModelMarkers(model, SCHEMA_OWNER, raw);
  }
}

configureMonacoYaml(monaco, {
  // The schema travels with the bundle: nothing is fetched (the e2e tests fail on any request that
  // leaves the page's origin).
  enableSchemaRequest: false,
  validate: true,
  completion: true,
  hover: true,
  schemas: [
    {
      // Only an id: never fetched.
      uri: 'inmemory://kubeplay/k8s-v1.31.schema.json',
      fileMatch: [MANIFEST_GLOB],
      schema: buildEditorSchema(K8S_DESCRIBED_SCHEMA) as JSONSchema,
    },
  ],
});

// @monaco-editor/react: use this bundled instance instead of loading Monaco from jsDelivr.
loader.config({ monaco });

export { monaco };
