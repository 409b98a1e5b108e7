// PodExecOptions (core/v1) as query parameters: `command` repeats once per argv word
// (`?command=sh&command=-c&command=env`), `container`, and the booleans `stdin`, `stdout`,
// `stderr`, `tty`. Kubeplay's requests carry a query as one value per key, so the repeated
// `command` travels as a JSON array of strings; these two functions are the only place that knows.

export function encodeCommand(argv: string[]): string {
  return JSON.stringify(argv);
}

/** The argv of a request's `command`, or undefined when it is missing or not an array of strings. */
export function decodeCommand(query: Record<string, string> | undefined): string[] | undefined {
  const raw = query?.command;
  if (raw === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** `true` and `1` are true, as Go's strconv.ParseBool in the query decoder. */
export function queryBool(query: Record<string, string> | undefined, key: string): boolean {
  const v = query?.[key];
  return v === 'true' || v === '1' || v === 'True' || v === 'TRUE' || v === 't';
}

/**
 * What an exec stream carries, gathered into one answer: stdout (channel 1), stderr (channel 2) and
 * the metav1.Status written to the error channel (3) when the command ends. `prompt`: a shell opened
 * with stdin and a tty, waiting for input.
 */
export interface ExecStreamBody {
  kind: 'ExecStream';
  stdout: string;
  stderr: string;
  status: ExecStatus;
  prompt?: string;
}

/** The Status on the error channel, as remotecommand's ServeExec writes it (metadata, no apiVersion or kind). */
export interface ExecStatus {
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: { causes: { reason?: string; message: string }[] };
  code?: number;
}

export const EXEC_SUCCESS: ExecStatus = { metadata: {}, status: 'Success' };

/** ServeExec for a command that exited non-zero (its cause `ExitCode` is what kubectl reads). */
export function execExitStatus(cmd: string[], code: number): ExecStatus {
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${cmd.join(' ')}], exit code ${code}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
  };
}

/** ServeExec for any other failure: apierrors.NewInternalError(`error executing command in container: ...`). */
export function execInternalError(err: string): ExecStatus {
  const e = `error executing command in container: ${err}`;
  return { metadata: {}, status: 'Failure', message: `Internal error occurred: ${e}`, reason: 'InternalError', details: { causes: [{ message: e }] }, code: 500 };
}

export function isExecStream(body: unknown): body is ExecStreamBody {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'ExecStream';
}
