// kubectl diff never prints a Secret's values (kubectl/pkg/cmd/diff/diff.go, Masker): every key of
// `data` on either side becomes `***`, and a key whose value changed becomes `*** (before)` on the
// live side and `*** (after)` on the merged side, so that the diff still shows which keys changed.
// Only `data` is masked (stringData never reaches a stored Secret). A side without the object
// stays absent, but the Masker hands the printer a nil object, which YAML writes as `null`.

import type { KubeObject } from '../../../api/types';

const MASK = '***';
const MASK_BEFORE = '*** (before)';
const MASK_AFTER = '*** (after)';

type Data = Record<string, unknown>;

/** The two sides with their Secret data masked; `null` stands for a missing side. */
export function maskSecretData(from: KubeObject | undefined, to: KubeObject): { from: KubeObject | null; to: KubeObject } {
  const f = from?.data as Data | undefined;
  const t = to.data as Data | undefined;
  const fm: Data = {};
  const tm: Data = {};
  for (const k of Object.keys(f ?? {})) {
    if (t && Object.hasOwn(t, k)) {
      if (f![k] !== t[k]) {
        fm[k] = MASK_BEFORE;
        tm[k] = MASK_AFTER;
        continue;
      }
      tm[k] = MASK;
    }
    fm[k] = MASK;
  }
  for (const k of Object.keys(t ?? {})) if (!f || !Object.hasOwn(f, k)) tm[k] = MASK;
  return {
    from: from ? (f ? { ...from, data: fm } : from) : null,
    to: t ? { ...to, data: tm } : to,
  };
}

export const isSecret = (o: KubeObject): boolean => o.apiVersion === 'v1' && o.kind === 'Secret';
