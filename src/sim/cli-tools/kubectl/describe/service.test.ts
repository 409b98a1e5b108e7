// describeService against fixed objects, compared with kubectl v1.31's whole text
// (kubectl/pkg/describe/describe.go describeService and formatEndpointSlices: ready addresses only,
// `ip:port` in the slices' order, unsorted, as kubectl v1.31.9 printed them against kubeplay serve,
// at most three then `+ N more...`; `<unset>` for an unnamed port).

import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../../../api/service';
import { describeService } from './service';

const svc: Service = {
  apiVersion: 'v1', kind: 'Service',
  metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
  spec: {
    type: 'NodePort', selector: { app: 'web' }, clusterIP: '10.96.12.7', clusterIPs: ['10.96.12.7'],
    ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', sessionAffinity: 'None',
    externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster',
    ports: [{ protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }],
  },
};

const slice = (ips: string[], ready: boolean): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
  metadata: { name: `web-${ready ? 'a' : 'b'}`, namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
  addressType: 'IPv4',
  endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready } })),
  ports: [{ name: '', port: 8080, protocol: 'TCP' }],
});

describe('describeService', () => {
  it('prints a NodePort Service whose ready endpoints are cut after three', () => {
    const slices = [slice(['10.244.1.4', '10.244.2.3', '10.244.1.3', '10.244.2.9'], true), slice(['10.244.1.8'], false)];
    expect(describeService(svc, [], slices, 0)).toBe(
      'Name:                     web\n' +
      'Namespace:                default\n' +
      'Labels:                   app=web\n' +
      'Annotations:              <none>\n' +
      'Selector:                 app=web\n' +
      'Type:                     NodePort\n' +
      'IP Family Policy:         SingleStack\n' +
      'IP Families:              IPv4\n' +
      'IP:                       10.96.12.7\n' +
      'IPs:                      10.96.12.7\n' +
      'Port:                     <unset>  80/TCP\n' +
      'TargetPort:               8080/TCP\n' +
      'NodePort:                 <unset>  30080/TCP\n' +
      'Endpoints:                10.244.1.4:8080,10.244.2.3:8080,10.244.1.3:8080 + 1 more...\n' +
      'Session Affinity:         None\n' +
      'External Traffic Policy:  Cluster\n' +
      'Internal Traffic Policy:  Cluster\n' +
      'Events:                   <none>\n',
    );
  });

  it('prints <none> for a Service without endpoints', () => {
    expect(describeService(svc, [], [], 0)).toContain('Endpoints:                <none>\n');
  });
});
