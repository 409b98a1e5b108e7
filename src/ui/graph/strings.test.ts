import { describe, expect, it } from 'vitest';
import { GRAPH_STRINGS } from './strings';

// Issue 11: "Russian covers the whole UI ... russian plural forms where counts appear" (CLDR ru:
// one 1, 21; few 2-4; many 5-20), and the genitive after «от» ("cut from 3 hosts").

const { en, ru } = GRAPH_STRINGS;

describe('the graph strings', () => {
  it('count pods, endpoints and members with the right Russian form', () => {
    expect([1, 3, 5, 21].map((n) => ru.morePods(n))).toEqual(['ещё 1 под', 'ещё 3 пода', 'ещё 5 подов', 'ещё 21 под']);
    expect(ru.etcdClusterOf(3, 2)).toBe('кластер etcd (3 члена, кворум 2)');
    expect(ru.etcdClusterOf(5, 3)).toBe('кластер etcd (5 членов, кворум 3)');
    expect(ru.cutFrom(ru.hosts(2))).toBe('✂ отрезан от 2 хостов');
    expect(ru.cutFrom(ru.hosts(21))).toBe('✂ отрезан от 21 хоста');
  });

  it('count in English with one and other', () => {
    expect([1, 2].map((n) => en.endpoints(n))).toEqual(['1 endpoint', '2 endpoints']);
    expect([1, 4].map((n) => en.morePods(n))).toEqual(['+1 more pod', '+4 more pods']);
    expect(en.etcdClusterOf(3, 2)).toBe('etcd cluster (3 members, quorum 2)');
  });

  it('has a Russian text for every role, fact name and React Flow control the English side names', () => {
    for (const role of Object.keys(en.etcdRoleText) as (keyof typeof en.etcdRoleText)[]) {
      if (en.etcdRoleText[role]) expect(ru.etcdRoleText[role], role).toMatch(/[а-я]/);
      if (en.etcdRoleHint[role]) expect(ru.etcdRoleHint[role], role).toMatch(/[а-я]/);
    }
    for (const key of ['controls.zoomIn.ariaLabel', 'controls.zoomOut.ariaLabel', 'controls.fitView.ariaLabel'] as const) expect(ru.flow[key], key).toMatch(/[а-я]/i);
  });
});
