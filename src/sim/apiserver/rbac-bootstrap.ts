// RBAC inside kube-apiserver. Two parts of the real server, as kubeadm's cluster runs them:
//
// 1. The `rbac/bootstrap-roles` post-start hook (pkg/registry/rbac/rest/storage_rbac.go,
//    EnsureRBACPolicy): on start, every default ClusterRole, ClusterRoleBinding, and the kube-system
//    Roles and RoleBindings are created in etcd if missing, labelled `kubernetes.io/bootstrapping:
//    rbac-defaults` and annotated `rbac.authorization.kubernetes.io/autoupdate: "true"`. It runs only
//    at start: a default binding someone deletes stays deleted until the apiserver restarts.
// 2. The RBAC authorizer's view of those objects: the watch cache (the real authorizer reads the
//    same objects through informers on the apiserver's own storage), with bindings indexed by
//    subject (authz/rbac-index.ts).
//
// Simplification: the real apiserver serves requests while the hook runs (early clients get 403s
// and retry); Kubeplay holds requests until the defaults are in the cache, as it already holds
// them until the cache has synced, so a fresh cluster boots without a burst of denials. The real
// hook also reconciles existing defaults (adds missing rules and subjects); Kubeplay only creates.

import { rfc3339 } from '../api/time';
import { resourceForPath } from '../api/resources';
import type { KubeObject } from '../api/types';
import type { Effects } from '../kernel/component';
import { cmpModRevision, opPut, opTxn, type TxnResponse } from '../etcd/protocol';
import {
  bootstrapPolicy,
  candidateBindings,
  indexBindingChange,
  rebuildRbacIndex,
  RBAC_GROUP,
  type ClusterRole,
  type ClusterRoleBinding,
  type RbacSource,
  type Role,
  type RoleBinding,
} from './authz';
import { etcdCall, type EtcdOutcome } from './etcdclient';
import { cacheKeyOf, objectKey } from './registry/keys';
import { newUID } from './registry/strategy';
import type { ApiserverState, CacheEvent } from './state';
import { cachedObject } from './watchcache';

const RBAC_RESOURCES = ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'] as const;

/** The authorizer's view of the RBAC objects the apiserver has stored. Built per request; holds no state of its own. */
export function cacheRbacSource(s: ApiserverState): RbacSource {
  return {
    clusterRole: (name) => cachedObject(s, 'clusterroles', name) as ClusterRole | undefined,
    role: (namespace, name) => cachedObject(s, 'roles', cacheKeyOf(namespace, name)) as Role | undefined,
    bindingsFor: (user, namespace) => {
      const { cluster, namespaced } = candidateBindings(s.rbac, user, namespace);
      const out: (ClusterRoleBinding | RoleBinding)[] = [];
      for (const n of cluster) {
        const b = cachedObject(s, 'clusterrolebindings', n);
        if (b) out.push(b as ClusterRoleBinding);
      }
      for (const n of namespaced) {
        const b = cachedObject(s, 'rolebindings', cacheKeyOf(namespace, n));
        if (b) out.push(b as RoleBinding);
      }
      return out;
    },
  };
}

/** After the cache was (re)listed: index every binding it holds, and tick off defaults the list already shows. */
export function rbacOnCacheReplaced(s: ApiserverState): void {
  const objs = (resource: string): KubeObject[] => [...(s.cache.get(resource)?.objects.values() ?? [])].map((c) => c.obj);
  rebuildRbacIndex(s.rbac, objs('clusterrolebindings'), objs('rolebindings'));
  for (const key of [...s.rbacBootstrapPending]) {
    const slash = key.indexOf('/');
    if (cachedObject(s, key.slice(0, slash), key.slice(slash + 1))) s.rbacBootstrapPending.delete(key);
  }
}

/**
 * One cache event: keep the subject index true, and tick off a default object the hook is waiting
 * for. Returns true when this event completed the hook (the caller then serves the held requests).
 */
