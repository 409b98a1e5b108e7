import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing';
import { makePodInfo } from '../../framework/nodeinfo';
import { nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { ImageLocality, normalizedImageName } from './ImageLocality';

// Source: plugins/imagelocality/image_locality.go (23 MB to 1000 MB per container, scaled by spread).
describe('ImageLocality', () => {
  it('adds :latest to an untagged image', () => {
    expect(normalizedImageName('nginx')).toBe('nginx:latest');
    expect(normalizedImageName('registry:5000/app')).toBe('registry:5000/app:latest');
    expect(normalizedImageName('nginx:1.25')).toBe('nginx:1.25');
  });

  it('scores a node that has a large image above one that has none', () => {
    const MB = 1024 * 1024;
    const has = nodeInfoOf(makeNode('a', { images: [{ names: ['nginx:1.25'], sizeBytes: 500 * MB }] }));
    const none = nodeInfoOf(makeNode('b'));
    // 500 MB * (1 of 2 nodes) = 250 MB -> 100 * (250 - 23) / (1000 - 23) = 23.
    expect(scoreAll(ImageLocality, makePod('p', { image: 'nginx:1.25' }), [has, none]).raw).toEqual([23, 0]);
  });

  // Source: image_locality.go scaledImageScore reads ImageStateSummary.NumNodes, kept by the
  // scheduler cache for the whole cluster (snapshot.ts imageNumNodes), not counted per cycle.
  it("reads the image's spread from the snapshot's counts when the cycle has them", () => {
    const MB = 1024 * 1024;
    const has = nodeInfoOf(makeNode('a', { images: [{ names: ['nginx:1.25'], sizeBytes: 500 * MB }] }));
    const none = nodeInfoOf(makeNode('b'));
    const ctx = { pod: makePodInfo(makePod('p', { image: 'nginx:1.25' })), nodes: [has, none], havePodsWithRequiredAntiAffinity: [], state: {}, imageNumNodes: new Map([['nginx:1.25', 2]]) };
    // 500 MB * (2 of 2 nodes) = 500 MB -> 100 * (500 - 23) / (1000 - 23) = 48.
    expect(ImageLocality.score!(ctx, has)).toBe(48);
  });
});
