// DELETE on a collection (verb deletecollection): the generic registry's Store.DeleteCollection.
// It lists what the selectors pick, then deletes each item by name as a DELETE of that name would
// (admission, finalizers, a pod's grace period, the same DeleteOptions for each), one after another
// as kube-apiserver's default --delete-collection-workers=1 does. An item already gone (NotFound)
// is skipped; any other error ends the request with that error. The answer is the list as it was
// listed (registry/store.go DeleteCollection returns listObj), not the objects after deletion.

import { methodNotSupported } from '../api/errors';
import { matchesFields } from '../api/fields';
import { selectorMatches } from '../api/labels';
import { apiVersionOf, groupResource } from '../api/resources';
import type { KubeList, KubeObject } from '../api/types';
import type { Effects } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { passed, respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { selectorsOf, startWrite, STORAGE, typed } from './stages/storage';

export const DELETE_COLLECTION = 'DeleteCollection';

export function startDeleteCollection(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const info = rc.ri.info;
  if (!info.verbs.includes('deletecollection') || rc.ri.subresource) {
    const st = methodNotSupported(groupResource(info), 'deletecollection');
    return respond(ctx, rc, st.code, st);
  }
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, STORAGE);
  // The list, as a consistent read from the watch cache (ConsistentListFromCache, on in v1.31).
  const objects = s.cache.get(info.resource)?.objects ?? new Map<string, { obj: KubeObject }>();
  const ns = rc.ri.namespace;
  const keys = [...objects.keys()].filter((k) => !ns || k.startsWith(`${ns}/`)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const items: KubeObject[] = [];
  for (const k of keys) {
    const obj = typed(info, objects.get(k)!.obj);
    if (selectorMatches(sel.labels, obj.metadata.labels) && matchesFields(obj, sel.fields)) items.push(obj);
  }
  const list: KubeList = { apiVersion: apiVersionOf(info), kind: info.listKind, metadata: { resourceVersion: String(s.revision) }, items };
  rc.stages.push(passed(DELETE_COLLECTION, `${items.length} ${info.resource} listed`));
  const c = { rc, list, index: 0 };
  (s.deleteCollections ??= new Map()).set(rc.msg.id, c);
  deleteNext(ctx, s, c);
}

/** An item's DELETE was answered: on to the next, or the collection's error. */
export function onDeleteCollectionItem(ctx: Effects, s: ApiserverState, payload: { id: MessageId; status: number; body: unknown }): void {
  const c = s.deleteCollections?.get(payload.id);
  if (!c) return;
  const name = c.list.items[c.index]?.metadata.name ?? '';
  if (payload.status >= 400 && payload.status !== 404) {
    s.deleteCollections!.delete(payload.id);
    c.rc.stages.push({ stage: DELETE_COLLECTION, result: 'failed', text: `${name}: ${payload.status}` });
    return respond(ctx, c.rc, payload.status, payload.body);
  }
  c.rc.stages.push(passed(DELETE_COLLECTION, `${name}: ${payload.status === 404 ? 'already gone' : 'deleted'}`));
  c.index++;
  deleteNext(ctx, s, c);
}

/** Delete the current item, as its own DELETE would; its answer comes back through onDeleteCollectionItem. */
function deleteNext(ctx: Effects, s: ApiserverState, c: { rc: RequestContext; list: KubeList; index: number }): void {
  const item = c.list.items[c.index];
  if (!item) {
    s.deleteCollections?.delete(c.rc.msg.id);
    return respond(ctx, c.rc, 200, c.list, STORAGE);
  }
  const one: RequestContext = { msg: c.rc.msg, ri: { ...c.rc.ri, verb: 'delete', name: item.metadata.name ?? '' }, user: c.rc.user, stages: [], attempts: 0, collectionItem: true };
  startWrite(ctx, s, one, 'delete');
}
