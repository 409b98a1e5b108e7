// The Service REST storage's allocators (pkg/registry/core/service/ipallocator and portallocator,
// v1.31): ClusterIPs from --service-cluster-ip-range (kubeadm default 10.96.0.0/12), dynamic picks in
// the upper band (KEP-3070), NodePorts from 30000-32767, and the errors for a taken or foreign IP.
import { describe, expect, it } from 'vitest';
import type { Service } from '../../api/service';
import type { KubeObject, Status } from '../../api/types';
import { allocateServiceAddresses, inServiceCIDR, ipToInt, usedAddresses, KUBERNETES_SERVICE_IP } from './service-alloc';

function svc(spec: Service['spec']): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec };
}

function seq(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('Service address allocation', () => {
  it('picks a ClusterIP in 10.96.0.0/12 above the static band, and fills the IP family fields', () => {
    const out = allocateServiceAddresses(svc({ ports: [{ port: 80 }] }), usedAddresses([]), seq(0)) as Service;
    expect(out.spec.clusterIP).toBe('10.96.1.1');
    expect(out.spec.clusterIPs).toEqual(['10.96.1.1']);
    expect(out.spec.ipFamilies).toEqual(['IPv4']);
    expect(out.spec.ipFamilyPolicy).toBe('SingleStack');
  });

  it('never hands out 10.96.0.1, which the kubernetes Service holds, nor an IP another Service holds', () => {
    const taken = svc({ clusterIP: '10.96.1.1', ports: [{ port: 80 }] });
    const out = allocateServiceAddresses(svc({ ports: [{ port: 80 }] }), usedAddresses([taken]), seq(0)) as Service;
    expect(out.spec.clusterIP).toBe('10.96.1.2');
    expect(usedAddresses([]).clusterIPs.has(KUBERNETES_SERVICE_IP)).toBe(true);
  });

  it('spreads random picks over the range', () => {
    const ip = (allocateServiceAddresses(svc({ ports: [{ port: 80 }] }), usedAddresses([]), seq(0.5)) as Service).spec.clusterIP!;
    expect(inServiceCIDR(ip)).toBe(true);
    expect(ipToInt(ip)).toBeGreaterThan(ipToInt('10.100.0.0'));
  });

  it.each([
    ['10.96.0.1', 'failed to allocate IP 10.96.0.1: provided IP is already allocated'],
    ['192.168.1.10', 'failed to allocate IP 192.168.1.10: the provided IP (192.168.1.10) is not in the valid range. The range of valid IPs is 10.96.0.0/12'],
  ])('refuses a requested clusterIP %s', (ip, detail) => {
    const st = allocateServiceAddresses(svc({ clusterIP: ip, ports: [{ port: 80 }] }), usedAddresses([]), seq(0)) as Status;
    expect(st.code).toBe(422);
    expect(st.message).toBe(`Service "web" is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: ${detail}`);
  });

  it('keeps a headless Service headless', () => {
    const out = allocateServiceAddresses(svc({ clusterIP: 'None' }), usedAddresses([]), seq(0)) as Service;
    expect(out.spec.clusterIPs).toEqual(['None']);
  });

  it('gives each port of a NodePort Service a free node port in 30000-32767', () => {
    const out = allocateServiceAddresses(svc({ type: 'NodePort', ports: [{ port: 80 }, { port: 443, nodePort: 30443 }, { port: 8080 }] }), usedAddresses([]), seq(0.25, 0.25, 0.25)) as Service;
    const ports = out.spec.ports!.map((p) => p.nodePort!);
    expect(ports[1]).toBe(30443);
    for (const p of ports) expect(p >= 30000 && p <= 32767).toBe(true);
    expect(new Set(ports).size).toBe(3);
    expect(out.spec.externalTrafficPolicy).toBe('Cluster');
  });
});
