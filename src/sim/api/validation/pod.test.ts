import { describe, expect, it } from 'vitest';
import { validateCreate } from './index';
import { defaulted, messages, podManifest, POD } from './testing';
import type { KubeObject } from '../types';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

// Sources: pkg/apis/core/validation/validation.go (ValidatePodCreate, ValidatePodSpec,
// validateContainers, validateContainerCommon, validateContainerPorts, validateResourceRequirements,
// probes, ValidateTolerations) and apimachinery util/validation (v1.31); the name texts are the ones in
// /work/shared/reference/kubernetes-behaviour.md section C.
describe('validateCreate for pods', () => {
  const cases: { name: string; pod: KubeObject; errors: string[] }[] = [
    { name: 'a minimal valid pod passes', pod: podManifest(), errors: [] },
    {
      name: 'a pod with ports, probes, resources and tolerations passes',
      pod: podManifest(
        { tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }], nodeSelector: { disk: 'ssd' } },
        {
          ports: [{ name: 'http', containerPort: 80 }],
          resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
          livenessProbe: { httpGet: { port: 'http' } },
          readinessProbe: { tcpSocket: { port: 80 } },
        },
      ),
      errors: [],
    },
    {
      name: 'a pod without containers is told spec.containers is required',
      pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'kuard', namespace: 'default' }, spec: {} },
      errors: ['spec.containers: Required value'],
    },
    {
      name: 'a pod without a name is told name or generateName is required',
      pod: { ...podManifest(), metadata: { namespace: 'default' } },
      errors: ['metadata.name: Required value: name or generateName is required'],
    },
    {
      name: 'a pod name with capitals and underscores is not a DNS-1123 subdomain',
      pod: { ...podManifest(), metadata: { name: 'My_Pod', namespace: 'default' } },
      errors: [`metadata.name: Invalid value: "My_Pod": ${SUBDOMAIN}`],
    },
    {
      name: 'a container name must be a DNS-1123 label, with the two spaces before or',
      pod: podManifest({}, { name: 'Web_1' }),
      errors: [`spec.containers[0].name: Invalid value: "Web_1": ${LABEL}`],
    },
    {
      name: 'a 64-character container name is too long and still matches the regex',
      pod: podManifest({}, { name: 'a'.repeat(64) }),
      errors: [`spec.containers[0].name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`],
    },
    {
      name: 'two containers with one name are a duplicate',
      pod: { ...podManifest(), spec: { containers: [{ name: 'a', image: 'x' }, { name: 'a', image: 'y' }] } },
      errors: ['spec.containers[1].name: Duplicate value: "a"'],
    },
    {
      name: 'a container without an image is told the image is required',
      pod: podManifest({}, { image: undefined }),
      errors: ['spec.containers[0].image: Required value'],
    },
    {
      name: 'an unknown restart policy lists the supported values',
      pod: podManifest({ restartPolicy: 'Sometimes' }),
      errors: ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'],
    },
    {
      name: 'an unknown image pull policy lists the supported values',
      pod: podManifest({}, { imagePullPolicy: 'Maybe' }),
      errors: ['spec.containers[0].imagePullPolicy: Unsupported value: "Maybe": supported values: "Always", "IfNotPresent", "Never"'],
    },
    {
      name: 'a request above its limit names the canonical quantities',
      pod: podManifest({}, { resources: { requests: { cpu: '2000m' }, limits: { cpu: '1' } } }),
      errors: ['spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
    },
    {
      name: 'a null limit is a zero quantity, so any request exceeds it',
      pod: podManifest({}, { resources: { requests: { cpu: '100m' }, limits: { cpu: null } } }),
      errors: ['spec.containers[0].resources.requests: Invalid value: "100m": must be less than or equal to cpu limit of 0'],
    },
    {
      name: 'a negative quantity is invalid at its key',
      pod: podManifest({}, { resources: { requests: { memory: '-1Mi' } } }),
      errors: ['spec.containers[0].resources.requests[memory]: Invalid value: "-1Mi": must be greater than or equal to 0'],
    },
    {
      name: 'an unknown resource name is not a standard container resource, in limits and in the requests defaulted from them',
      pod: podManifest({}, { resources: { limits: { gpu: '1' } } }),
      errors: [
        'spec.containers[0].resources.limits[gpu]: Invalid value: "gpu": must be a standard resource for containers',
        'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
      ],
    },
    {
      name: 'a container port out of range names the inclusive range',
      pod: podManifest({}, { ports: [{ containerPort: 70000 }] }),
      errors: ['spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    },
    {
      name: 'an unsupported port protocol lists the sorted protocols',
      pod: podManifest({}, { ports: [{ containerPort: 80, protocol: 'HTTP' }] }),
      errors: ['spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"'],
    },
    {
      name: 'a probe without a handler must specify one',
      pod: podManifest({}, { livenessProbe: { periodSeconds: 5 } }),
      errors: ['spec.containers[0].livenessProbe: Required value: must specify a handler type'],
    },
    {
      name: 'a probe with two handlers is forbidden the second',
      pod: podManifest({}, { readinessProbe: { exec: { command: ['true'] }, tcpSocket: { port: 80 } } }),
      errors: ['spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type'],
    },
    {
      name: 'a liveness probe needs successThreshold 1',
      pod: podManifest({}, { livenessProbe: { tcpSocket: { port: 80 }, successThreshold: 2 } }),
      errors: ['spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1'],
    },
    {
      name: 'a negative probe period is invalid',
      pod: podManifest({}, { readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: -1 } }),
      errors: ['spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0'],
    },
    {
      name: 'a toleration without a key must use Exists',
      pod: podManifest({ tolerations: [{ operator: 'Equal', value: 'x' }] }),
      errors: ['spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"'],
    },
    {
      name: 'a bad label key names the map and the name part',
      pod: { ...podManifest(), metadata: { name: 'x', namespace: 'default', labels: { 'a b': 'c' } } },
      errors: [
        "metadata.labels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ],
    },
    {
      name: 'a bad label value names the value rule',
      pod: { ...podManifest(), metadata: { name: 'x', namespace: 'default', labels: { app: '-web' } } },
      errors: [
        "metadata.labels: Invalid value: \"-web\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      ],
    },
    {
      name: 'an annotation key with two slashes is not a qualified name',
      pod: { ...podManifest(), metadata: { name: 'x', namespace: 'default', annotations: { 'a/b/c': '' } } },
      errors: [
        "metadata.annotations: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ],
    },
    {
      name: 'errors come in the Go order: metadata, then containers, then restart policy',
      pod: { ...podManifest({ restartPolicy: 'No' }, { image: '' }), metadata: { namespace: 'default' } },
      errors: [
        'metadata.name: Required value: name or generateName is required',
        'spec.containers[0].image: Required value',
        'spec.restartPolicy: Unsupported value: "No": supported values: "Always", "OnFailure", "Never"',
      ],
    },
  ];
  it.each(cases)('$name', ({ pod, errors }) => {
    expect(messages(validateCreate(POD, defaulted(pod)))).toEqual(errors);
  });
});
