// kubectl's error model and how `cmdutil.CheckErr` prints it (kubectl/pkg/cmd/util/helpers.go):
// API errors print as `Error from server (<Reason>): <message>`, Invalid errors are rebuilt from
// their causes, Unauthorized as `error: You must be logged in to the server (...)`, connection
// failures as the url.Error texts, and any other error gets an `error: ` prefix. Errors are plain
// data so a running job can keep them in its state.

import type { Status } from '../../api/types';

export type KubectlError =
  | { t: 'status'; status: Status }
  /** A Go error that is not an API status; `message` is err.Error(). */
  | { t: 'plain'; message: string }
  /** A *url.Error: `Get "https://...": <cause>`; `refused` picks helpers.go's special text. */
  | { t: 'url'; method: string; url: string; cause: string; refused: boolean; host: string }
  | { t: 'aggregate'; errors: KubectlError[] };

export const plain = (message: string): KubectlError => ({ t: 'plain', message });

/**
 * The resource builder's mapping miss (cli-runtime resource/builder.go mappingFor): it names
 * groupResource.Resource, so `deployments.apps` and `deployment.v1.apps` are "deployments", "deployment".
 */
export const NO_RESOURCE_TYPE = "the server doesn't have a resource type ";
export const noResourceType = (typed: string): string => `${NO_RESOURCE_TYPE}"${typed.split('.')[0]}"`;

/** cmdutil.AddSourceToErr: `error when creating "web.yaml": <message>`. */
export function addSourceToErr(verb: string, source: string, err: KubectlError): KubectlError {
  if (!source) return err;
  if (err.t === 'status') {
    return { t: 'status', status: { ...err.status, message: `error when ${verb} "${source}": ${err.status.message ?? ''}` } };
  }
  return plain(`error when ${verb} "${source}": ${errorString(err)}`);
}

/** err.Error() */
export function errorString(err: KubectlError): string {
  switch (err.t) {
    case 'status':
      return err.status.message ?? '';
    case 'plain':
      return err.message;
    case 'url':
      return `${capitalizeMethod(err.method)} "${err.url}": ${err.cause}`;
    case 'aggregate':
      return err.errors.length === 1 ? errorString(err.errors[0]!) : `[${err.errors.map(errorString).join(', ')}]`;
  }
}

function capitalizeMethod(m: string): string {
  return m.charAt(0) + m.slice(1).toLowerCase();
}

/** StandardErrorMessage: the text for API and connection errors, or undefined for others. */
export function standardErrorMessage(err: KubectlError): string | undefined {
  if (err.t === 'status') {
    const s = err.status;
    if (s.reason === 'Unauthorized') return `error: You must be logged in to the server (${s.message ?? ''})`;
    if (s.reason) return `Error from server (${s.reason}): ${s.message ?? ''}`;
    return `Error from server: ${s.message ?? ''}`;
  }
  if (err.t === 'url') {
    if (err.refused) return `The connection to the server ${err.host} was refused - did you specify the right host or port?`;
    return `Unable to connect to the server: ${err.cause}`;
  }
  return undefined;
}

function messageForError(err: KubectlError): string {
  return standardErrorMessage(err) ?? errorString(err);
}

/** statusCausesToAggrError + MultilineError: `The Pod "x" is invalid: ` and one cause or a `* ` list. */
function invalidMessage(s: Status): string {
  const d = s.details;
  // With no details, or details naming no object, the server's message follows (helpers.go checkErr).
  const withMessage = s.message ? `The request is invalid: ${s.message}` : 'The request is invalid';
  if (!d) return withMessage + '\n';
  let head = withMessage;
  if (d.kind || d.name) head = `The ${d.kind ?? ''} "${d.name ?? ''}" is invalid`;
  const seen = new Set<string>();
  const causes: string[] = [];
  for (const c of d.causes ?? []) {
    const msg = `${c.field ?? ''}: ${c.message ?? ''}`;
    if (seen.has(msg)) continue;
    seen.add(msg);
    causes.push(msg);
  }
  if (causes.length === 0) return head + '\n';
  if (causes.length === 1) return `${head}: ${causes[0]}\n`;
  // fmt.Fprintln(buf, prefix) keeps the prefix's trailing space.
  return `${head}: \n` + causes.map((c) => `* ${c}\n`).join('');
}

/** What `CheckErr` writes to stderr (always ending in a newline); exit code 1. */
export function checkErr(err: KubectlError): string {
  if (err.t === 'aggregate' && err.errors.length === 1) return checkErr(err.errors[0]!);
  if (err.t === 'status' && err.status.reason === 'Invalid') return invalidMessage(err.status);
  if (err.t === 'aggregate') return err.errors.map((e) => messageForError(e) + '\n').join('');
  let msg = standardErrorMessage(err);
  if (msg === undefined) {
    msg = errorString(err);
    if (!msg.startsWith('error: ')) msg = `error: ${msg}`;
  }
  return msg.endsWith('\n') ? msg : msg + '\n';
}

/** Combine collected errors as the commands do: none, one, or an aggregate. */
export function aggregate(errs: KubectlError[]): KubectlError | undefined {
  if (errs.length === 0) return undefined;
  if (errs.length === 1) return errs[0];
  return { t: 'aggregate', errors: errs };
}
