// What kubectl does when it cannot fetch discovery (a cold or expired cache, or a miss) because
// GET /api or /apis fails, e.g. a kubeconfig user whose token the apiserver does not know (401).
// The disk cache (client-go discovery/cached/disk/cached_discovery.go) writes nothing on an error,
// and the memory cache under it (discovery/cached/memory/memcache.go refreshLocked) keeps no
// result, so every caller that asks for discovery sends GET /api again and logs the failure:
//   E... memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: ..."
//   I... cached_discovery.go:120] skipped caching discovery info due to ...        (-v=3 and up)
// How many callers ask is the command's own (kubectl v1.31.9 against `kubeplay serve`, cold
// --cache-dir, a token-only user with a wrong token, -v=3):
//   - the resource builder's TYPE[,TYPE] NAME form first expands categories, one call per TYPE
//     (cli-runtime resource/builder.go ReplaceAliases: DiscoveryCategoryExpander.Expand);
//   - then maps the first TYPE: the shortcut expander's call (client-go restmapper/shortcut.go
//     getShortcutMappings, which logs `shortcut.go:103] Error loading discovery information: ...`
//     at -v=1), the deferred mapper's KindFor and two RESTMapping calls (builder.go mappingFor):
//     `get pods` sends 5 GETs, `get deploy,pods` 6, `get pod/web`, `logs web` or `exec web` 4;
//   - `explain` and `auth can-i` map with mapper.ResourceFor: 2 (shortcut, deferred mapper);
//   - `cordon`, `uncordon` and `drain` name their nodes with the builder's ResourceNames (no
//     category expansion): 4; `cluster-info` lists `services` through ResourceTypeOrNameArgs: 5,
//     and still prints its `cluster-info dump` hint; `run` maps the Pod it built with one
//     RESTMapping call: 1, without the shortcut line.
// The error the command then prints is the discovery client's: rest.Result.Raw() keeps no Status
// from the body, so a 401 is apimachinery's NewGenericServerResponse (`the server has asked for
// the client to provide credentials`, a cause UnexpectedServerResponse `unknown`), not the
// apiserver's `Unauthorized`. `auth can-i` does not fail: it warns that the server has no such
// type and sends its review anyway (cani.go resourceFor).

import type { Status } from '../../api/types';
import { klogLine } from '../../client/klog';
import { errorString, type KubectlError } from './errors';
import { pidOf } from './request-log';

/** How a verb maps its TYPE words (verbs.ts `mapping`). */
export type MappingStyle = 'builder' | 'names' | 'resourceFor' | 'resourceForWarns' | 'restMapping';

export interface DiscoveryPlan {
  /** How many times GET /api is sent before the command gives up. */
  attempts: number;
  /** After which failed attempt (1-based) the shortcut expander logs its line. */
  shortcutAfter: number;
  /** The command goes on without discovery (auth can-i) instead of failing. */
  goesOn: boolean;
}

/** The calls that ask for discovery before the command fails (see the header). */
export function discoveryPlan(style: MappingStyle, args: readonly string[], types: readonly string[]): DiscoveryPlan {
  // run maps the Pod it built with one RESTMapping call: one GET, no shortcut expander.
  if (style === 'restMapping') return { attempts: 1, shortcutAfter: 0, goesOn: false };
  if (style === 'resourceFor' || style === 'resourceForWarns') return { attempts: 2, shortcutAfter: 1, goesOn: style === 'resourceForWarns' };
  // ReplaceAliases runs for the TYPE[,TYPE] form only, once per TYPE.
  const aliases = style === 'builder' && !args.some((a) => a.includes('/')) ? types.length : 0;
  return { attempts: aliases + 4, shortcutAfter: aliases + 1, goesOn: false };
}

/** apimachinery pkg/api/errors NewGenericServerResponse: the message for a status code without a decoded Status. */
function genericMessage(code: number): { reason: string; message: string } {
  switch (code) {
    case 401:
      return { reason: 'Unauthorized', message: 'the server has asked for the client to provide credentials' };
    case 404:
      return { reason: 'NotFound', message: 'the server could not find the requested resource' };
    case 429:
      return { reason: 'TooManyRequests', message: 'the server has received too many requests and has asked us to try again later' };
    case 503:
      return { reason: 'ServiceUnavailable', message: 'the server is currently unable to handle the request' };
    case 504:
      return { reason: 'Timeout', message: 'the server was unable to return a response in the time allotted, but may still be processing the request' };
    default:
      if (code >= 500) return { reason: 'InternalError', message: 'an error on the server ("unknown") has prevented the request from succeeding' };
      return { reason: 'Unknown', message: `the server responded with the status code ${code} but did not return more information` };
  }
}

/** The error a failed discovery GET is to kubectl: Raw() drops the body's Status (a connection error stays as it is). */
export function discoveryError(err: KubectlError): KubectlError {
  if (err.t !== 'status') return err;
  const { reason, message } = genericMessage(err.status.code);
  // The Status NewGenericServerResponse builds has no kind or apiVersion; CheckErr's -v dump shows that.
  const status = { metadata: {}, status: 'Failure', message, reason, details: { causes: [{ reason: 'UnexpectedServerResponse', message: 'unknown' }] }, code: err.status.code };
  return { t: 'status', status: status as unknown as Status };
}

/** The lines one failed attempt prints (attempt is 1-based). */
export function discoveryFailureLines(v: number, now: number, jobId: number, err: KubectlError, attempt: number, plan: DiscoveryPlan): string {
  const text = errorString(err);
  let out = klogLine(now, pidOf(jobId), 'E', 'memcache.go:265', '"Unhandled Error"', { err: `couldn't get current server API group list: ${text}` }) + '\n';
  if (v >= 3) out += klogLine(now, pidOf(jobId), 'I', 'cached_discovery.go:120', `skipped caching discovery info due to ${text}`) + '\n';
  if (v >= 1 && attempt === plan.shortcutAfter) out += klogLine(now, pidOf(jobId), 'I', 'shortcut.go:103', `Error loading discovery information: ${text}`) + '\n';
  return out;
}
