// Source: k8s.io/apimachinery/pkg/api/resource/quantity.go (ParseQuantity rounds up to 1m;
// CanonicalizeBytes prints BinarySI only for whole values >= 1024, else DecimalSI).
import { describe, expect, it } from 'vitest';
import { canonicalQuantity, compareQuantity, parseQuantity } from './quantity';

describe('quantity', () => {
  it.each([
    ['500m', '500m'],
    ['0.5', '500m'],
    ['1000m', '1'],
    ['2', '2'],
    ['1500m', '1500m'],
    ['1000', '1k'],
    ['128Mi', '128Mi'],
    ['1.5Gi', '1536Mi'],
    ['1024Mi', '1Gi'],
    ['0.5Ki', '512'],
    ['1000Ki', '1000Ki'],
    ['100M', '100M'],
    ['129e6', '129e6'],
    ['0.0001', '1m'],
    ['0', '0'],
  ])('%s prints canonically as %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
  });

  it('compares across suffixes', () => {
    expect(compareQuantity(parseQuantity('1Gi')!, parseQuantity('1000Mi')!)).toBe(1);
    expect(compareQuantity(parseQuantity('500m')!, parseQuantity('0.5')!)).toBe(0);
  });

  it('rejects malformed quantities', () => {
    expect(parseQuantity('abc')).toBeUndefined();
    expect(parseQuantity('1Xi')).toBeUndefined();
  });
});
