// How many bytes a piece of plain-data state takes, estimated by walking it: what time travel's
// snapshots are bounded by (scenario/time-machine.ts). The figure follows what V8's structured
// serializer writes for the same value (a tag and a length per value, strings as their characters,
// numbers as eight bytes, each shared object once), so it tracks the memory a snapshot holds without
// serializing it; bench/seek.bench.ts prints both side by side. The walk uses its own stack, not
// recursion: state may hold a client's deeply nested JSON body.

/** Bytes of a tag and a length or count, as the serializer writes one in front of every value. */
const HEADER_BYTES = 2;
const NUMBER_BYTES = 9;

/** The estimated serialized size of a plain value (objects, arrays, Maps, Sets, strings, numbers). */
export function plainBytes(root: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        bytes += HEADER_BYTES + v.length;
        continue;
      case 'number':
      case 'bigint':
        bytes += NUMBER_BYTES;
        continue;
      case 'object':
        break;
      default:
        // booleans, undefined (functions and symbols are no plain data: a snapshot cannot hold them)
        bytes += 1;
        continue;
    }
    if (v === null) {
      bytes += 1;
      continue;
    }
    if (seen.has(v)) {
      // A back-reference to an object already written.
      bytes += HEADER_BYTES;
      continue;
    }
    seen.add(v);
    bytes += HEADER_BYTES;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      for (const x of v) stack.push(x);
    } else if (ArrayBuffer.isView(v)) {
      bytes += v.byteLength;
    } else {
      for (const k in v) {
        bytes += HEADER_BYTES + k.length;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return bytes;
}
