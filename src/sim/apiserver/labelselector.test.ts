// Label selector strings as k8s.io/apimachinery/pkg/labels.Parse reads them.
import { describe, expect, it } from 'vitest';
import { matchesLabels, parseLabelSelector } from './labelselector';

describe('label selectors', () => {
  const labels = { app: 'web', tier: 'front' };
  const cases: [string, boolean][] = [
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app!=web', false],
    ['app=web,tier=back', false],
    ['tier in (front,back)', true],
    ['tier notin (front)', false],
    ['app', true],
    ['!canary', true],
    ['!app', false],
    ['app in (web),!canary,tier', true],
  ];
  it.each(cases)('%s selects {app: web, tier: front}: %s', (sel, want) => {
    const reqs = parseLabelSelector(sel);
    if (typeof reqs === 'string') throw new Error(reqs);
    expect(matchesLabels(labels, reqs)).toBe(want);
  });
});
