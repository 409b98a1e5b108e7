// planHistory against pkg/controller/daemon/update.go constructHistory / cleanupHistory and
// pkg/controller/history (v1.31): a new template is the next revision, a template seen before is
// renumbered rather than duplicated, and revisions beyond revisionHistoryLimit that no pod runs go,
// oldest first.
import { describe, expect, it } from 'vitest';
import { planHistory, revisionTemplate, type ControllerRevision } from './controller-history';

const owner = (limit?: number) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', annotations: { 'kubernetes.io/change-cause': 'why' } },
  spec: { template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'nginx' }] } }, ...(limit !== undefined ? { revisionHistoryLimit: limit } : {}) },
});

const rev = (hash: string, revision: number): ControllerRevision => ({
  apiVersion: 'apps/v1',
  kind: 'ControllerRevision',
  metadata: { name: `agent-${hash}`, namespace: 'default', labels: { 'controller-revision-hash': hash } },
  revision,
});

describe('planHistory', () => {
  it('creates the first revision with the owner\'s labels, annotations and template as a replace patch', () => {
    const [w] = planHistory(owner(), 'aaa', [], new Set());
    expect(w).toMatchObject({
      method: 'POST',
      body: { metadata: { name: 'agent-aaa', labels: { app: 'agent', 'controller-revision-hash': 'aaa' }, annotations: { 'kubernetes.io/change-cause': 'why' } }, revision: 1 },
    });
    expect(revisionTemplate((w as { body: ControllerRevision }).body)).toEqual(owner().spec.template);
  });

  it('gives a new template the highest revision plus one', () => {
    expect(planHistory(owner(), 'ccc', [rev('aaa', 1), rev('bbb', 2)], new Set())).toMatchObject([{ method: 'POST', body: { revision: 3 } }]);
  });

  it('renumbers a template seen before instead of making a second revision, and leaves the newest alone', () => {
    expect(planHistory(owner(), 'aaa', [rev('aaa', 1), rev('bbb', 2)], new Set())).toEqual([{ method: 'PATCH', name: 'agent-aaa', body: { revision: 3 } }]);
    expect(planHistory(owner(), 'bbb', [rev('aaa', 1), rev('bbb', 2)], new Set())).toEqual([]);
  });

  it('deletes the oldest revisions beyond the limit that no pod runs', () => {
    const revisions = [rev('r1', 1), rev('r2', 2), rev('r3', 3), rev('r4', 4)];
    expect(planHistory(owner(1), 'r4', revisions, new Set(['r1']))).toEqual([{ method: 'DELETE', name: 'agent-r2' }]);
  });
});
