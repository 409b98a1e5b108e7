import { describe, expect, it } from 'vitest';
import { strictDecode } from './index';
import { info, podManifest, POD } from './testing';

// Sources: apiserver handlers/rest.go transformDecodeError (`%s in version %q cannot be handled as a
// %s: %v`), apimachinery runtime.NewStrictDecodingError (`strict decoding error: ` + joined), and
// encoding/json UnmarshalTypeError (`json: cannot unmarshal X into Go struct field S.a.b of type T`),
// e.g. kubernetes-sigs/kwok#672 and podman#19910 quoting `Container.spec.containers.command`.
describe('strictDecode', () => {
  const cases: { name: string; body: unknown; message?: string; kind?: [string, string] }[] = [
    { name: 'a valid pod decodes', body: podManifest() },
    {
      name: 'every unknown field is listed, in the sorted order kubectl sends them',
      body: podManifest({ foo: 1 }, { imagePullPolicyy: 'Always' }),
      message: 'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].imagePullPolicyy", unknown field "spec.foo"',
    },
    {
      name: 'field names are case-sensitive',
      body: { ...podManifest(), metadata: { name: 'x', Labels: {} } },
      message: 'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "metadata.Labels"',
    },
    {
      name: 'a number where a string belongs names the innermost struct and the field path without indices',
      body: podManifest({}, { image: 5 }),
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field Container.spec.containers.image of type string',
    },
    {
      name: 'a type error hides unknown fields',
      body: podManifest({ foo: 1 }, { image: 5 }),
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field Container.spec.containers.image of type string',
    },
    {
      name: 'a string where the containers list belongs names the slice type',
      body: { ...podManifest(), spec: { containers: 'nginx' } },
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container',
    },
    {
      name: 'a label value that is a number reports the map value type',
      body: { ...podManifest(), metadata: { name: 'x', labels: { tier: 1 } } },
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
    },
    {
      name: 'a fractional port reports the literal and int32',
      body: podManifest({}, { ports: [{ containerPort: 80.5 }] }),
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number 80.5 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
    },
    {
      name: 'an int64 field names int64',
      body: podManifest({ terminationGracePeriodSeconds: 'soon' }),
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64',
    },
    {
      name: 'named string types print their Go name',
      body: podManifest({ restartPolicy: 1 }),
      message: 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field PodSpec.spec.restartPolicy of type v1.RestartPolicy',
    },
    {
      name: 'a malformed quantity fails with resource.ErrFormatWrong',
      body: podManifest({}, { resources: { limits: { cpu: 'lots' } } }),
      message: "Pod in version \"v1\" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    },
    { name: 'numeric quantities decode', body: podManifest({}, { resources: { limits: { cpu: 1, memory: '128Mi' } } }) },
    { name: 'a named port is an IntOrString string', body: podManifest({}, { livenessProbe: { httpGet: { port: 'http' } } }) },
    { name: 'status is free-form', body: { ...podManifest(), status: { phase: 'Running', anything: [1] } } },
    { name: 'null decodes into any field', body: { ...podManifest(), metadata: { name: 'x', creationTimestamp: null } } },
    {
      name: 'a Deployment names its version without the group',
      kind: ['apps/v1', 'Deployment'],
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicass: 3 } },
      message: 'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicass"',
    },
    {
      name: 'core/v1 Event uses the hand-written definition',
      kind: ['v1', 'Event'],
      body: { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod' }, source: { component: 'kubelet', hots: 'w' } },
      message: 'Event in version "v1" cannot be handled as a Event: strict decoding error: unknown field "source.hots"',
    },
  ];
  it.each(cases)('$name', ({ body, message, kind }) => {
    const status = strictDecode(kind ? info(kind[0], kind[1]) : POD, body);
    if (message === undefined) {
      expect(status).toBeUndefined();
    } else {
      expect(status?.code).toBe(400);
      expect(status?.reason).toBe('BadRequest');
      expect(status?.message).toBe(message);
    }
  });
});
