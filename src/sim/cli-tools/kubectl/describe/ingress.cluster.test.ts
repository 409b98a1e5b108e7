// `kubectl describe ingress` (IngressDescriber.describeIngressV1, describeBackendV1,
// formatEndpointSlices and describeIngressTLSV1 in kubectl/pkg/describe/describe.go, v1.31). The
// same objects described by kubectl v1.31 through `kubeplay serve` printed this text (with its own
// pod IPs): a Service backend shows the ready addresses of the EndpointSlice port the backend's
// port selects, at most three then `+ N more...`; a backend port name the Service does not have
// selects the unnamed port (`()` here, the port is named 8080-80); a missing Service is an error.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

describe('kubectl describe ingress', () => {
  it('describes the default backend, TLS, each host and path with its Service endpoints, annotations and events', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    c.run('kubectl create deploy web --image=nginx:1.25 --replicas=4');
    c.run('kubectl rollout status deploy web');
    c.run('kubectl create service clusterip web --tcp=8080:80');
    c.run('kubectl create ingress ing --class=nginx --rule=foo.com/*=web:8080,tls=cert --rule=foo.com/x=web:http --rule=bar.com/=nope:80,tls --default-backend=web:8080');
    const out = c.run('kubectl describe ingress ing');
    expect(out.stderr).toBe('');
    expect(out.stdout.replace(/10\.244\.\d+\.\d+/g, 'IP')).toBe(
      [
        'Name:             ing',
        'Labels:           <none>',
        'Namespace:        default',
        'Address:          ',
        'Ingress Class:    nginx',
        'Default backend:  web:8080 (IP:80,IP:80,IP:80 + 1 more...)',
        'TLS:',
        '  cert terminates foo.com',
        '  SNI routes bar.com',
        'Rules:',
        '  Host        Path  Backends',
        '  ----        ----  --------',
        '  foo.com     ',
        '              /    web:8080 (IP:80,IP:80,IP:80 + 1 more...)',
        '              /x   web:http ()',
        '  bar.com     ',
        '              /   nope:80 (<error: services "nope" not found>)',
        'Annotations:  <none>',
        'Events:       <none>',
        '',
      ].join('\n'),
    );
  });

  it('prints the default backend as the catch-all rule of an Ingress without rules', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    c.run('kubectl create ingress only --default-backend=gone:http --annotation=team=a');
    expect(c.run('kubectl describe ing only').stdout).toBe(
      [
        'Name:             only',
        'Labels:           <none>',
        'Namespace:        default',
        'Address:          ',
        'Ingress Class:    <none>',
        'Default backend:  gone:http (<error: services "gone" not found>)',
        'Rules:',
        '  Host        Path  Backends',
        '  ----        ----  --------',
        '  *           *     gone:http (<error: services "gone" not found>)',
        'Annotations:  team: a',
        'Events:       <none>',
        '',
      ].join('\n'),
    );
  });
});
