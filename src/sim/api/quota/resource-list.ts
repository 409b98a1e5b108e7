// corev1.ResourceList arithmetic as pkg/quota/v1/resources.go does it: Add, Mask, LessThanOrEqual,
// and the admission plugin's prettyPrint. Values are Quantities (milli-units plus the format they
// were written in), so sums print as Quantity.String prints them: 600Mi + 100Mi is `700Mi`.

import { formatQuantity, tryParseQuantity, type Quantity } from '../quantity';

/** A parsed ResourceList: resource name -> quantity. Insertion order is irrelevant; callers sort. */
export type Usage = Map<string, Quantity>;

export const ONE: Quantity = { value: 1000, format: 'DecimalSI' };
export const ZERO: Quantity = { value: 0, format: 'DecimalSI' };

/** Quantity.Add: the sum keeps the receiver's format, unless the receiver is zero. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { value: a.value + b.value, format: a.value === 0 ? b.format : a.format };
}

/** A stored ResourceList (strings) as a Usage; malformed quantities are left out (validation refuses them). */
export function parseList(list: Record<string, string> | undefined): Usage {
  const out: Usage = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    // A stored list may hold what a hostile manifest put there (`hard: {x: null}`): not a quantity.
    if (typeof v !== 'string') continue;
    const q = tryParseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/** The Usage as a stored ResourceList, keys sorted (Go's JSON encoder sorts map keys). */
export function formatList(u: Usage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...u.keys()].sort()) out[k] = formatQuantity(u.get(k)!);
  return out;
}

/** quota.Add: every key of either list, summed where both have it. */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) out.set(k, out.has(k) ? addQuantity(out.get(k)!, v) : v);
  return out;
}

/** quota.Max: per key, the larger of the two. */
export function maxUsage(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) if (!out.has(k) || out.get(k)!.value < v.value) out.set(k, v);
  return out;
}

/** quota.Mask: only the named keys. */
export function mask(u: Usage, names: Iterable<string>): Usage {
  const keep = new Set(names);
  const out: Usage = new Map();
  for (const [k, v] of u) if (keep.has(k)) out.set(k, v);
  return out;
}

/** quota.LessThanOrEqual: the keys of `a` that `b` also names and `a` exceeds. */
export function exceeded(a: Usage, b: Usage): string[] {
  return [...a.keys()].filter((k) => b.has(k) && a.get(k)!.value > b.get(k)!.value).sort();
}

/** prettyPrint in plugin/pkg/admission/resourcequota/controller.go: `requests.memory=700Mi,pods=1`, keys sorted. */
export function prettyPrint(u: Usage): string {
  return [...u.keys()]
    .sort()
    .map((k) => `${k}=${formatQuantity(u.get(k)!)}`)
    .join(',');
}
