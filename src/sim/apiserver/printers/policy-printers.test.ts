// The `kubectl get` rows of the kinds issue 12 adds, as pkg/printers/internalversion/printers.go
// (v1.31) prints them: printPodDisruptionBudget (N/A for the unset bound), printHorizontalPodAutoscaler
// with formatHPAMetrics (`cpu: <unknown>/50%` before any metrics, named since kubernetes#122804),
// printIngress (formatHosts, formatPorts) and printIngressClass.

import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { formatHPAMetrics, formatHosts, horizontalPodAutoscalerPrinter, ingressClassPrinter, ingressPrinter, podDisruptionBudgetPrinter } from './policy-printers';
import { columnsFor } from './tables';

const NOW = Date.UTC(2024, 7, 13, 9, 0, 0);
const meta = (name: string) => ({ name, namespace: 'default', creationTimestamp: rfc3339(NOW - 42_000) });

describe('policy, autoscaling and networking printers', () => {
  it('prints a PodDisruptionBudget with N/A for the bound it does not set', () => {
    const pdb: KubeObject = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: meta('zk-pdb'), spec: { minAvailable: 2 }, status: { disruptionsAllowed: 1 } };
    expect(columnsFor(podDisruptionBudgetPrinter, 'poddisruptionbudgets', false)).toEqual(['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age']);
    expect(podDisruptionBudgetPrinter.row(pdb, NOW, false)).toEqual(['zk-pdb', '2', 'N/A', '1', '42s']);
    const pct: KubeObject = { ...pdb, spec: { maxUnavailable: '34%' }, status: {} };
    expect(podDisruptionBudgetPrinter.row(pct, NOW, false)).toEqual(['zk-pdb', 'N/A', '34%', '0', '42s']);
  });

  it('prints an HPA before metrics arrive as `cpu: <unknown>/50%` (kubectl autoscale --cpu-percent=50)', () => {
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: meta('php-apache'),
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'php-apache' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
      status: { currentReplicas: 1 },
    };
    expect(horizontalPodAutoscalerPrinter.row(hpa, NOW, false)).toEqual(['php-apache', 'Deployment/php-apache', 'cpu: <unknown>/50%', '1', '10', '1', '42s']);
  });

  it('formats HPA metrics: current values, averageValue targets, <none>, and at most two', () => {
    const cpu = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } };
    const mem = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } };
    expect(formatHPAMetrics([], [])).toBe('<none>');
    expect(formatHPAMetrics([cpu], [{ resource: { current: { averageUtilization: 30 } } }])).toBe('cpu: 30%/50%');
    expect(formatHPAMetrics([cpu, mem, cpu], [])).toBe('cpu: <unknown>/50%, memory: <unknown>/500Mi + 1 more...');
  });

  it('prints an Ingress without a controller: CLASS, HOSTS, empty ADDRESS, PORTS 80 (80, 443 with TLS)', () => {
    const ing: KubeObject = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: meta('example-ingress'), spec: { ingressClassName: 'nginx', rules: [{ host: 'hello-world.example' }] } };
    expect(columnsFor(ingressPrinter, 'ingresses', false)).toEqual(['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age']);
    expect(ingressPrinter.row(ing, NOW, false)).toEqual(['example-ingress', 'nginx', 'hello-world.example', '', '80', '42s']);
    const tls: KubeObject = { ...ing, spec: { rules: [{}], tls: [{ hosts: ['a'] }] } };
    expect(ingressPrinter.row(tls, NOW, false)).toEqual(['example-ingress', '<none>', '*', '', '80, 443', '42s']);
    expect(formatHosts([{ host: 'a' }, { host: 'b' }, { host: 'c' }, { host: 'd' }, { host: 'e' }])).toBe('a,b,c + 2 more...');
  });

  it('prints an IngressClass with its controller and parameters', () => {
    const ic: KubeObject = { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: meta('nginx'), spec: { controller: 'k8s.io/ingress-nginx' } };
    expect(ingressClassPrinter.row(ic, NOW, false)).toEqual(['nginx', 'k8s.io/ingress-nginx', '<none>', '42s']);
    const withParams = { ...ic, spec: { controller: 'example.com/ingress-controller', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb' } } };
    expect(ingressClassPrinter.row(withParams, NOW, false)).toEqual(['nginx', 'example.com/ingress-controller', 'IngressParameters.k8s.example.com/external-lb', '42s']);
  });
});
