// The TYPE words a verb's arguments hand kubectl's REST mapper, which the verb table (verbs.ts `types`)
// declares per verb so one place (kubectl.ts startVerb) fetches discovery again when the cache
// misses one (discovery-cache.ts). Sources: kubectl v1.31 resource.Builder
// ResourceTypeOrNameArgs (`deploy web`, `deploy,svc`, `deploy/web svc/db`), ResourceNames with a
// default type for logs and port-forward (`web` is a pod, `deploy/web` maps `deploy`),
// cmdutil.GetResourcesAndPairs for label, annotate and set image, and explain's
// SplitAndParseResourceRequestWithMatchingPrefix (the first field of `deployments.spec`).

/** ResourceTypeOrNameArgs: every TYPE/NAME's type, or the comma-separated types of the first word. */
export function builderTypes(args: readonly string[]): string[] {
  if (args.some((a) => a.includes('/'))) return args.filter((a) => a.includes('/')).map((a) => a.slice(0, a.indexOf('/')));
  return (args[0] ?? '').split(',').filter((t) => t !== '');
}

/** ResourceNames("pods", arg): only a TYPE/NAME names a type of its own. */
export function slashType(arg: string | undefined): string[] {
  return arg?.includes('/') ? [arg.slice(0, arg.indexOf('/'))] : [];
}

/** GetResourcesAndPairs: the words before the `key=value` and `key-` pairs. */
export function withoutPairs(args: readonly string[]): string[] {
  return args.filter((a) => !((a.includes('=') && a[0] !== '=') || (a.endsWith('-') && a !== '-')));
}
