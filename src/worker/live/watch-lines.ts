// A watch response is a chunked stream of JSON objects, one per line (apimachinery's
// streaming JSON framer writes `{"type":"ADDED","object":{...}}\n`). This reads such a body as it
// arrives, however the chunks split the lines.

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: Record<string, unknown>;
}

/** Yields each line's event as soon as its newline arrives; a last line without a newline counts too. */
export async function* watchEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<WatchEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (line) yield JSON.parse(line) as WatchEvent;
      }
      if (done) break;
    }
    if (buffered.trim()) yield JSON.parse(buffered) as WatchEvent;
  } finally {
    // A reader that stops early (a 410, an abort) closes the stream, so the connection is not left open.
    reader.cancel().catch(() => undefined);
  }
}
