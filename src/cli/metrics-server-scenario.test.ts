// metrics-server.yaml applies the same components.yaml as the headless and serve tests: metrics-server
// v0.7.2's release manifest (kubernetes-sigs/metrics-server manifests/overlays/release at v0.7.2, as
// `kubectl kustomize` builds it) with only `--kubelet-insecure-tls` added, as its README tells kubeadm
// labs to do. An edit to either copy fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRICS_SERVER_COMPONENTS_YAML } from '../sim/node/metrics-server/testdata/components-v0.7.2-kubeadm';
import { parseScenario } from '../sim/scenario/parse';

describe('metrics-server.yaml', () => {
  const parsed = parseScenario(readFileSync(join(__dirname, '../../public/scenarios/metrics-server.yaml'), 'utf8'), 'metrics-server.yaml');
  it('applies the release components.yaml unchanged but for --kubelet-insecure-tls', () => {
    if (!parsed.ok) throw new Error('metrics-server.yaml does not parse');
    const applies = parsed.scenario.steps.flatMap((s) => (s.kind === 'apply' ? [s.manifest] : []));
    expect(applies[0]!.trimEnd()).toBe(METRICS_SERVER_COMPONENTS_YAML.trimEnd());
    const diff = METRICS_SERVER_COMPONENTS_YAML.split('\n').filter((l) => l.includes('--kubelet-insecure'));
    expect(diff).toEqual(['        - --kubelet-insecure-tls']);
    expect(METRICS_SERVER_COMPONENTS_YAML).toContain('image: registry.k8s.io/metrics-server/metrics-server:v0.7.2\n');
  });
});
