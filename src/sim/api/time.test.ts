// metav1.Time is RFC 3339 with whole seconds (k8s.io/apimachinery/pkg/apis/meta/v1/time.go,
// RFC3339 format "2006-01-02T15:04:05Z07:00" in UTC). rfc3339 keeps the last second's text: these
// cases go back and forth between seconds and change the epoch, where a cache could go stale.
import { afterEach, describe, expect, it } from 'vitest';
import { setSimEpoch } from '../../apimachinery/epoch';
import { rfc3339 } from './time';

afterEach(() => setSimEpoch(undefined));

describe('rfc3339', () => {
  it('writes whole seconds, truncating the milliseconds, back and forth', () => {
    setSimEpoch(Date.parse('2024-08-13T09:00:00Z'));
    const at = [0, 999, 1000, 5_500, 999, 61_000, -1].map(rfc3339);
    expect(at).toEqual(['2024-08-13T09:00:00Z', '2024-08-13T09:00:00Z', '2024-08-13T09:00:01Z', '2024-08-13T09:00:05Z', '2024-08-13T09:00:00Z', '2024-08-13T09:01:01Z', '2024-08-13T08:59:59Z']);
  });

  it('follows a new epoch for the same simulated time', () => {
    setSimEpoch(Date.parse('2024-08-13T09:00:00Z'));
    expect(rfc3339(1000)).toBe('2024-08-13T09:00:01Z');
    setSimEpoch(Date.parse('2030-01-01T00:00:00Z'));
    expect(rfc3339(1000)).toBe('2030-01-01T00:00:01Z');
  });
});
