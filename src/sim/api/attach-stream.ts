// pods/{name}/attach: real clients hold one stream open and read the container's main process
// output as it is written. Kubeplay's requests are whole exchanges, so an attached client asks again
// and again: each answer carries what the process wrote since the client's `after` cursor (the CRI
// log time of the last line it got) and the new cursor. The first request, without `after`, is the
// attach itself: it answers nothing written before it, only the cursor.

export interface AttachStreamBody {
  kind: 'AttachStream';
  stdout: string;
  stderr: string;
  /** The time of the last line written so far (CRI log format), to send back as `after`. */
  cursor: string;
}

export function isAttachStream(body: unknown): body is AttachStreamBody {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'AttachStream';
}
