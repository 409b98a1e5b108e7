// describeHorizontalPodAutoscalerV2 and printDirectionBehavior (kubectl/pkg/describe/describe.go,
// v1.31). The first expected text is what kubectl v1.31 printed for this HPA through `kubeplay
// serve` (the Resource metric's percentage line continues its head after LEVEL_1's two spaces;
// the behavior lines end the tabwriter's column block, as the Conditions: line does); the second
// adds a measured status.
import { describe, expect, it } from 'vitest';
import { describeHorizontalPodAutoscaler, type HorizontalPodAutoscaler } from './hpa';

const hpa = (extra: Partial<HorizontalPodAutoscaler> = {}): HorizontalPodAutoscaler => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'h', namespace: 'default', creationTimestamp: '2024-08-13T09:24:16Z' },
  spec: {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    maxReplicas: 5,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] } },
  },
  ...extra,
});

describe('kubectl describe hpa', () => {
  it('prints <unknown> for an unmeasured metric, <unset> min replicas and the behavior', () => {
    expect(describeHorizontalPodAutoscaler(hpa(), [], 0)).toBe(
      [
        'Name:                                                  h',
        'Namespace:                                             default',
        'Labels:                                                <none>',
        'Annotations:                                           <none>',
        'CreationTimestamp:                                     Tue, 13 Aug 2024 09:24:16 +0000',
        'Reference:                                             Deployment/web',
        'Metrics:                                               ( current / target )',
        '  resource cpu on pods  (as a percentage of request):  <unknown> / 50%',
        'Min replicas:                                          <unset>',
        'Max replicas:                                          5',
        'Behavior:',
        '  Scale Down:',
        '    Stabilization Window: 300 seconds',
        '    Select Policy: Max',
        '    Policies:',
        '      - Type: Percent  Value: 10  Period: 60 seconds',
        'Deployment pods:       0 current / 0 desired',
        'Events:                <none>',
        '',
      ].join('\n'),
    );
  });

  it('prints measured metrics as `utilization% (value)` and the conditions table', () => {
    const h = hpa({
      status: {
        currentReplicas: 2,
        desiredReplicas: 3,
        currentMetrics: [{ resource: { current: { averageUtilization: 75, averageValue: '150m' } } }],
        conditions: [{ type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: 'the HPA controller was able to update the target scale to 3' }],
      },
    });
    h.spec = { ...h.spec!, minReplicas: 1, behavior: undefined };
    expect(describeHorizontalPodAutoscaler(h, [], 0)).toBe(
      [
        'Name:                                                  h',
        'Namespace:                                             default',
        'Labels:                                                <none>',
        'Annotations:                                           <none>',
        'CreationTimestamp:                                     Tue, 13 Aug 2024 09:24:16 +0000',
        'Reference:                                             Deployment/web',
        'Metrics:                                               ( current / target )',
        '  resource cpu on pods  (as a percentage of request):  75% (150m) / 50%',
        'Min replicas:                                          1',
        'Max replicas:                                          5',
        'Deployment pods:                                       2 current / 3 desired',
        'Conditions:',
        '  Type         Status  Reason            Message',
        '  ----         ------  ------            -------',
        '  AbleToScale  True    SucceededRescale  the HPA controller was able to update the target scale to 3',
        'Events:        <none>',
        '',
      ].join('\n'),
    );
  });
});
