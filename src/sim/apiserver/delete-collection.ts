// DELETE on a collection (verb deletecollection): the generic registry's Store.DeleteCollection.
// It lists what the selectors pick, then deletes each item by name as a DELETE of that name would
// (admission, finalizers, a pod's grace period, the same DeleteOptions for each), one after another
// as kube-apiserver's default --delete-collection-workers=1 does. An item already gone (NotFound)
// is skipped; any other error ends the request with that error. The answer is the list as it was
// listed (registry/store.go DeleteCollection returns listObj), not the objects after deletion.

import { methodNotSupported } from '../api/errors';
import { groupResource } from '../api/resources';
import type { KubeList } from '../api/types';
import type { Effects } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { passed, respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { listFromCache, selectorsOf, startConsistentRead } from './stages/list';
import { startWrite, STORAGE } from './stages/storage';

export const DELETE_COLLECTION = 'DeleteCollection';

export function startDeleteCollection(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const info = rc.ri.info;
  if (!info.verbs.includes('deletecollection') || rc.ri.subresource) {
    const st = methodNotSupported(groupResource(info), 'deletecollection');
    return respond(ctx, rc, st.code, st);
  }
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, STORAGE);
  // Store.DeleteCollection lists with the request's options (and a page size of 10000 when it has
  // no limit): with no resourceVersion that is the cacher's consistent read, as a LIST's.
  if ((rc.msg.body.query?.resourceVersion ?? '') === '') return startConsistentRead(ctx, s, rc);
  deleteListed(ctx, s, rc, listFromCache(s, rc, sel));
}

/** Delete what the list holds, one by one; the answer is the list. */
export function deleteListed(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList): void {
  rc.stages.push(passed(DELETE_COLLECTION, `${list.items.length} ${rc.ri.info.resource} listed`));
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
