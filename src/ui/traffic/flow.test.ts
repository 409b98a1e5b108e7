import { describe, expect, it } from 'vitest';
import type { ObjectView } from '../../protocol/view';
import { flowIndex, flowLeg } from './flow';

const pod = (name: string, ip: string): ObjectView => ({ id: `pods/default/${name}`, kind: 'Pod', namespace: 'default', name, resourceVersion: '1', object: { status: { podIP: ip } } }) as unknown as ObjectView;
const svc = (name: string, ip: string): ObjectView => ({ id: `services/default/${name}`, kind: 'Service', namespace: 'default', name, resourceVersion: '1', object: { spec: { clusterIP: ip } } }) as unknown as ObjectView;
const objects = Object.fromEntries([pod('client', '10.244.1.3'), pod('web-1', '10.244.3.3'), svc('web', '10.96.0.20'), svc('headless', 'None')].map((o) => [o.id, o]));
const ix = flowIndex(objects);
const request = { client: 'pods/default/client', dst: '10.96.0.20', dport: 80, backend: '10.244.3.3' };

describe('flowLeg', () => {
  // kubernetes.io/docs/reference/networking/virtual-ips/: the client connects to the ClusterIP and
  // the node's kernel rewrites the destination to one endpoint; the dot turns at the Service.
  it('a request to a ClusterIP goes to the Service in its first half', () => {
    expect(flowLeg(request, 0.25, ix)).toEqual({ from: 'pods/default/client', to: 'services/default/web', t: 0.5, leg: 'to-service', client: 'pods/default/client', service: 'services/default/web', backend: 'pods/default/web-1' });
  });
  it('and from the Service to the DNATed pod in its second half', () => {
    expect(flowLeg(request, 0.75, ix)).toMatchObject({ from: 'services/default/web', to: 'pods/default/web-1', t: 0.5, leg: 'to-pod' });
  });
  it('a request to a pod IP goes straight to the pod', () => {
    expect(flowLeg({ ...request, dst: '10.244.3.3' }, 0.5, ix)).toMatchObject({ from: 'pods/default/client', to: 'pods/default/web-1', t: 0.5, leg: 'to-pod' });
  });
  it('the answer travels back from the backend to the client', () => {
    expect(flowLeg({ ...request, reply: true }, 0.1, ix)).toMatchObject({ from: 'pods/default/web-1', to: 'pods/default/client', t: 0.1, leg: 'to-client' });
  });
  it('a backend the UI does not know has no leg', () => {
    expect(flowLeg({ ...request, backend: '10.244.9.9' }, 0.5, ix)).toBeUndefined();
  });
  it('a headless Service has no virtual IP to index', () => {
    expect([...ix.serviceByIP.keys()]).toEqual(['10.96.0.20']);
  });
});
