// ValidatePodDisruptionBudgetSpec (pkg/apis/policy/validation/validation.go v1.31),
// ValidateHorizontalPodAutoscalerSpec (pkg/apis/autoscaling/validation) and validateHTTPIngressPath
// (pkg/apis/networking/validation), through validateCreate, with the apiserver's texts.

import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { validateCreate } from './index';
import { info, messages } from './testing';

const pdb = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'zk-pdb', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'zookeeper' } }, ...spec } });
const hpa = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'php-apache', namespace: 'default' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'php-apache' }, ...spec } });
const ing = (path: Record<string, unknown>): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name: 'example-ingress', namespace: 'default' },
  spec: { rules: [{ host: 'hello-world.example', http: { paths: [{ backend: { service: { name: 'web', port: { number: 8080 } } }, ...path }] } }] },
});

describe('validation of PodDisruptionBudgets, HPAs and Ingresses', () => {
  const PDB = info('policy/v1', 'PodDisruptionBudget');
  const HPA = info('autoscaling/v2', 'HorizontalPodAutoscaler');
  const ING = info('networking.k8s.io/v1', 'Ingress');
  const cases: { name: string; errs: string[]; run: () => string[] }[] = [
    { name: 'a PDB with minAvailable 2 passes', errs: [], run: () => messages(validateCreate(PDB, pdb({ minAvailable: 2 }))) },
    {
      name: 'a PDB may not set both bounds',
      errs: [
        'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000a1c000), Selector:(*v1.LabelSelector)(0xc000a1c000), MaxUnavailable:(*intstr.IntOrString)(0xc000a1c000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set',
      ],
      run: () => messages(validateCreate(PDB, pdb({ minAvailable: 1, maxUnavailable: 1 }))),
    },
    { name: 'a negative minAvailable is refused', errs: ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0'], run: () => messages(validateCreate(PDB, pdb({ minAvailable: -1 }))) },
    {
      name: 'a percentage over 100% is refused',
      errs: ['spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%'],
      run: () => messages(validateCreate(PDB, pdb({ maxUnavailable: '120%' }))),
    },
    {
      name: 'a string that is not a percentage is refused',
      errs: [`spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"half"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`],
      run: () => messages(validateCreate(PDB, pdb({ minAvailable: 'half' }))),
    },
    {
      name: 'an unknown unhealthyPodEvictionPolicy is an Unsupported value',
      errs: ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"'],
      run: () => messages(validateCreate(PDB, pdb({ minAvailable: 1, unhealthyPodEvictionPolicy: 'Never' }))),
    },
    { name: 'kubectl autoscale --min=1 --max=10 passes', errs: [], run: () => messages(validateCreate(HPA, hpa({ minReplicas: 1, maxReplicas: 10 }))) },
    {
      name: 'an HPA with min above max is refused',
      errs: ['spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`'],
      run: () => messages(validateCreate(HPA, hpa({ minReplicas: 5, maxReplicas: 2 }))),
    },
    { name: 'an HPA with minReplicas 0 is refused (HPAScaleToZero off)', errs: ['spec.minReplicas: Invalid value: 0: must be greater than or equal to 1'], run: () => messages(validateCreate(HPA, hpa({ minReplicas: 0, maxReplicas: 2 }))) },
    { name: 'an Ingress path with pathType Prefix passes', errs: [], run: () => messages(validateCreate(ING, ing({ path: '/', pathType: 'Prefix' }))) },
    { name: 'an Ingress path without pathType is refused', errs: ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified'], run: () => messages(validateCreate(ING, ing({ path: '/' }))) },
    {
      name: 'an Ingress pathType outside the enum is an Unsupported value',
      errs: ['spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"'],
      run: () => messages(validateCreate(ING, ing({ path: '/', pathType: 'Regex' }))),
    },
  ];
  for (const c of cases) it(c.name, () => expect(c.run()).toEqual(c.errs));
});
