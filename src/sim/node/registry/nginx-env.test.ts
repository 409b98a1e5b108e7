// nginx's image Env per release, as the ENV lines of nginx/docker-nginx's Dockerfiles set it (the
// commits named in userland.ts): the Debian images' order (NGINX_VERSION, NJS_VERSION, NJS_RELEASE,
// PKG_RELEASE, DYNPKG_RELEASE), the alpine images' (alpine-slim's NGINX_VERSION, PKG_RELEASE,
// DYNPKG_RELEASE, then alpine's NJS_VERSION, NJS_RELEASE), and the package-version NGINX_VERSION
// of the wheezy and stretch images. A tag runs the release tag-version.ts maps it to.
import { describe, expect, it } from 'vitest';
import { userlandOf } from './userland';

const env = (image: string): Record<string, string> => Object.fromEntries(userlandOf(image).imageEnv);

describe("nginx images' Env follows the tag's release", () => {
  it.each([
    ['nginx:1.7.9', { NGINX_VERSION: '1.7.9-1~wheezy' }],
    ['nginx:1.14.2', { NGINX_VERSION: '1.14.2-1~stretch', NJS_VERSION: '1.14.2.0.2.6-1~stretch' }],
    ['nginx:1.16.1', { NGINX_VERSION: '1.16.1', NJS_VERSION: '0.3.8', PKG_RELEASE: '1~buster' }],
    ['nginx:1.23', { NGINX_VERSION: '1.23.4', NJS_VERSION: '0.7.11', PKG_RELEASE: '1~bullseye' }],
    ['nginx:1.24.0', { NGINX_VERSION: '1.24.0', NJS_VERSION: '0.8.0', PKG_RELEASE: '1~bullseye' }],
    ['nginx:1.25', { NGINX_VERSION: '1.25.5', NJS_VERSION: '0.8.4', NJS_RELEASE: '3~bookworm', PKG_RELEASE: '1~bookworm' }],
    ['nginx:stable', { NGINX_VERSION: '1.26.2', NJS_VERSION: '0.8.5', NJS_RELEASE: '1~bookworm', PKG_RELEASE: '1~bookworm', DYNPKG_RELEASE: '2~bookworm' }],
    ['nginx:latest', { NGINX_VERSION: '1.27.1', NJS_VERSION: '0.8.5', NJS_RELEASE: '1~bookworm', PKG_RELEASE: '1~bookworm', DYNPKG_RELEASE: '2~bookworm' }],
    ['nginx:1.25-alpine', { NGINX_VERSION: '1.25.5', PKG_RELEASE: '1', NJS_VERSION: '0.8.4', NJS_RELEASE: '3' }],
    ['nginx:alpine', { NGINX_VERSION: '1.27.1', PKG_RELEASE: '1', DYNPKG_RELEASE: '2', NJS_VERSION: '0.8.5', NJS_RELEASE: '1' }],
  ])('%s', (image, expected) => {
    expect(env(image)).toEqual(expected);
  });

  it('keeps the Dockerfiles\' order: Debian njs before PKG_RELEASE, alpine-slim\'s lines before alpine\'s', () => {
    expect(userlandOf('nginx:1.27.1').imageEnv.map(([k]) => k)).toEqual(['NGINX_VERSION', 'NJS_VERSION', 'NJS_RELEASE', 'PKG_RELEASE', 'DYNPKG_RELEASE']);
    expect(userlandOf('nginx:1.27.1-alpine').imageEnv.map(([k]) => k)).toEqual(['NGINX_VERSION', 'PKG_RELEASE', 'DYNPKG_RELEASE', 'NJS_VERSION', 'NJS_RELEASE']);
  });
});
