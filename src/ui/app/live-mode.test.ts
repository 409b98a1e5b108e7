// Issue 17 point 6: the page opened through `kubectl proxy --www-prefix=/kubeplay/` is in live mode
// when the proxy's API answers `GET /api` with APIVersions (what kube-apiserver serves there:
// `kubectl get --raw /api`); `?live` forces it; `npm start`'s page at / never asks.

import { describe, expect, it } from 'vitest';
import { detectLive, mayBeLive } from './live-mode';

const at = (href: string) => {
  const u = new URL(href);
  return { href: u.href, pathname: u.pathname, search: u.search };
};
const apiVersions = { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '10.0.0.1:6443' }] };
const answering = (status: number, body: unknown) => {
  const asked: string[] = [];
  const get = (u: string) => {
    asked.push(u);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return { asked, get };
};

describe('live mode detection', () => {
  it('is live under /kubeplay/ when ../api answers APIVersions, asking /api of the same origin', async () => {
    const api = answering(200, apiVersions);
    expect(await detectLive(at('http://127.0.0.1:8001/kubeplay/'), api.get)).toBe(true);
    expect(api.asked).toEqual(['http://127.0.0.1:8001/api']);
  });

  it('is not live under /kubeplay/ when /api answers something else, an error, or nothing', async () => {
    expect(await detectLive(at('http://127.0.0.1:8001/kubeplay/'), answering(200, { kind: 'Status' }).get)).toBe(false);
    expect(await detectLive(at('http://127.0.0.1:8001/kubeplay/'), answering(404, apiVersions).get)).toBe(false);
    expect(await detectLive(at('http://127.0.0.1:8001/kubeplay/'), () => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('never asks the API for the page npm start serves at /, and is live with ?live without asking', async () => {
    const api = answering(200, apiVersions);
    expect(mayBeLive(at('http://127.0.0.1:4173/'))).toBe(false);
    expect(await detectLive(at('http://127.0.0.1:4173/'), api.get)).toBe(false);
    expect(await detectLive(at('http://127.0.0.1:4173/?live'), api.get)).toBe(true);
    expect(api.asked).toEqual([]);
  });
});

describe('live mode words', () => {
  it('explains the same unavailable tabs in English and Russian', async () => {
    const { LIVE_STRINGS } = await import('./live-strings');
    expect(Object.keys(LIVE_STRINGS.ru.tabUnavailable).sort()).toEqual(Object.keys(LIVE_STRINGS.en.tabUnavailable).sort());
    expect(LIVE_STRINGS.en.marker('127.0.0.1:8001')).toBe('Live: read-only view of 127.0.0.1:8001');
    expect(LIVE_STRINGS.ru.marker('127.0.0.1:8001')).toContain('127.0.0.1:8001');
    expect(LIVE_STRINGS.ru.note).not.toBe(LIVE_STRINGS.en.note);
  });
});
