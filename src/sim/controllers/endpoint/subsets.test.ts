// The endpoints controller's subsets (pkg/controller/endpoint/endpoints_controller.go syncService,
// addEndpointSubset, and endpoints.RepackSubsets): ready pods under addresses sorted by IP, the
// others under notReadyAddresses, terminating and finished pods left out, a named targetPort
// resolved per pod, pods that serve different ports in different subsets.
import { describe, expect, it } from 'vitest';
import type { Service } from '../../api/service';
import type { Pod } from '../../api/types';
import { desiredSubsets } from './subsets';

const svc = (spec: Partial<Service['spec']> = {}): Service => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, protocol: 'TCP', targetPort: 'http' }], ...spec },
});

function pod(name: string, ip: string, opts: { ready?: boolean; port?: number; deleting?: boolean; phase?: string } = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: { app: 'web' }, ...(opts.deleting ? { deletionTimestamp: '2024-08-13T09:00:00Z' } : {}) },
    spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx', ports: [{ name: 'http', containerPort: opts.port ?? 8080 }] }] },
    status: { phase: opts.phase ?? 'Running', podIP: ip, conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
  } as unknown as Pod;
}

const addr = (name: string, ip: string) => ({ ip, nodeName: 'worker-1', targetRef: { kind: 'Pod', name, namespace: 'default', uid: `uid-${name}` } });

describe('desiredSubsets', () => {
  it('puts ready pods under addresses, sorted by IP, and not-ready ones under notReadyAddresses', () => {
    const pods = [pod('b', '10.244.2.5'), pod('a', '10.244.1.9'), pod('c', '10.244.1.3', { ready: false })];
    expect(desiredSubsets(svc(), pods)).toEqual([
      { addresses: [addr('a', '10.244.1.9'), addr('b', '10.244.2.5')], notReadyAddresses: [addr('c', '10.244.1.3')], ports: [{ port: 8080, protocol: 'TCP' }] },
    ]);
  });

  it('leaves out terminating and finished pods, and pods without an IP', () => {
    const pods = [pod('a', '10.244.1.9', { deleting: true }), pod('b', '10.244.2.5', { phase: 'Succeeded' }), pod('c', '')];
    expect(desiredSubsets(svc(), pods)).toEqual([]);
  });

  it('lists a terminating pod as ready when the Service publishes not-ready addresses', () => {
    const pods = [pod('a', '10.244.1.9', { deleting: true, ready: false })];
    expect(desiredSubsets(svc({ publishNotReadyAddresses: true }), pods)).toEqual([{ addresses: [addr('a', '10.244.1.9')], ports: [{ port: 8080, protocol: 'TCP' }] }]);
  });

  it('groups pods whose named port resolves to different numbers into separate subsets', () => {
    const pods = [pod('a', '10.244.1.9'), pod('b', '10.244.2.5', { port: 9090 })];
    expect(desiredSubsets(svc(), pods).map((s) => [s.addresses?.map((a) => a.ip), s.ports])).toEqual([
      [['10.244.1.9'], [{ port: 8080, protocol: 'TCP' }]],
      [['10.244.2.5'], [{ port: 9090, protocol: 'TCP' }]],
    ]);
  });

  it('lists the pods of a headless Service without ports, and none of a ClusterIP Service without ports', () => {
    expect(desiredSubsets(svc({ clusterIP: 'None', ports: [] }), [pod('a', '10.244.1.9')])).toEqual([{ addresses: [addr('a', '10.244.1.9')] }]);
    expect(desiredSubsets(svc({ ports: [] }), [pod('a', '10.244.1.9')])).toEqual([]);
  });
});
