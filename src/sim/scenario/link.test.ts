import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { base64url, builtinLink, decodeLink, encodeRunLink, fromBase64url, looksLikeLink, MAX_LINK_CHARS } from './link';

// Issue 10: a run shared as a link must come back exactly, and a link is hostile input (size
// limits before and after decompression, strict fields, the scenario's own strict parser).

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: shared}
spec:
  seed: 7
  steps:
    - {at: 1s, run: kubectl run web --image=nginx:1.25}
    - {at: 5s, kill: node/worker-2}
`;

function raw(json: string): string {
  return `run=${base64url(deflateSync(strToU8(json)))}`;
}

function error(input: string): string {
  const d = decodeLink(input);
  return 'error' in d ? d.error : 'decoded';
}

describe('base64url', () => {
  it('round-trips every length', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
      expect(fromBase64url(base64url(bytes))).toEqual(bytes);
    }
  });
});

describe('run links', () => {
  it('give back the scenario, the moment and the view, from a URL, a #fragment or a bare fragment', () => {
    const fragment = encodeRunLink({ scenario: SCENARIO, at: 42_123.456, view: { follow: 'pod/default/web', panel: 'events' } });
    for (const input of [`http://127.0.0.1:4173/#${fragment}`, `#${fragment}`, fragment]) {
      const d = decodeLink(input);
      expect(d).toMatchObject({ kind: 'run', link: { scenario: SCENARIO, at: 42_123.456, view: { follow: 'pod/default/web', panel: 'events' } } });
      if ('kind' in d && d.kind === 'run') expect(d.scenario.steps.map((s) => s.kind)).toEqual(['run', 'kill']);
    }
    expect(looksLikeLink(`http://127.0.0.1:4173/#${fragment}`)).toBe(true);
    expect(looksLikeLink('public/scenarios/default.yaml')).toBe(false);
  });

  it('names built-in scenarios, optionally with a moment', () => {
    expect(decodeLink('#scenario=etcd-quorum-loss')).toEqual({ kind: 'builtin', name: 'etcd-quorum-loss' });
    expect(decodeLink(builtinLink('etcd-quorum-loss', 42_000))).toEqual({ kind: 'builtin', name: 'etcd-quorum-loss', at: 42_000 });
    expect(decodeLink('#scenario=etcd-quorum-loss&at=1m30s')).toEqual({ kind: 'builtin', name: 'etcd-quorum-loss', at: 90_000 });
    expect(error('#scenario=../../etc/passwd')).toBe('"../../etc/passwd" is not the name of a built-in scenario');
    // Lessons and incident drills live in their own folders; no other folder and no climbing out.
    expect(decodeLink('#scenario=lessons/1-containers&step=process')).toEqual({ kind: 'builtin', name: 'lessons/1-containers' });
    expect(error('#scenario=lessons/../default')).toBe('"lessons/../default" is not the name of a built-in scenario');
    expect(error('#scenario=other/x')).toBe('"other/x" is not the name of a built-in scenario');
  });

  it('say what is wrong with a truncated, damaged, foreign or oversized link', () => {
    const good = encodeRunLink({ scenario: SCENARIO, at: 1000, view: {} });
    expect(error(good.slice(0, good.length - 20))).toMatch(/^the link is damaged/);
    expect(error('#run=%%%')).toMatch(/characters a link cannot have/);
    expect(error('#foo=bar')).toBe('this is not a Kubeplay link: it has neither #run= nor #scenario=');
    expect(error(`#run=${'A'.repeat(MAX_LINK_CHARS)}`)).toMatch(/the most Kubeplay opens is/);
    expect(error(raw('[1,2]'))).toBe('the link is damaged: expected an object');
    expect(error(raw('not json'))).toBe('the link is damaged: what it holds is not JSON');
  });

  it('refuses a decompression bomb before it is unpacked whole', () => {
    const bomb = raw(JSON.stringify({ v: 1, scenario: 'x'.repeat(5 * 1024 * 1024), at: 0 }));
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    expect(error(bomb)).toMatch(/unpacks to more than \d+ bytes/);
  });

  it('takes only its own fields: no __proto__, no unknown view keys, no script', () => {
    expect(error(raw(`{"v":1,"scenario":${JSON.stringify(SCENARIO)},"at":0,"__proto__":{"polluted":true}}`))).toBe('the link has an unknown field "__proto__"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(error(raw(`{"v":1,"scenario":${JSON.stringify(SCENARIO)},"at":0,"constructor":{"prototype":{"polluted":true}}}`))).toBe('the link has an unknown field "constructor"');
    expect(error(raw(JSON.stringify({ v: 1, scenario: SCENARIO.replace('seed: 7', 'seed: 7\n  __proto__: {polluted: true}'), at: 0 })))).toMatch(/^the scenario in the link is invalid: link:\d+:\d+: spec: unknown field "__proto__"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(error(raw(JSON.stringify({ v: 1, scenario: SCENARIO, at: 0, view: { onload: 'alert(1)' } })))).toBe('view: unknown field "onload"');
    expect(error(raw(JSON.stringify({ v: 2, scenario: SCENARIO, at: 0 })))).toBe('the link is of version 2; this Kubeplay opens version 1');
    expect(error(raw(JSON.stringify({ v: 1, scenario: SCENARIO, at: -5 })))).toMatch(/^at: expected/);
  });

  it('parses the scenario inside with the same strict parser as files', () => {
    const bad = SCENARIO.replace('kill: node/worker-2', 'explode: now');
    expect(error(encodeRunLink({ scenario: bad, at: 0, view: {} }))).toMatch(/^the scenario in the link is invalid: link:\d+:\d+: spec\.steps\[1\]: unknown step kind "explode"/);
  });
});
