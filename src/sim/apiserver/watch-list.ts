// A watch's list options (apimachinery/pkg/apis/meta/internalversion/validation: validateWatchOptions)
// and the bookmark that ends its initial events. kube-apiserver v1.31 runs with the WatchList feature
// gate off (alpha since v1.27, default false; pkg/features/kube_features.go), so a watch that names
// sendInitialEvents gets 422 `sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch
// unless the WatchList feature gate is enabled` (validateWatchOptions with isWatchListFeatureEnabled
// false; the handler validates before it watches). With --feature-gates=WatchList=true
// (ApiserverConfig.featureGates) a client that asks
// `sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true` gets every
// object as ADDED, then one BOOKMARK whose object is empty but for its resourceVersion and the
// annotation `k8s.io/initial-events-end: "true"` (the cacher's watch-list; KEP-3157), and from then
// on the changes. `sendInitialEvents=false` with NotOlderThan watches from the resourceVersion given.

import { invalid } from '../api/errors';
import { forbidden, notSupported, type FieldError } from '../api/field-error';
import { apiVersionOf, type ResourceInfo } from '../api/resources';
import type { KubeObject, Status } from '../api/types';

/** metav1.InitialEventsAnnotationKey */
export const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';
const NOT_OLDER_THAN = 'NotOlderThan';

function flag(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  return v === 'true' || v === '1' || v === 'True' || v === 'TRUE' || v === 't' || v === 'T';
}

export interface WatchListOptions {
  /** sendInitialEvents as given (undefined when absent). */
  sendInitialEvents?: boolean;
  allowWatchBookmarks: boolean;
}

/** The watch's options, or the 422 `ListOptions.meta.k8s.io "" is invalid: ...` their combination earns. */
export function watchListOptions(query: Record<string, string> | undefined, watchListEnabled = false): WatchListOptions | Status {
  const q = query ?? {};
  const send = flag(q.sendInitialEvents);
  const match = q.resourceVersionMatch ?? '';
  const errs: FieldError[] = [];
  if (send !== undefined) {
    if (match !== NOT_OLDER_THAN) errs.push(forbidden('resourceVersionMatch', `sendInitialEvents requires setting resourceVersionMatch to ${NOT_OLDER_THAN}`));
    if (!watchListEnabled) errs.push(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'));
  }
  if (match !== '') {
    if (send === undefined) errs.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== NOT_OLDER_THAN) errs.push(notSupported('resourceVersionMatch', match, [NOT_OLDER_THAN]));
    if (q.continue) errs.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
  }
  if (errs.length) return invalid('ListOptions', 'meta.k8s.io', '', errs);
  return { ...(send !== undefined && { sendInitialEvents: send }), allowWatchBookmarks: flag(q.allowWatchBookmarks) === true };
}

/** The BOOKMARK object: the kind with nothing but its resourceVersion (and, ending the initial events, the annotation). */
export function bookmarkObject(info: ResourceInfo, resourceVersion: number, initialEventsEnd: boolean): KubeObject {
  const metadata: Record<string, unknown> = { resourceVersion: String(resourceVersion), creationTimestamp: null };
  if (initialEventsEnd) metadata.annotations = { [INITIAL_EVENTS_END]: 'true' };
  return { kind: info.kind, apiVersion: apiVersionOf(info), metadata } as unknown as KubeObject;
}
