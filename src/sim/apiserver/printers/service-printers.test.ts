// Cases follow printService and printEndpointSlice in kubernetes pkg/printers/internalversion/
// printers.go (makePortString, getServiceExternalIP, formatDiscoveryPorts/Endpoints, listWithMoreString).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { printerFor, servicePorts } from './tables';

const NOW = 600_000;

function svc(spec: Record<string, unknown>, status: Record<string, unknown> = { loadBalancer: {} }): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', creationTimestamp: rfc3339(0) }, spec, status };
}

function slice(ports: unknown[], addresses: string[]): KubeObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'web-x7k2p', namespace: 'default', creationTimestamp: rfc3339(0) },
    addressType: 'IPv4',
    ports,
    endpoints: addresses.map((a) => ({ addresses: [a] })),
  };
}

describe('kubectl get services (printService)', () => {
  it.each([
    ['a ClusterIP Service', svc({ type: 'ClusterIP', clusterIP: '10.96.45.7', ports: [{ port: 80, protocol: 'TCP' }], selector: { app: 'web' } }), ['web', 'ClusterIP', '10.96.45.7', '<none>', '80/TCP', '10m', 'app=web']],
    ['a NodePort Service with two ports', svc({ type: 'NodePort', clusterIP: '10.96.45.7', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }, { port: 53, protocol: 'UDP', nodePort: 30053 }] }), ['web', 'NodePort', '10.96.45.7', '<none>', '80:30080/TCP,53:30053/UDP', '10m', '<none>']],
    ['a LoadBalancer still waiting for its address', svc({ type: 'LoadBalancer', clusterIP: '10.96.45.7', ports: [{ port: 80, protocol: 'TCP', nodePort: 31000 }] }), ['web', 'LoadBalancer', '10.96.45.7', '<pending>', '80:31000/TCP', '10m', '<none>']],
    ['a headless Service', svc({ type: 'ClusterIP', clusterIP: 'None', selector: { app: 'web' } }), ['web', 'ClusterIP', 'None', '<none>', '<none>', '10m', 'app=web']],
  ])('%s', (_name, obj, cells) => {
    expect(printerFor('services').row(obj, NOW, true)).toEqual(cells);
  });

  it('prints no ports as <none>', () => {
    expect(servicePorts([])).toBe('<none>');
  });
});

describe('kubectl get endpointslices (printEndpointSlice)', () => {
  it.each([
    ['a slice with three endpoints', slice([{ name: '', port: 80, protocol: 'TCP' }], ['10.244.1.2', '10.244.2.2', '10.244.3.2']), ['web-x7k2p', 'IPv4', '80', '10.244.1.2,10.244.2.2,10.244.3.2', '10m']],
    ['a slice with five endpoints shows three and a count', slice([{ port: 80 }, { port: 443 }], ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5']), ['web-x7k2p', 'IPv4', '80,443', '10.0.0.1,10.0.0.2,10.0.0.3 + 2 more...', '10m']],
    ['an empty placeholder slice', slice([], []), ['web-x7k2p', 'IPv4', '<unset>', '<unset>', '10m']],
  ])('%s', (_name, obj, cells) => {
    expect(printerFor('endpointslices').row(obj, NOW, false)).toEqual(cells);
  });
});
