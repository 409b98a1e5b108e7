// The names on compact pod chips (issue 11): ellipsis only in the middle, the distinguishing suffix
// whole. Pod names of a Deployment are <deployment>-<pod-template-hash>-<5 random characters>
// (kubernetes.io/docs/concepts/workloads/controllers/deployment/, "pod-template-hash label").
import { describe, expect, it } from 'vitest';
import { CHIP_NAME_CHARS, POD_NAME_CHARS, chipLabel, fitChipLabel, middleEllipsis } from './pod-label';

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

// Static pods' mirror pods are <manifest name>-<node name> (kubernetes.io/docs/tasks/configure-pod-container/static-pod/).
describe('chipLabel', () => {
  it("cuts a static pod's name at its end on its own node, so the component's name stays readable", () => {
    expect(chipLabel('etcd-control-plane', 'control-plane', 17)).toBe('etcd-control-pla…');
    expect(chipLabel('kube-controller-manager-control-plane', 'control-plane', 17)).toBe('kube-controller-…');
    expect(chipLabel('kube-apiserver-control-plane', 'control-plane', 17)).toBe('kube-apiserver-c…');
    expect(chipLabel('etcd-control-plane', 'control-plane', 18)).toBe('etcd-control-plane');
    // The control plane's chips (layout.ts K_CP_CHIP_W) show 10 characters.
    expect(chipLabel('kube-scheduler-control-plane', 'control-plane', 10)).toBe('kube-sche…');
  });
  it("cuts any other pod's name in the middle, keeping the suffix that tells it apart", () => {
    expect(chipLabel('coredns-7db6d8ff4d-q8xzv', 'control-plane', 17)).toBe('coredns-7db…q8xzv');
    expect(chipLabel('web-7c9f8d6b5-x2x4k', 'worker-1', 9)).toBe('web…x2x4k');
    expect(chipLabel('web-7c9f8d6b5-x2x4k', undefined, 9)).toBe('web…x2x4k');
  });
});

// Issue 11: pending chips on compact workers showed "eb…6qqmv": 9 characters were picked for a
// 91-unit chip, the font drew them wider than its room, and the chip clipped the start. The label
// is now picked by its measured width; here a width is a character count, or a table of widths.
describe('fitChipLabel', () => {
  const upTo = (n: number) => (label: string) => label.length <= n;
  it('shows a name that fits whole', () => {
    expect(fitChipLabel('web-0', 'worker-1', upTo(9))).toBe('web-0');
  });
  it('keeps the Deployment name and the random suffix, dropping the ReplicaSet hash first', () => {
    expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', upTo(12))).toBe('web-5d…6qqmv');
    expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', upTo(9))).toBe('web…6qqmv');
  });
  it('then two characters of the start with the suffix whole, then three with the suffix shortened', () => {
    expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', upTo(8))).toBe('we…6qqmv');
    expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', upTo(7))).toBe('web…qmv');
    expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', upTo(5))).toBe('w…qmv');
  });
  it('two pods of one node stay told apart at every width down to a 3-character suffix', () => {
    for (const n of [7, 8, 9, 12]) expect(fitChipLabel('web-5d8f7b6c9-6qqmv', 'w', upTo(n))).not.toBe(fitChipLabel('web-5d8f7b6c9-x2x4k', 'w', upTo(n)));
  });
  it('picks by width, not by count: wide letters leave room for fewer of them', () => {
    const width = (label: string) => [...label].reduce((s, c) => s + (c === 'w' || c === 'm' ? 10 : c === '…' ? 12 : 7.5), 0);
    // 9 characters, the old count for a 91-unit chip, are about 74 px wide here: 70 px of room takes 8.
    expect(width('web…6qqmv')).toBeGreaterThan(70);
    const label = fitChipLabel('web-5d8f7b6c9-6qqmv', 'worker-1', (l) => width(l) <= 70);
    expect(label).toBe('we…6qqmv');
    expect(width(label)).toBeLessThanOrEqual(70);
  });
  it("cuts a static pod's name at its end on its own node", () => {
    expect(fitChipLabel('kube-scheduler-control-plane', 'control-plane', upTo(10))).toBe('kube-sche…');
  });
});
