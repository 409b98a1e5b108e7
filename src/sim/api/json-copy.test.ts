import { describe, expect, it } from 'vitest';
import { copyJson } from './json-copy';

// copyJson replaces structuredClone (HTML spec, "StructuredSerializeInternal") on the write path:
// for JSON values it must give what structuredClone gives.
describe('copyJson', () => {
  it('copies a decoded object deeply, like structuredClone', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', labels: { app: 'x' } }, spec: { containers: [{ name: 'c', args: ['-v', 1, true, null] }] }, gone: undefined };
    const copy = copyJson(pod);
    expect(copy).toStrictEqual(structuredClone(pod));
    expect(Object.keys(copy)).toEqual(Object.keys(pod));
    copy.spec.containers[0]!.args.push('more');
    copy.metadata.labels.app = 'y';
    expect(pod.spec.containers[0]!.args).toHaveLength(4);
    expect(pod.metadata.labels.app).toBe('x');
  });

  it('keeps a __proto__ key as a field, as JSON.parse and structuredClone do', () => {
    const o = JSON.parse('{"labels":{"__proto__":"v","a":"b"}}') as { labels: Record<string, string> };
    const copy = copyJson(o);
    expect(Object.keys(copy.labels)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy.labels)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(o));
  });

  it('leaves anything but plain data to structuredClone', () => {
    const when = new Date(0);
    const copy = copyJson({ when, seen: new Map([['a', 1]]) });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.seen.get('a')).toBe(1);
  });
});
