// kube-apiserver reads a request body through limitedReadBody (endpoints/handlers/rest.go) before
// it decodes anything: more than MaxRequestBodyBytes and the request fails with 413
// `Request entity too large: limit is 3145728`. The limit is 3 MiB because etcd takes requests of
// up to 1.5 MiB and a JSON body is about twice the protobuf it becomes (server/config.go).
//
// A Kubeplay body travels as an object, not as bytes, so its size is measured as the JSON the
// client would have sent: Go's encoding/json (kubectl encodes with it; it escapes <, > and & as
// \u003c, writes invalid UTF-16 as U+FFFD) in UTF-8. The walk stops as soon as the limit is passed,
// so a huge body costs no more than reading 3 MiB of it, and a lease renewal a few hundred steps.

/** The stage name in the audit line: the handler reading the body. */
export const REQUEST_BODY = 'ReadBody';

/** genericapiserver's DefaultMaxRequestBodyBytes: 3 * 1024 * 1024. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

/** Printable ASCII that encoding/json writes as it is: not `"`, `\\`, `<`, `>` or `&`. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

/** Bytes of a JSON string literal as encoding/json writes it, quotes included. */
export function jsonStringBytes(s: string): number {
  // Most strings are plain ASCII: one native scan instead of a loop over every character.
  if (PLAIN_ASCII.test(s)) return s.length + 2;
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c || c === 0x0a || c === 0x0d || c === 0x09) n += 2;
      else if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26) n += 6;
      else n += 1;
    } else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else if (c === 0x2028 || c === 0x2029) n += 6;
    else n += 3; // any other BMP character; a lone surrogate is written as U+FFFD, also 3 bytes
  }
  return n;
}

/** A scalar's JSON length (null, undefined inside an array, a non-finite number: `null`). */
function scalarBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v).length : 4;
  if (typeof v === 'boolean') return v ? 4 : 5;
  return 0; // not JSON (a function, a symbol): counted as nothing, as before
}

/**
 * The JSON size of value in bytes, or a number above `limit` as soon as it is certain to pass it
 * (so the caller learns "too large" without the walk reading the rest). Every write measures its
 * body and its stored value, so the walk stacks only objects and arrays, measures their strings
 * and scalars in place, and reads keys with for-in (no key list per object; these are plain JSON
 * objects, whose enumerable keys are their own).
 */
export function jsonBytesUpTo(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') total += jsonStringBytes(v);
    else if (Array.isArray(v)) {
      total += v.length > 0 ? 1 + v.length : 2;
      for (let i = 0; i < v.length && total <= limit; i++) {
        const x: unknown = v[i];
        if (typeof x === 'string') total += jsonStringBytes(x);
        else if (typeof x === 'object' && x !== null) stack.push(x);
        else total += scalarBytes(x);
      }
    } else if (typeof v === 'object' && v !== null) {
      let fields = 0;
      for (const k in v) {
        if (total > limit) return total;
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined) continue; // absent in JSON
        fields++;
        total += jsonStringBytes(k) + 1;
        if (typeof x === 'string') total += jsonStringBytes(x);
        else if (typeof x === 'object' && x !== null) stack.push(x);
        else total += scalarBytes(x);
      }
      total += fields > 0 ? 1 + fields : 2;
    } else total += scalarBytes(v);
    if (total > limit) return total;
  }
  return total;
}

/** limitedReadBody: does the body exceed the apiserver's limit? */
export function requestBodyTooLarge(body: unknown, limit = MAX_REQUEST_BODY_BYTES): boolean {
  if (body === undefined) return false;
  // json.Encoder.Encode ends the body with a newline.
  return jsonBytesUpTo(body, limit) + 1 > limit;
}
