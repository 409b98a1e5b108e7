// Issue 17 (bench serve-watch-200): one write to kube-apiserver reaches every watcher with the same
// object, so kubeplay serve encodes its watch line once and writes the same bytes to each watcher.
// The line is the WatchEvent struct, {"type":...,"object":...} (apimachinery meta/v1 watch.go),
// the object in the apiserver's field order (wire-json.ts).

import { describe, expect, it } from 'vitest';
import { eventLine } from './serve';

describe('a watch event line kubeplay serve writes', () => {
  it('is encoded once per object and type, and shared by every watcher', () => {
    const pod = { apiVersion: 'v1', metadata: { resourceVersion: '7', name: 'p' }, kind: 'Pod' };
    const a = eventLine({ type: 'ADDED', object: pod });
    expect(a.toString()).toBe('{"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p","resourceVersion":"7"}}}\n');
    expect(eventLine({ type: 'ADDED', object: pod })).toBe(a);
    expect(eventLine({ type: 'DELETED', object: pod }).toString()).toBe('{"type":"DELETED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p","resourceVersion":"7"}}}\n');
  });
});
