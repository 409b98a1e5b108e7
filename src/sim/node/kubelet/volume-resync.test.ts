// The resync writes a container's volume files only when they changed: the AtomicWriter
// (kubernetes pkg/volume/util/atomic_writer.go, shouldWritePayload) compares each file's bytes with
// what the volume holds and rewrites only on a difference. The kubelet keeps the files it last
// handed over as the record itself (issue 14: memory per pod), so the comparison is by path and
// content, in order, as comparing their JSON was.
import { describe, expect, it } from 'vitest';
import { sameFiles } from './volume-resync';

describe('sameFiles', () => {
  it('is true for the same paths with the same contents, even in different records', () => {
    expect(sameFiles({ '/v/a': '1', '/v/b': 'x' }, { '/v/a': '1', '/v/b': 'x' })).toBe(true);
    expect(sameFiles({}, {})).toBe(true);
  });

  it('is false when a content, a path or the number of files differs', () => {
    expect(sameFiles({ '/v/a': '1' }, { '/v/a': '2' })).toBe(false);
    expect(sameFiles({ '/v/a': '1' }, { '/v/b': '1' })).toBe(false);
    expect(sameFiles({ '/v/a': '1' }, { '/v/a': '1', '/v/b': '' })).toBe(false);
    expect(sameFiles({ '/v/a': '1', '/v/b': '' }, { '/v/a': '1' })).toBe(false);
  });

  it('is false for the same files in another order, as their JSON differed', () => {
    expect(sameFiles({ '/v/a': '1', '/v/b': '2' }, { '/v/b': '2', '/v/a': '1' })).toBe(false);
  });
});
