// Shared links under hostile input (issue 9: every parser a user reaches, a link included, since
// the app opens whatever is in the address bar and `kubeplay run` whatever is pasted). Whatever a
// fragment holds (random text, a real link damaged by copying, any JSON deflated into one, a
// scenario built to exhaust the parser), decodeLink answers with a link or a readable reason,
// quickly, and never touches Object.prototype; a link made by encodeRunLink comes back as it was.

import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { aliasBomb, fuzzRuns, hostileValue, hostileWord, nested, prototypeFingerprint, wallMs } from '../../testing/fuzz';
import { base64url, decodeLink, encodeRunLink, MAX_LINK_CHARS, type DecodedLink } from './link';
import { MAX_PAUSE_AT_MS } from './schema';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: shared}
spec:
  seed: 7
  steps:
    - {at: 1s, run: kubectl run web --image=nginx:1.25}
    - {at: 5s, kill: node/worker-2}
`;

const GOOD = encodeRunLink({ scenario: SCENARIO, at: 42_000, view: { follow: 'pod/default/web', panel: 'events' } });

function decodeTimed(input: string): DecodedLink | { error: string } {
  const start = wallMs();
  const d = decodeLink(input);
  expect(wallMs() - start).toBeLessThan(5_000);
  return d;
}

/** An answer is a decoded link whose fields are in range, or an error a person can read. */
function expectAnswer(d: DecodedLink | { error: string }): void {
  if ('error' in d) {
    expect(typeof d.error).toBe('string');
    expect(d.error.length).toBeGreaterThan(0);
    expect(d.error.length).toBeLessThan(2_000);
    expect(d.error).not.toMatch(/\[object Object\]|Maximum call stack/);
    return;
  }
  if (d.kind === 'builtin') {
    expect(d.name).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/);
    if (d.at !== undefined) expect(Number.isFinite(d.at)).toBe(true);
    return;
  }
  expect(Number.isFinite(d.link.at)).toBe(true);
  expect(d.link.at).toBeGreaterThanOrEqual(0);
  expect(d.link.at).toBeLessThanOrEqual(MAX_PAUSE_AT_MS);
  for (const v of Object.values(d.link.view)) expect(typeof v).toBe('string');
}

function deflated(json: string): string {
  return `run=${base64url(deflateSync(strToU8(json)))}`;
}

/** A real link, damaged the ways copying damages links: cut short, characters changed, dropped or added. */
const damagedLink = fc
  .array(fc.tuple(fc.nat(), fc.constantFrom('cut', 'replace', 'drop', 'insert'), fc.oneof(hostileWord, fc.constantFrom('A', '_', '-', '%', '#', '&', '=', ' '))), { minLength: 1, maxLength: 4 })
  .map((edits) => {
    let text = GOOD;
    for (const [at, op, s] of edits) {
      const i = at % (text.length + 1);
      if (op === 'cut') text = text.slice(0, i);
      else if (op === 'replace') text = text.slice(0, i) + s + text.slice(i + s.length);
      else if (op === 'drop') text = text.slice(0, i) + text.slice(i + 1);
      else text = text.slice(0, i) + s + text.slice(i);
    }
    return text;
  });

/** A fragment of random parts: `key=value` pairs with hostile keys and values, any prefix. */
const randomFragment = fc
  .tuple(
    fc.constantFrom('', '#', 'http://127.0.0.1:4173/#', 'https://x/?a=b#', ' '),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom('run', 'scenario', 'at', 'v'), hostileWord), fc.oneof(hostileWord, fc.base64String({ maxLength: 200 }))), { maxLength: 4 }),
  )
  .map(([prefix, parts]) => prefix + parts.map(([k, v]) => `${k}=${v}`).join('&'));

/** Any JSON deflated into a link: hostile values where the link's fields go, or in place of the whole. */
const anyJson = fc
  .oneof(
    hostileValue,
    fc.record({ v: fc.oneof(fc.constant(1), hostileValue), scenario: fc.oneof(fc.constant(SCENARIO), hostileValue), at: fc.oneof(fc.double(), hostileValue), view: hostileValue }, { requiredKeys: [] }),
  )
  .map((v) => deflated(JSON.stringify(v) ?? 'null'));

/** A well-formed link around a scenario built to exhaust the parser. */
const exhausting = fc
  .oneof(
    fc.tuple(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 3, max: 10 })).map(([l, f]) => SCENARIO + aliasBomb(l, f)),
    fc.integer({ min: 100, max: 50_000 }).map((d) => SCENARIO.replace('seed: 7', `seed: ${nested(d, 'flow-seq')}`)),
    fc.integer({ min: 1, max: 3_000_000 }).map((n) => SCENARIO.replace('name: shared', `name: ${'x'.repeat(n)}`)),
  )
  .map((scenario) => encodeRunLink({ scenario, at: 0, view: {} }));

describe('decodeLink on hostile input', () => {
  it('reads the link it starts from', () => {
    const d = decodeTimed(GOOD);
    expect(d).toMatchObject({ kind: 'run', link: { scenario: SCENARIO, at: 42_000 } });
  });

  it('answers random fragments, damaged links, any JSON and exhausting scenarios with a link or a reason', () => {
    const before = prototypeFingerprint();
    fc.assert(
      fc.property(fc.oneof(randomFragment, damagedLink, anyJson, exhausting, fc.string({ maxLength: 300 })), (input) => expectAnswer(decodeTimed(input))),
      { numRuns: fuzzRuns(300) },
    );
    expect(prototypeFingerprint()).toBe(before);
  });

  it('refuses a scenario that exhausts the parser inside an intact link, naming the scenario', () => {
    const bomb = encodeRunLink({ scenario: SCENARIO + aliasBomb(9, 9), at: 0, view: {} });
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    const d = decodeTimed(bomb);
    expect('error' in d && d.error).toMatch(/^the scenario in the link is invalid: /);
  });

  it('says a version that is not a number is damage (fast-check found "of version [object Object]")', () => {
    expect(decodeTimed('run=q1YqU7Kqrq0FAA')).toEqual({ error: 'the link is damaged: its version is not a number' });
    expect(decodeTimed(deflated(JSON.stringify({ scenario: SCENARIO, at: 0 })))).toEqual({ error: 'the link is damaged: its version is not a number' });
  });

  it('gives back every link encodeRunLink makes: the moment and the view as they were', () => {
    const view = fc.record(
      { follow: fc.string({ maxLength: 256 }), panel: fc.string({ maxLength: 256 }), selected: fc.string({ maxLength: 256 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_PAUSE_AT_MS, noNaN: true }).map((x) => x || 0), view, (at, v) => {
        const d = decodeTimed(encodeRunLink({ scenario: SCENARIO, at, view: v }));
        expect(d).toMatchObject({ kind: 'run', link: { scenario: SCENARIO, at, view: v } });
      }),
      { numRuns: fuzzRuns(100) },
    );
  });
});
