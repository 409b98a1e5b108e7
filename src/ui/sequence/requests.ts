// The requests a person can follow in the sequence diagram: every command line that entered the
// cluster from outside (a `cli.exec` record from `user` to kubectl), with the records its cause
// chain reached. The UI keeps its own copy of each chain because the store's trace is a window of
// the latest 5,000 records: on a busy cluster (etcd's heartbeats, leases) the command that started
// a request falls out of the window within minutes, and the diagram must still show it.
// Plain data and pure functions; the store around it is store/sequence-store.ts, fed by collect.ts.

import type { TraceRecord } from '../../protocol/view';

/** The process the kernel names as the sender of whatever enters from outside (src/sim/kernel OUTSIDE). */
export const OUTSIDE = 'user';

/** How many commands are remembered (the selector of recent requests lists them). */
export const MAX_REQUESTS = 12;
/** Records kept per request; the first ones are the interesting ones, so later ones are not kept. */
export const MAX_RECORDS = 4000;
/** Descendant ids remembered per request; past this the chain is not followed further. */
export const MAX_IDS = 50_000;

export interface RequestLog {
  root: TraceRecord;
  /** The root and its descendants, in the order they were made (ids ascending). */
  records: TraceRecord[];
  ids: Set<number>;
  /** Records past MAX_RECORDS were left out. */
  truncated: boolean;
  /**
   * Counts the changes. A log grows in place (copying thousands of records every animation frame
   * would cost more than drawing them), so whoever caches something built from it compares this.
   */
  version: number;
}

export interface RequestBook {
  /** Oldest first, at most MAX_REQUESTS. */
  requests: RequestLog[];
  /** The highest record id seen: records arrive in id order, so anything at or below was seen. */
  lastId: number;
}

export function emptyBook(): RequestBook {
  return { requests: [], lastId: -1 };
}

/**
 * A command line that entered the cluster from outside (`$ kubectl apply -f -`), or a real client's
 * request that `kubeplay serve` let in at the API gateway (`POST /apis/apps/v1/... (kubectl.1.31/v1.31.9)`):
 * what real kubectl does is followed as what the in-page kubectl does.
 */
export function isCommandRoot(r: TraceRecord): boolean {
  return r.kind === 'message' && (r.type === 'cli.exec' || r.type === 'gateway.request') && r.from === OUTSIDE;
}

/**
 * Adds the records the book has not seen (ids above lastId). Returns a new book when a request
 * changed (the logs it holds grow in place and count their versions), or the same book with its
 * lastId moved. Each
 * record joins the request whose chain holds its cause; a new command root starts a request and
 * pushes out the oldest past MAX_REQUESTS.
 */
export function feed(book: RequestBook, records: readonly TraceRecord[]): RequestBook {
  let requests = book.requests;
  let lastId = book.lastId;
  let changed = false;
  for (const r of records) {
    if (r.id <= lastId) continue;
    lastId = r.id;
    if (isCommandRoot(r)) {
      requests = [...requests, { root: r, records: [r], ids: new Set([r.id]), truncated: false, version: 0 }].slice(-MAX_REQUESTS);
      changed = true;
      continue;
    }
    if (r.cause === null) continue;
    // The newest request first: a new command's records are the likeliest.
    for (let i = requests.length - 1; i >= 0; i--) {
      const log = requests[i]!;
      if (!log.ids.has(r.cause)) continue;
      if (log.ids.size < MAX_IDS) log.ids.add(r.id);
      if (log.records.length < MAX_RECORDS) log.records.push(r);
      else log.truncated = true;
      log.version += 1;
      changed = true;
      break;
    }
  }
  if (!changed) {
    // Records of other chains (heartbeats, leases) change nothing anyone draws: no new book, so
    // nothing re-renders; only the high-water mark moves.
    book.lastId = lastId;
    return book;
  }
  return { requests, lastId };
}

/** The request that started with this root record, if the book still holds it. */
export function findRequest(book: RequestBook, rootId: number | undefined): RequestLog | undefined {
  if (rootId === undefined) return undefined;
  return book.requests.find((q) => q.root.id === rootId);
}
