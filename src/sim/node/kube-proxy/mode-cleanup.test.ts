// What kube-proxy does to the rules of another mode when it starts (cmd/kube-proxy/app/server_linux.go
// platformCleanup, v1.31: "Clean up iptables and ipvs rules if switching to nftables", "Clean up
// nftables rules when switching to iptables or ipvs"), and how it reads its mode from the config
// file the kubelet wrote for its pod (--config=/var/lib/kube-proxy/config.conf).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../../config';
import { RecordingEffects } from '../../kernel/recording-effects';
import { kubeProxyConfigConf } from './configmap';
import { afterCleanup, CONFIG_FILE, KUBE_PROXY_CREDENTIALS, kubeProxy, type KernelRules, type KubeProxyState } from './kube-proxy';
import type { ProxyMode, ProxyRules } from './rules';

const rules = (mode: ProxyMode): ProxyRules => ({ mode, services: [{ name: 'default/web', protocol: 'tcp', clusterIP: '10.96.0.5', port: 80, chain: 'KUBE-SVC-X', endpoints: [{ chain: 'KUBE-SEP-Y', ip: '10.244.1.2', port: 80 }] }] });

describe('platformCleanup on a mode change', () => {
  it.each([
    ['iptables', 'ipvs', [], ['iptables']],
    ['ipvs', 'iptables', [], ['ipvs']],
    ['iptables', 'nftables', [], []],
    ['ipvs', 'nftables', ['iptables'], []],
    ['nftables', 'iptables', [], []],
    ['nftables', 'ipvs', [], []],
  ] as [ProxyMode, ProxyMode, ProxyMode[], ProxyMode[]][])('%s -> %s (leftover %j) keeps %j of the old rules', (from, to, leftover, kept) => {
    const persisted: KernelRules = { rules: rules(from), leftover: leftover.map(rules) };
    const r = afterCleanup(to, persisted);
    expect(r.rules).toEqual({ mode: to, services: [] });
    expect(r.leftover.map((x) => x.mode)).toEqual(kept);
  });

  it('a restart in the same mode keeps its own rules until the first sync', () => {
    expect(afterCleanup('nftables', { rules: rules('nftables') }).rules).toEqual(rules('nftables'));
  });
});

describe('kube-proxy start', () => {
  const config = { nodeName: 'worker-1', apiserver: 'kube-apiserver', credentials: KUBE_PROXY_CREDENTIALS, mode: 'iptables' as const, timings: DEFAULT_TIMINGS, nodeIP: '10.0.0.11' };
  const ctxWith = (conf: string | undefined): RecordingEffects => {
    const ctx = new RecordingEffects({ self: 'kube-proxy/worker-1', host: 'worker-1', now: 5000 });
    if (conf !== undefined) ctx.hostDataByKind.kubelet = { processPodFiles: { 'kube-proxy/worker-1': { [CONFIG_FILE]: conf } } };
    return ctx;
  };

  it('takes the mode from the config file the kubelet wrote, over the one it was installed with', () => {
    const ctx = ctxWith(kubeProxyConfigConf('ipvs', '10.244.0.0/16'));
    const s = kubeProxy.start(ctx, { config, persisted: { rules: rules('iptables') }, incarnation: 2 }) as KubeProxyState;
    expect(s.config.mode).toBe('ipvs');
    expect(s.leftover.map((r) => r.mode)).toEqual(['iptables']);
    expect(ctx.failures).toEqual([]);
  });

  it('without a file (at boot, before its pod exists) runs the mode kubeadm installed', () => {
    const s = kubeProxy.start(ctxWith(undefined), { config, persisted: undefined, incarnation: 1 }) as KubeProxyState;
    expect(s.config.mode).toBe('iptables');
  });

  it('an invalid mode: logs "command failed" as component-base/cli/run.go does and exits 1, leaving the kernel as it was', () => {
    const ctx = ctxWith(kubeProxyConfigConf('nftables', '10.244.0.0/16').replace('mode: nftables', 'mode: IPVS'));
    kubeProxy.start(ctx, { config, persisted: { rules: rules('iptables') }, incarnation: 2 });
    expect(ctx.failures).toEqual([1]);
    expect(ctx.logs).toEqual([
      'E0813 09:00:05.000000       1 run.go:72] "command failed" err="failed validate: KubeProxyConfiguration.Mode.ProxyMode: Invalid value: \\"IPVS\\": must be iptables, ipvs, nftables or blank (blank means the best-available proxy [currently iptables])"',
    ]);
    expect(ctx.persisted).toBeUndefined();
  });
});
