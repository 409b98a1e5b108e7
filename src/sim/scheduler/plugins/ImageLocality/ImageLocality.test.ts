import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing';
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
});
