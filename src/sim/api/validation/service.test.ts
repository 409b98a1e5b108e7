import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { validateCreate } from './index';
import { defaulted, info, messages } from './testing';

const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

function svc(name: string, spec: Record<string, unknown>): KubeObject {
  return defaulted({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });
}

// Source: pkg/apis/core/validation/validation.go ValidateService (v1.31); the DNS-1035 text is
// apimachinery's IsDNS1035Label, quoted in /work/shared/reference/kubernetes-behaviour.md section C.
describe('validateCreate for services', () => {
  const SERVICE = info('v1', 'Service');
  const cases: { name: string; obj: KubeObject; errors: string[] }[] = [
    { name: 'a Service with a selector and one port passes', obj: svc('web', { selector: { app: 'web' }, ports: [{ port: 80 }] }), errors: [] },
    { name: 'a name starting with a digit breaks the DNS-1035 rule', obj: svc('1web', { ports: [{ port: 80 }] }), errors: [`metadata.name: Invalid value: "1web": ${DNS1035}`] },
    { name: 'a Service without ports is told spec.ports is required', obj: svc('web', { selector: { app: 'web' } }), errors: ['spec.ports: Required value'] },
    { name: 'a headless Service needs no ports', obj: svc('web', { clusterIP: 'None' }), errors: [] },
    {
      name: 'two ports need names',
      obj: svc('web', { ports: [{ port: 80 }, { port: 443 }] }),
      errors: ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value'],
    },
    {
      // validateServicePort: ValidateDNS1123Label on the name; kubectl create service names its ports `80-80`.
      name: 'a port name is a DNS-1123 label: `80-80` (kubectl create service) passes, `Web` does not',
      obj: svc('web', { ports: [{ name: '80-80', port: 80 }, { name: 'Web', port: 81 }] }),
      errors: [
        `spec.ports[1].name: Invalid value: "Web": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      ],
    },
    {
      name: 'a port out of range is refused',
      obj: svc('web', { ports: [{ port: 70000 }] }),
      errors: ['spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive', 'spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    },
    {
      name: 'an unknown type is not supported',
      obj: svc('web', { type: 'Cluster', ports: [{ port: 80 }] }),
      errors: ['spec.type: Unsupported value: "Cluster": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"'],
    },
  ];
  it.each(cases)('$name', ({ obj, errors }) => {
    expect(messages(validateCreate(SERVICE, obj))).toEqual(errors);
  });
});
