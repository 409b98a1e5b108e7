// Local wrapper so Vite bundles monaco-yaml's language worker as its own entry, imported with
// `?worker` (monaco-yaml FAQ: "Why doesn't it work with Vite?").
import 'monaco-yaml/yaml.worker.js';
