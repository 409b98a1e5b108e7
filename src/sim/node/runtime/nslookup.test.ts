// Which nslookup an image ships decides what `kubectl exec POD -- nslookup NAME` prints: busybox
// 1.28 and older (getaddrinfo-based, the init-containers and DNS docs pages' busybox:1.28), busybox
// 1.29 and later (its own DNS client: networking/nslookup.c send_queries), and bind's nslookup in
// Debian's dnsutils (registry.k8s.io/e2e-test-images/jessie-dnsutils, the "Debugging DNS
// Resolution" page's image). Images without nslookup have none.
import { describe, expect, it } from 'vitest';
import { nslookupCommand, nslookupVariant } from './nslookup';

describe('nslookup variants by image', () => {
  it.each([
    ['busybox:1.28', 'busybox-1.28'],
    ['docker.io/library/busybox:1.28', 'busybox-1.28'],
    ['registry.k8s.io/busybox:1.24', 'busybox-1.28'],
    ['busybox:1.36', 'busybox-1.36'],
    ['busybox', 'busybox-1.36'],
    ['alpine:3.20', 'busybox-1.36'],
    ['registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3', 'bind'],
    ['nginx:1.27', undefined],
  ])('%s has %s', (image, variant) => {
    expect(nslookupVariant(image)).toBe(variant);
  });

  it('runs a lone nslookup, or sh -c with just that command, and nothing longer', () => {
    const has = (): boolean => true;
    const words = (s: string): string[] => s.split(' ');
    expect(nslookupCommand(['nslookup', 'web'], has, words)).toEqual(['web']);
    expect(nslookupCommand(['sh', '-c', 'nslookup web.default'], has, words)).toEqual(['web.default']);
    expect(nslookupCommand(['sh', '-c', 'nslookup web; echo done'], has, words)).toBeUndefined();
    expect(nslookupCommand(['nslookup', 'web'], () => false, words)).toBeUndefined();
  });
});
