// The scenario the app opens on, parsed at build time (vite.config.ts): read by scenario-text.deferred.ts.
declare module 'virtual:kubeplay-first-scenario' {
  const first: {
    /** public/scenarios/default.yaml as served, and the file name the page sends with it. */
    text: string;
    file: string;
    /** parseScenario(text, file): a ParseResult (src/sim/scenario/schema.ts). */
    parsed: unknown;
  };
  export default first;
}
