// The schema's descriptions, for `kubectl explain` (the apiserver's /openapi/v3 documents) and the
// YAML editor's hovers. Apart from index.ts so the app's worker can boot without them: it loads them
// with kubectl, after first paint (src/sim/cli-tools/programs.ts).

import raw from './k8s-v1.31.descriptions.json';
import { K8S_SCHEMA, withDescriptions, type ApiSchema, type SchemaDescriptions } from './index';

export const K8S_DESCRIPTIONS: SchemaDescriptions = raw;

/** K8S_SCHEMA with every description, as scripts/gen-schema.mjs generated it. */
export const K8S_DESCRIBED_SCHEMA: ApiSchema = withDescriptions(K8S_SCHEMA, K8S_DESCRIPTIONS);
