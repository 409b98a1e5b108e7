// describeEndpointSliceV1 (kubectl/pkg/describe/describe.go: EndpointSliceDescriber, v1.31). Each
// expected text is what kubectl v1.31.9 printed against `kubeplay serve` for the command named in
// the test, with these slices (the kube-dns one as the simulated EndpointSlice controller wrote it).
import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../../api/service';
import { describeEndpointSlice } from './endpointslice';

const slice = (name: string, namespace: string, rest: Partial<EndpointSlice>): EndpointSlice =>
  ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name, namespace }, addressType: 'IPv4', endpoints: [], ...rest }) as EndpointSlice;

describe('kubectl describe endpointslice', () => {
  it('prints ports and endpoints with their targets (kubectl describe endpointslices -n kube-system)', () => {
    const eps = slice('kube-dns-gj8ts', 'kube-system', {
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP' },
        { name: 'dns-tcp', port: 53, protocol: 'TCP' },
        { name: 'metrics', port: 9153, protocol: 'TCP' },
      ],
      endpoints: [
        { addresses: ['10.244.1.2'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'worker-1', targetRef: { kind: 'Pod', name: 'coredns-6df64754bc-wd4rn', namespace: 'kube-system' } },
        { addresses: ['10.244.0.2'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'control-plane', targetRef: { kind: 'Pod', name: 'coredns-6df64754bc-wq5wd', namespace: 'kube-system' } },
      ],
    });
    eps.metadata.labels = {
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      'k8s-app': 'kube-dns',
      'kubernetes.io/cluster-service': 'true',
      'kubernetes.io/name': 'CoreDNS',
      'kubernetes.io/service-name': 'kube-dns',
    };
    expect(describeEndpointSlice(eps, [], 0)).toBe(
      [
        'Name:         kube-dns-gj8ts',
        'Namespace:    kube-system',
        'Labels:       endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io',
        '              k8s-app=kube-dns',
        '              kubernetes.io/cluster-service=true',
        '              kubernetes.io/name=CoreDNS',
        '              kubernetes.io/service-name=kube-dns',
        'Annotations:  <none>',
        'AddressType:  IPv4',
        'Ports:',
        '  Name     Port  Protocol',
        '  ----     ----  --------',
        '  dns      53    UDP',
        '  dns-tcp  53    TCP',
        '  metrics  9153  TCP',
        'Endpoints:',
        '  - Addresses:  10.244.1.2',
        '    Conditions:',
        '      Ready:    true',
        '    Hostname:   <unset>',
        '    TargetRef:  Pod/coredns-6df64754bc-wd4rn',
        '    NodeName:   worker-1',
        '    Zone:       <unset>',
        '  - Addresses:  10.244.0.2',
        '    Conditions:',
        '      Ready:    true',
        '    Hostname:   <unset>',
        '    TargetRef:  Pod/coredns-6df64754bc-wq5wd',
        '    NodeName:   control-plane',
        '    Zone:       <unset>',
        'Events:         <none>',
        '',
      ].join('\n'),
    );
  });

  it('prints <unset> for a nameless port, an unknown readiness and no node (kubectl describe endpointslice manual2)', () => {
    const eps = slice('manual2', 'default', {
      ports: [{ port: 80, protocol: 'TCP' }, { name: 'alt', protocol: 'UDP', port: 8080 }],
      endpoints: [{ addresses: ['10.1.2.3'], hostname: 'web-0', zone: 'zone-a' } as EndpointSlice['endpoints'][number], { addresses: ['10.1.2.4'], conditions: { ready: false } }],
    });
    eps.metadata.annotations = { note: 'x' };
    expect(describeEndpointSlice(eps, [], 0)).toBe(
      [
        'Name:         manual2',
        'Namespace:    default',
        'Labels:       <none>',
        'Annotations:  note: x',
        'AddressType:  IPv4',
        'Ports:',
        '  Name     Port  Protocol',
        '  ----     ----  --------',
        '  <unset>  80    TCP',
        '  alt      8080  UDP',
        'Endpoints:',
        '  - Addresses:  10.1.2.3',
        '    Conditions:',
        '      Ready:    <unset>',
        '    Hostname:   web-0',
        '    NodeName:   <unset>',
        '    Zone:       zone-a',
        '  - Addresses:  10.1.2.4',
        '    Conditions:',
        '      Ready:   false',
        '    Hostname:  <unset>',
        '    NodeName:  <unset>',
        '    Zone:      <unset>',
        'Events:        <none>',
        '',
      ].join('\n'),
    );
  });

  it('prints one line each for no ports and no endpoints (kubectl describe endpointslice bare)', () => {
    expect(describeEndpointSlice(slice('bare', 'default', {}), [], 0)).toBe(
      'Name:         bare\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nAddressType:  IPv4\nPorts: <unset>\nEndpoints: <none>\nEvents:  <none>\n',
    );
  });
});
