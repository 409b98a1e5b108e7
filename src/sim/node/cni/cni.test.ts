import { describe, expect, it } from 'vitest';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { cniPlugin, type CniResponse } from './cni';
import { allocate, createIpam, release } from './ipam';

// Source: containernetworking/plugins plugins/ipam/host-local (range allocation starts after the
// gateway and continues from the last reserved address).
describe('host-local IPAM', () => {
  it('hands out .2, .3, .4 in order from the pod CIDR', () => {
    const s = createIpam('10.244.1.0/24');
    expect([allocate(s, 'a'), allocate(s, 'b'), allocate(s, 'c')]).toEqual(['10.244.1.2', '10.244.1.3', '10.244.1.4']);
  });

  it('does not reuse a released address at once, but continues after the last one given', () => {
    const s = createIpam('10.244.1.0/24');
    allocate(s, 'a');
    allocate(s, 'b');
    release(s, 'a');
    expect(allocate(s, 'c')).toBe('10.244.1.4');
  });

  it('wraps around and fills the gaps when it reaches the end of the range', () => {
    const s = createIpam('10.244.1.0/30'); // .2 is the only usable address
    expect(allocate(s, 'a')).toBe('10.244.1.2');
    expect(allocate(s, 'b')).toBeUndefined();
    release(s, 'a');
    expect(allocate(s, 'b')).toBe('10.244.1.2');
  });

  it('gives the same address again to the same sandbox (ADD is idempotent)', () => {
    const s = createIpam('10.244.2.0/24');
    expect(allocate(s, 'a')).toBe(allocate(s, 'a'));
  });
});

describe('CNI plugin component', () => {
  it('answers CNI ADD with an IP, persists it, and keeps it across a restart', () => {
    const ctx = new RecordingEffects({ self: 'cni/worker-1' });
    const s = cniPlugin.start(ctx, { config: { nodeName: 'worker-1', podCIDR: '10.244.1.0/24' }, persisted: undefined, incarnation: 1 });
    cniPlugin.onMessage(s, testMessage({ type: 'cni.add', containerId: 'abc', podNamespace: 'default', podName: 'web' }, { id: 5 }), ctx);
    const r = ctx.sent[0]!.body as CniResponse;
    expect(r).toMatchObject({ requestId: 5, ok: true, ip: '10.244.1.2', gateway: '10.244.1.1' });
    expect(ctx.sent[0]!.meta.summary).toBe('CNI ADD web -> 10.244.1.2');

    const s2 = cniPlugin.start(ctx, { config: { nodeName: 'worker-1', podCIDR: '10.244.1.0/24' }, persisted: ctx.persisted, incarnation: 2 });
    ctx.clear();
    cniPlugin.onMessage(s2, testMessage({ type: 'cni.add', containerId: 'def', podNamespace: 'default', podName: 'db' }, { id: 6 }), ctx);
    expect((ctx.sent[0]!.body as CniResponse).ip).toBe('10.244.1.3');
  });
});
