// checkAPIService's table (staging/src/k8s.io/kube-aggregator/pkg/controllers/autoregister/
// autoregister_controller.go, v1.31), row by row: what the autoregister controller does for a name
// given the current APIService, the desired one, whether the name was synced successfully before
// and whether it existed when the controller started.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { checkAPIService } from './autoregister-check';

const svc = (label: string | undefined, versionPriority = 15): KubeObject => ({
  apiVersion: 'apiregistration.k8s.io/v1',
  kind: 'APIService',
  metadata: { name: 'v1.apps', ...(label !== undefined && { labels: { 'kube-aggregator.kubernetes.io/automanaged': label } }) },
  spec: { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority },
});
const onStart = svc('onstart');
const always = svc('true');

describe('checkAPIService', () => {
  it('2. current not found: creates a sync-on-start one once, a sync-always one every time', () => {
    expect(checkAPIService(undefined, undefined, false, false).kind).toBe('none');
    expect(checkAPIService(onStart, undefined, false, false)).toEqual({ kind: 'create', obj: onStart });
    expect(checkAPIService(onStart, undefined, true, true).kind).toBe('none');
    expect(checkAPIService(always, undefined, true, true)).toEqual({ kind: 'create', obj: always });
  });

  it('3. current without the label: left alone', () => {
    expect(checkAPIService(onStart, svc(undefined, 99), false, true).kind).toBe('none');
    expect(checkAPIService(always, svc('other', 99), false, true).kind).toBe('none');
    expect(checkAPIService(undefined, svc(undefined), false, true).kind).toBe('none');
  });

  it('4. current sync-on-start but not there at start: left alone', () => {
    expect(checkAPIService(undefined, svc('onstart'), false, false).kind).toBe('none');
    expect(checkAPIService(always, svc('onstart', 99), false, false).kind).toBe('none');
  });

  it('5. current sync-on-start, there at start: deleted or updated once', () => {
    expect(checkAPIService(undefined, onStart, false, true)).toEqual({ kind: 'delete', obj: onStart });
    expect(checkAPIService(undefined, onStart, true, true).kind).toBe('none');
    expect(checkAPIService(onStart, svc('onstart', 99), false, true)).toEqual({ kind: 'update', obj: svc('onstart', 15) });
    expect(checkAPIService(onStart, svc('onstart', 99), true, true).kind).toBe('none');
    expect(checkAPIService(always, svc('onstart', 99), true, true).kind).toBe('none');
    expect(checkAPIService(onStart, onStart, false, true).kind).toBe('none');
  });

  it('6. current sync-always: deleted when not desired, updated (once if desired on start)', () => {
    expect(checkAPIService(undefined, always, true, false)).toEqual({ kind: 'delete', obj: always });
    expect(checkAPIService(always, svc('true', 99), true, true)).toEqual({ kind: 'update', obj: svc('true', 15) });
    expect(checkAPIService(onStart, svc('true', 99), false, true)).toEqual({ kind: 'update', obj: svc('true', 15) });
    expect(checkAPIService(onStart, svc('true', 99), true, true).kind).toBe('none');
  });
});
