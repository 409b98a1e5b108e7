// `kubectl create token NAME [--duration=10m] [--audience=a] [--bound-object-kind=Pod
// --bound-object-name=x [--bound-object-uid=u]] [-o json|yaml]` (kubectl/pkg/cmd/create/create_token.go):
// POST a TokenRequest to serviceaccounts/NAME/token and print status.token. kubectl prints a
// newline after the token only on a terminal; the app's terminal is one. Validation errors are
// create_token.go's own, checked with kubectl v1.31 (before anything is sent).

import type { Effects } from '../../../kernel/component';
import { goMarshalIndentStruct } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import { errorString, plain } from '../errors';
import { flagArray, flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface CreateTokenJob extends JobCommon {
  command: 'create';
  token: { output: string };
}

/** boundObjectKinds: kind -> apiVersion. */
const BOUND_OBJECT_KINDS: Record<string, string> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };
const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** time.ParseDuration, in milliseconds (fractions kept so that 1ms and 1500ms can be told from whole seconds). */
export function parseGoDuration(s: string): number | undefined {
  const m = /^([-+]?)(.*)$/.exec(s)!;
  const body = m[2]!;
  if (body === '0') return 0;
  let total = 0;
  let consumed = '';
  for (const part of body.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * UNITS[part[2]!]!;
    consumed += part[0];
  }
  if (consumed !== body || body === '') return undefined;
  return m[1] === '-' ? -total : total;
}

function usage(msg: string): string {
  return `error: ${msg}\nSee 'kubectl create token -h' for help and examples\n`;
}

/** The TokenRequest spec from the flags, or kubectl's error text. */
function tokenSpec(p: ParsedArgs): Record<string, unknown> | string {
  const spec: Record<string, unknown> = {};
  const duration = flagString(p, 'duration');
  if (duration !== undefined) {
    const ms = parseGoDuration(duration);
    if (ms === undefined) return `error: invalid argument "${duration}" for "--duration" flag: time: invalid duration "${duration}"\nSee 'kubectl create token --help' for usage.\n`;
    if (ms < 0) return 'error: --duration must be greater than or equal to 0\n';
    if (ms % 1000 !== 0) return 'error: --duration cannot be expressed in units less than seconds\n';
    if (ms > 0) spec.expirationSeconds = ms / 1000;
  }
  const audiences = flagArray(p, 'audience');
  if (audiences.some((a) => a === '')) return 'error: --audience must not be an empty string\n';
  if (audiences.length) spec.audiences = audiences;
  const kind = flagString(p, 'bound-object-kind') ?? '';
  const name = flagString(p, 'bound-object-name') ?? '';
  const uid = flagString(p, 'bound-object-uid') ?? '';
  if (!kind) {
    if (name) return 'error: --bound-object-name can only be set if --bound-object-kind is provided\n';
    if (uid) return 'error: --bound-object-uid can only be set if --bound-object-kind is provided\n';
  } else {
    if (!Object.hasOwn(BOUND_OBJECT_KINDS, kind)) return `error: supported --bound-object-kind values are ${Object.keys(BOUND_OBJECT_KINDS).join(', ')}\n`;
    if (!name) return 'error: --bound-object-name is required if --bound-object-kind is provided\n';
    const ref: Record<string, string> = { kind, apiVersion: BOUND_OBJECT_KINDS[kind]!, name };
    if (uid) ref.uid = uid;
    spec.boundObjectRef = ref;
  }
  return spec;
}

export function startCreateToken(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const names = p.args.slice(1);
  const fail = (text: string): void => {
    common.stderr += text;
    finishJob(st, common, ctx, undefined, 1);
  };
  if (names.length !== 1) return fail(usage(`exactly one NAME is required, got ${names.length}`));
  const output = flagString(p, 'output') ?? '';
  if (!['', 'json', 'yaml'].includes(output)) {
    return finishJob(st, common, ctx, plain(`unable to match a printer suitable for the output format "${output}", allowed formats are: json,yaml`));
  }
  const spec = tokenSpec(p);
  if (typeof spec === 'string') return fail(spec);
  const job: CreateTokenJob = { ...common, command: 'create', token: { output } };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const body = { kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status: { token: '', expirationTimestamp: null } };
  const path = `/api/v1/namespaces/${common.namespace}/serviceaccounts/${names[0]}/token`;
  jobRequest(st, job, ctx, { method: 'POST', path, body, contentType: 'application/json' }, 'token', { object: { kind: 'ServiceAccount', name: names[0]!, namespace: common.namespace } });
}

export function onCreateTokenResult(st: KubectlState, job: CreateTokenJob, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, plain(`failed to create token: ${errorString(r.err)}`));
  const resp = r.body as { status?: { token?: string } };
  if (job.token.output === 'json') job.stdout += `${goMarshalIndentStruct(resp)}\n`;
  else if (job.token.output === 'yaml') job.stdout += goYaml(resp);
  else if (!resp.status?.token) return finishJob(st, job, ctx, plain('failed to create token: no token in server response'));
  else job.stdout += `${resp.status.token}\n`;
  finishJob(st, job, ctx);
}
