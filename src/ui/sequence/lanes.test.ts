// Issue 11, "Russian covers the whole UI": the diagram's lanes keep the names Kubernetes gives its
// components (the seed writes kube-apiserver, etcd, kubelet as they are), and say the app's own
// words (kube-apiserver's stages, "controller") in the page's language; the seed's chapter 2 names
// the stages in Russian (Аутентификация, Авторизация, Admission Control, Валидация, Сохранение).

import { describe, expect, it } from 'vitest';
import { buildLanes, localizeLanes } from './lanes';
import { labelWidth, layoutSequence, STAGE_W } from './layout';
import type { SequenceModel } from './model';
import { SEQ_STRINGS } from './strings';

const lanes = buildLanes({
  processes: ['kubectl', 'kubelet/worker-1', 'containerd/worker-1', 'cni/worker-1'],
  etcdMembers: ['etcd/etcd-1', 'etcd/etcd-2'],
  nodes: ['worker-1'],
  controllers: ['deployment', 'replicaset'],
  etcdRoles: { 'etcd/etcd-1': 'leader' },
});
const ru = localizeLanes(lanes, SEQ_STRINGS.ru.lanes);
/** A model with the lanes only: the lane widths do not depend on the rows. */
const model = { rootId: 1, command: '$ kubectl run web --image=nginx:1.25', start: 0, lanes, arrows: [], bands: [], raft: [], truncated: false, outcome: { kind: 'in-progress', done: false, failed: false, phases: 0, duration: 0 } } satisfies SequenceModel;
const byId = (ls: typeof lanes, id: string) => ls.find((l) => l.id === id)!;

describe('the lanes in the page\'s language', () => {
  it('names kube-apiserver\'s stages in Russian, as the seed does, and keeps admission control\'s own name', () => {
    expect(['authentication', 'authorization', 'admission', 'validation', 'storage'].map((s) => byId(ru, `kube-apiserver:${s}`).label)).toEqual([
      'аутентиф.',
      'авториз.',
      'admission',
      'валидация',
      'сохранение',
    ]);
    expect(byId(localizeLanes(lanes, SEQ_STRINGS.en.lanes), 'kube-apiserver:authentication').label).toBe('authn');
  });

  it('says "контроллер" under a controller\'s name and keeps the name', () => {
    expect(byId(ru, 'kube-controller-manager:replicaset')).toMatchObject({ label: 'replicaset', sub: 'контроллер' });
  });

  it('leaves every name as it is: kubectl, the members (the leader starred), the node\'s processes, the registry', () => {
    const names = (ls: typeof lanes) => ls.filter((l) => !l.stage && !l.controller).map((l) => [l.id, l.label, l.sub]);
    expect(names(ru)).toEqual(names(lanes));
    expect(byId(ru, 'etcd/etcd-1')).toMatchObject({ label: 'etcd', sub: 'etcd-1 ★' });
    expect(byId(ru, 'kubelet/worker-1')).toMatchObject({ label: 'kubelet', sub: 'worker-1' });
  });

  it('gives each stage lane room for its name in either language, with a gap to the next (12 px bold; Cyrillic is wider)', () => {
    for (const lang of ['en', 'ru'] as const) {
      const stages = layoutSequence({ ...model, lanes: localizeLanes(lanes, SEQ_STRINGS[lang].lanes) }, () => '').lanes.filter((b) => b.lane.stage);
      for (const box of stages) expect(labelWidth(box.lane.label) + 6, `${lang}: ${box.lane.label}`).toBeLessThanOrEqual(box.width);
    }
    expect(labelWidth('сохранение')).toBeGreaterThan(labelWidth('validation'));
    // English keeps the narrow stage lanes it had.
    const en = layoutSequence({ ...model, lanes: localizeLanes(lanes, SEQ_STRINGS.en.lanes) }, () => '').lanes.filter((b) => b.lane.stage);
    expect(en.map((b) => b.width)).toEqual([STAGE_W, STAGE_W, STAGE_W, STAGE_W, STAGE_W]);
  });
});
