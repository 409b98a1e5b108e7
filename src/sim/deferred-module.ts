// A module the app's worker fetches after first paint, behind a stand-in that vite.config.ts swaps in
// for it (cli-tools/programs.deferred.ts, worker/scenario-text.deferred.ts): whether it is here yet,
// the one fetch every caller shares, and the module itself once it is. The caller passes its own
// `() => import('./x')`, so the bundler still sees the dynamic import and makes the chunk.

export interface DeferredModule<M> {
  /** Whether the module is here. */
  ready(): boolean;
  /** Fetch it (once; later calls share the first fetch). */
  load(): Promise<void>;
  /** The module, or undefined while it is not here. */
  loaded(): M | undefined;
  /** The module; before it is here, throws `notYet` (a caller that forgot to wait for load()). */
  get(): M;
}

export function deferredModule<M>(fetch: () => Promise<M>, notYet: string): DeferredModule<M> {
  let module: M | undefined;
  let loading: Promise<void> | undefined;
  return {
    ready: () => module !== undefined,
    load: () =>
      (loading ??= fetch().then((m) => {
        module = m;
      })),
    loaded: () => module,
    get: () => {
      if (module === undefined) throw new Error(notYet);
      return module;
    },
  };
}
