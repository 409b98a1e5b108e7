// The names on compact pod chips (issue 11): ellipsis only in the middle, the distinguishing suffix
// whole. Pod names of a Deployment are <deployment>-<pod-template-hash>-<5 random characters>
// (kubernetes.io/docs/concepts/workloads/controllers/deployment/, "pod-template-hash label").
import { describe, expect, it } from 'vitest';
import { CHIP_NAME_CHARS, POD_NAME_CHARS, middleEllipsis } from './pod-label';

describe('middleEllipsis', () => {
  it('leaves a name that fits alone', () => {
    expect(middleEllipsis('web-0', CHIP_NAME_CHARS)).toBe('web-0');
    expect(middleEllipsis('nginx-abc', 9)).toBe('nginx-abc');
  });
  it("keeps a Deployment pod's random suffix whole and cuts the middle", () => {
    expect(middleEllipsis('web-7c9f8d6b5-x2x4k', 9)).toBe('web…x2x4k');
    expect(middleEllipsis('coredns-7db6d8ff4d-q8xzv', 9)).toBe('cor…q8xzv');
    expect(middleEllipsis('web-7c9f8d6b5-x2x4k', 9)).toHaveLength(9);
  });
  it('two pods of one ReplicaSet stay told apart', () => {
    const a = middleEllipsis('frontend-7c9f8d6b5-x2x4k', 9);
    const b = middleEllipsis('frontend-7c9f8d6b5-p9m2d', 9);
    expect(a).not.toBe(b);
    expect(a.endsWith('x2x4k') && b.endsWith('p9m2d')).toBe(true);
  });
  it("a full pod box's name keeps the suffix too", () => {
    expect(middleEllipsis('web-68bf9f69c-x2x4k', POD_NAME_CHARS)).toBe('web-68b…x2x4k');
  });
  it('a name without a short last part keeps its end half', () => {
    expect(middleEllipsis('averyverylongpodname', 9)).toBe('aver…name');
    expect(middleEllipsis('db-abcdefghijkl', 9)).toBe('db-a…ijkl');
  });
});
