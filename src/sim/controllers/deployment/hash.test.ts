import { describe, expect, it } from 'vitest';
import { computeHash, safeEncodeString } from './hash';

// pkg/controller/controller_utils.go ComputeHash; k8s.io/apimachinery/pkg/util/rand SafeEncodeString.
describe('computeHash', () => {
  it('is the same for the same template whatever the key order', () => {
    const a = computeHash({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'n', image: 'nginx:1.25' }] } });
    const b = computeHash({ spec: { containers: [{ image: 'nginx:1.25', name: 'n' }] }, metadata: { labels: { app: 'web' } } });
    expect(a).toBe(b);
    expect(a).toMatch(/^[4-9bcdf]{6,10}$/);
  });

  it('changes when the image changes', () => {
    const t = (image: string): string => computeHash({ spec: { containers: [{ name: 'n', image }] } });
    expect(t('nginx:1.25')).not.toBe(t('nginx:1.26'));
  });

  it('encodes decimal digits as SafeEncodeString does', () => {
    // '0' is char code 48, 48 % 27 = 21 -> '4'; '1' -> 49 % 27 = 22 -> '5'; '9' -> 57 % 27 = 3 -> 'f'.
    expect(safeEncodeString('019')).toBe('45f');
  });
});
