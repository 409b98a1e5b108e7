// The TYPE words a verb's arguments hand kubectl's REST mapper, which the verb table (verbs.ts `types`)
// declares per verb so one place (kubectl.ts startVerb) fetches discovery again when the cache
// misses one (discovery-cache.ts). Sources: kubectl v1.31 resource.Builder
// ResourceTypeOrNameArgs (`deploy web`, `deploy,svc`, `deploy/web svc/db`), ResourceNames with a
// default type for logs and port-forward (`web` is a pod, `deploy/web` maps `deploy`),
// cmdutil.GetResourcesAndPairs for label, annotate and set image, and explain's
// SplitAndParseResourceRequestWithMatchingPrefix (the first field of `deployments.spec`),
// `exec` and `attach` (ResourceNames("pods", ...) as logs; attach also takes `TYPE NAME`),
// `create job --from=TYPE/NAME` (create_job.go Run: ResourceTypeOrNameArgs), `auth can-i VERB
// TYPE[/NAME]` (cani.go resourceFor) and `events --for TYPE/NAME` (events.go
// decodeResourceTypeName), which map with mapper.ResourceFor and so refresh on a miss too.

import { flagBool, flagString, type ParsedArgs } from './flags';

/** ResourceTypeOrNameArgs: every TYPE/NAME's type, or the comma-separated types of the first word. */
export function builderTypes(args: readonly string[]): string[] {
  if (args.some((a) => a.includes('/'))) return args.filter((a) => a.includes('/')).map((a) => a.slice(0, a.indexOf('/')));
  return (args[0] ?? '').split(',').filter((t) => t !== '');
}

/** ResourceNames("pods", arg): only a TYPE/NAME names a type of its own. */
export function slashType(arg: string | undefined): string[] {
  return arg?.includes('/') ? [arg.slice(0, arg.indexOf('/'))] : [];
}

/** exec, attach and logs: POD is ResourceNames("pods", POD), so even a bare name maps `pods` through the cache. */
export function podOrSlashType(arg: string | undefined): string[] {
  if (arg === undefined) return [];
  return arg.includes('/') ? slashType(arg) : ['pods'];
}

/** GetResourcesAndPairs: the words before the `key=value` and `key-` pairs. */
export function withoutPairs(args: readonly string[]): string[] {
  return args.filter((a) => !((a.includes('=') && a[0] !== '=') || (a.endsWith('-') && a !== '-')));
}

/** `auth can-i VERB TYPE[/NAME]`: the TYPE, unless it is `*`, a non-resource URL or --list. */
export function canITypes(p: ParsedArgs): string[] {
  const arg = p.args[0] === 'can-i' && !flagBool(p, 'list') && p.args.length === 3 ? p.args[2]! : '';
  const typed = arg.split('/')[0]!;
  return arg.startsWith('/') || typed === '' || typed === '*' ? [] : [typed];
}

/** `events --for TYPE/NAME`. */
export function eventsTypes(p: ParsedArgs): string[] {
  const forObject = flagString(p, 'for') ?? '';
  return forObject.split('/').length === 2 ? [forObject.split('/')[0]!] : [];
}

/** `create job NAME --from=TYPE/NAME`. */
export function createTypes(p: ParsedArgs): string[] {
  return p.args[0] === 'job' ? slashType(flagString(p, 'from')) : [];
}
