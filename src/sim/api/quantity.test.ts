import { describe, expect, it } from 'vitest';
import {
  ERR_FORMAT_WRONG,
  ERR_NUMERIC,
  ERR_SUFFIX,
  canonicalQuantity,
  compareQuantity,
  formatBytes,
  formatCpuMillis,
  parseBytes,
  parseCpuMillis,
  parseQuantity,
  quantityError,
  tryParseQuantity,
} from './quantity';

// Source: k8s.io/apimachinery/pkg/api/resource quantity.go, suffix.go and quantity_test.go.
describe('parseQuantity', () => {
  it.each([
    ['500m', 500],
    ['1', 1000],
    ['1.5', 1500],
    ['0.1m', 1],
    ['2e3', 2_000_000],
    ['1k', 1_000_000],
    ['1M', 1_000_000_000],
    ['0', 0],
    ['-1', -1000],
    ['1.', 1000],
  ])('reads %s as %d milli-units', (s, milli) => {
    expect(parseQuantity(s).value).toBe(milli);
  });

  it.each([
    ['128Mi', 134_217_728],
    ['1Gi', 1_073_741_824],
    ['1G', 1_000_000_000],
    ['1.5Gi', 1_610_612_736],
    ['1.5', 2],
    ['64974848Ki', 64974848 * 1024],
  ])('reads %s as %d bytes', (s, bytes) => {
    expect(parseBytes(s)).toBe(bytes);
  });

  it('reads CPU in millis', () => {
    expect(parseCpuMillis('250m')).toBe(250);
    expect(parseCpuMillis('2')).toBe(2000);
  });

  it.each([
    ['', ERR_FORMAT_WRONG],
    ['abc', ERR_FORMAT_WRONG],
    ['1 Gi', ERR_FORMAT_WRONG],
    ['1Gx', ERR_FORMAT_WRONG],
    ['1mi', ERR_SUFFIX],
    ['1e', ERR_SUFFIX],
    ['.', ERR_NUMERIC],
  ])('rejects %j with the apimachinery error', (s, msg) => {
    expect(quantityError(s)).toBe(msg);
    expect(() => parseQuantity(s)).toThrow(msg);
  });

  it('reads zero with an absurd exponent as zero, without building the power (property test, CI 2026-12-02: "0e999999999")', () => {
    expect(parseQuantity('0e999999999').value).toBe(0);
    expect(parseQuantity('-0.000E-999999999').value).toBe(0);
    expect(parseQuantity('00.0Ei').value).toBe(0);
  });

  it('names the regular expression the apiserver prints', () => {
    expect(ERR_FORMAT_WRONG).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
  });
});

describe('formatQuantity', () => {
  it.each([
    ['100m', '100m'],
    ['1000m', '1'],
    ['0.5', '500m'],
    ['1.5', '1500m'],
    ['2000', '2k'],
    ['1500', '1500'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1.5Gi', '1536Mi'],
    ['512', '512'],
    ['2e3', '2e3'],
    ['1000k', '1M'],
    // The forms LimitRanger's messages print (plugin/pkg/admission/limitranger).
    ['500m', '500m'],
    ['1000', '1k'],
    ['0.5Ki', '512'],
    ['1000Ki', '1000Ki'],
    ['100M', '100M'],
    ['129e6', '129e6'],
    ['0.0001', '1m'],
    ['0', '0'],
  ])('prints %s canonically as %s', (s, out) => {
    expect(canonicalQuantity(s)).toBe(out);
  });

  it('prints milli-CPU and bytes', () => {
    expect(formatCpuMillis(100)).toBe('100m');
    expect(formatCpuMillis(2000)).toBe('2');
    expect(formatBytes(134_217_728)).toBe('128Mi');
    expect(formatBytes(1000)).toBe('1k'); // under 1024 a BinarySI quantity prints as DecimalSI
    expect(formatBytes(1500)).toBe('1500');
  });
});

describe('compareQuantity and tryParseQuantity', () => {
  it('compares across suffixes and formats', () => {
    expect(compareQuantity(parseQuantity('1Gi'), parseQuantity('1000Mi'))).toBe(1);
    expect(compareQuantity(parseQuantity('500m'), parseQuantity('0.5'))).toBe(0);
    expect(compareQuantity(parseQuantity('1k'), parseQuantity('1Ki'))).toBe(-1);
  });

  it('answers undefined for a malformed quantity instead of throwing', () => {
    expect(tryParseQuantity('abc')).toBeUndefined();
    expect(tryParseQuantity('1Xi')).toBeUndefined();
    expect(tryParseQuantity('128Mi')).toEqual({ value: 134_217_728_000, format: 'BinarySI' });
  });
});
