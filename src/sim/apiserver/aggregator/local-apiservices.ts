// Which of kube-apiserver's own group/versions the aggregator hands out in discovery: those whose
// Local APIService exists. kube-aggregator v1.31 (staging/src/k8s.io/kube-aggregator/pkg/apiserver/):
// apiservice_controller.go sync calls RemoveAPIService when the APIService is gone from its lister;
// apiserver.go RemoveAPIService tells the discovery manager (handler_discovery.go RemoveAPIService ->
// syncAPIService -> mergedDiscoveryHandler.RemoveGroupVersion, so aggregated /apis loses it) and
// unregisters the proxy path /apis/<group>/<version> and, with the group's last version, /apis/<group>.
// handler_apis.go builds the legacy /apis APIGroupList from the APIService lister, so the group
// leaves it too. An unregistered path falls to the mux's NotFoundHandler, the delegate chain
// (apiextensions-apiserver, then kube-apiserver's own handlers: server/handler.go
// NewAPIServerHandler), so /apis/apps, /apis/apps/v1 and the resources themselves are still served.
// The autoregister controller creates the APIService again at the next kube-apiserver start.

import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';
import { autoregisteredName } from './autoregister';

/**
 * Whether discovery lists this built-in group/version: true unless kube-apiserver registers a
 * Local APIService for it and none exists. Before the watch cache has synced nothing is hidden:
 * the aggregator's lister has not listed yet and kube-apiserver is not ready.
 */
export function locallyServed(s: ApiserverState, group: string, version: string): boolean {
  const name = autoregisteredName(group, version);
  if (!name || !s.synced) return true;
  return cachedObject(s, 'apiservices', name) !== undefined;
}