export function rbacOnCacheEvent(s: ApiserverState, resource: string, ev: CacheEvent): boolean {
  if (!(RBAC_RESOURCES as readonly string[]).includes(resource)) return false;
  indexBindingChange(s.rbac, resource, ev.prev, ev.type === 'DELETED' ? undefined : ev.obj);
  if (ev.type === 'DELETED') return false;
  return tickOff(s, `${resource}/${cacheKeyOf(ev.obj.metadata.namespace, ev.obj.metadata.name ?? '')}`);
}

function tickOff(s: ApiserverState, key: string): boolean {
  if (!s.rbacBootstrapPending.delete(key)) return false;
  return s.rbacBootstrapPending.size === 0;
}

/** Whether requests must still wait for the post-start hook. */
export function rbacBootstrapping(s: ApiserverState): boolean {
  return s.rbacBootstrapPending.size > 0;
}

interface DefaultObject {
  resource: (typeof RBAC_RESOURCES)[number];
  obj: KubeObject;
}

function defaults(): DefaultObject[] {
  const p = bootstrapPolicy();
  return [
    ...p.clusterRoles.map((obj) => ({ resource: 'clusterroles' as const, obj })),
    ...p.clusterRoleBindings.map((obj) => ({ resource: 'clusterrolebindings' as const, obj })),
    ...p.roles.map((obj) => ({ resource: 'roles' as const, obj })),
    ...p.roleBindings.map((obj) => ({ resource: 'rolebindings' as const, obj })),
  ];
}

/** Where each default object lives in etcd (`/registry/clusterroles/cluster-admin`), for the hook and for tests that seed a store. */
export function defaultRbacObjects(): { key: string; obj: KubeObject }[] {
  return defaults().map(({ resource, obj }) => ({
    key: objectKey(resourceForPath(RBAC_GROUP, 'v1', resource)!, obj.metadata.namespace ?? '', obj.metadata.name ?? ''),
    obj,
  }));
}

/** The hook: create each default RBAC object that the cache does not hold yet. */
export function ensureRbacPolicy(ctx: Effects, s: ApiserverState): void {
  for (const { resource, obj } of defaults()) {
    const ns = obj.metadata.namespace ?? '';
    const name = obj.metadata.name ?? '';
    const cacheKey = `${resource}/${cacheKeyOf(ns, name)}`;
    if (cachedObject(s, resource, cacheKeyOf(ns, name))) continue;
    const info = resourceForPath(RBAC_GROUP, 'v1', resource)!;
    const key = objectKey(info, ns, name);
    const stored: KubeObject = { ...obj, metadata: { ...obj.metadata, uid: newUID(() => ctx.rand()), creationTimestamp: rfc3339(ctx.now) } };
    s.rbacBootstrapPending.add(cacheKey);
    etcdCall(ctx, s.etcd, opTxn([cmpModRevision(key, '=', 0)], [opPut(key, stored)], []), { kind: 'rbacBootstrap', cacheKey }, `Txn create ${key}`);
  }
}

/** `created clusterrole.rbac.authorization.k8s.io/cluster-admin` (EnsureRBACPolicy's log lines). */
function createdLine(cacheKey: string): string {
  const [resource, ...rest] = cacheKey.split('/');
  const kind = resource!.replace(/s$/, '');
  if (rest.length === 2) return `created ${kind}.${RBAC_GROUP}/${rest[1]} in ${rest[0]}`;
  return `created ${kind}.${RBAC_GROUP}/${rest[0]}`;
}

/**
 * The answer to one of the hook's creates. A failed write is logged and given up (the objects can
 * still be created by hand, or by restarting the apiserver); returns true when nothing is pending any more.
 */
export function onRbacBootstrapOutcome(ctx: Effects, s: ApiserverState, cacheKey: string, out: EtcdOutcome): boolean {
  if ('error' in out) {
    ctx.log(`rbac/bootstrap-roles: unable to create ${cacheKey}: ${out.error.message}`);
    return tickOff(s, cacheKey);
  }
  const txn = out.response.result as TxnResponse;
  if (!txn.succeeded) return tickOff(s, cacheKey);
  ctx.log(createdLine(cacheKey));
  return false;
}
