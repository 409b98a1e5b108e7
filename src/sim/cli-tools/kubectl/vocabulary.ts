// The words the app's Tab completion offers after `kubectl`, read from the verb table itself
// (verbs.ts, flags.ts GLOBAL_FLAGS) and the resources the apiserver serves (api/resources.ts), so a
// verb or kind added there is completed without a second list in the UI. The worker sends it with
// `loaded` (protocol KubectlVocabulary).

import { RESOURCES } from '../../api/resources';
import { GLOBAL_FLAGS, type FlagSpec } from './flags';
import { VERBS } from './verbs';

export interface Vocabulary {
  verbs: { name: string; flags: string[] }[];
  globalFlags: string[];
  valueFlags: string[];
  kinds: { resource: string; singular: string; shortNames: string[]; namespaced: boolean }[];
}

const spellings = (f: FlagSpec): string[] => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])];

export function kubectlVocabulary(): Vocabulary {
  return {
    verbs: [...VERBS.values()].map((v) => ({ name: v.name, flags: [...new Set(v.flags.flatMap(spellings))] })),
    globalFlags: GLOBAL_FLAGS.flatMap(spellings),
    valueFlags: [...new Set([...GLOBAL_FLAGS, ...[...VERBS.values()].flatMap((v) => v.flags)].filter((f) => f.type !== 'bool').flatMap(spellings))].sort(),
    kinds: RESOURCES.filter((r) => r.verbs.includes('get')).map((r) => ({
      resource: r.resource,
      singular: r.singular,
      shortNames: [...r.shortNames],
      namespaced: r.namespaced,
    })),
  };
}
