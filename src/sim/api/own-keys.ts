// Plain objects whose keys come from what a person typed (labels, annotations, manifest fields,
// lookup tables indexed by a typed word). A JavaScript object inherits `constructor`, `toString`,
// `__proto__` and friends from Object.prototype, so `table[word]` answers for words nobody put
// there, and `obj[key] = value` with key `__proto__` replaces the object's prototype instead of
// storing a field. Kubernetes has no such words: for the apiserver `__proto__` is an invalid label
// key and `constructor` a valid one, like any other. These helpers read and write only own keys.

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Does the object itself (not its prototype) hold the key? */
export function hasOwn(o: object | null | undefined, key: PropertyKey): boolean {
  return o !== null && o !== undefined && hasOwnProperty.call(o, key);
}

/** The value stored under key, or undefined when only the prototype knows the key. */
export function ownValue<V>(o: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined {
  return hasOwn(o, key) ? o![key] : undefined;
}

/** Store a field under key, also when the key is `__proto__` (an ordinary field, as in JSON). */
export function setOwn<V>(o: Record<string, V>, key: string, value: V): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/** A copy of o with key removed (o is not changed). */
export function withoutOwn<V>(o: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(o)) if (k !== key) setOwn(out, k, o[k]!);
  return out;
}

/** An object built from entries with every key stored as a field (Object.fromEntries does the same). */
export function fromEntries<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  return Object.fromEntries(entries) as Record<string, V>;
}
