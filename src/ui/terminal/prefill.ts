// Text another part of the app puts on the terminal's prompt line ("Open terminal on worker-1" types
// `ssh worker-1 -- ` for the person, who finishes the command). A terminal that does not exist yet
// picks the text up when it opens.

type Listener = (text: string) => void;

let listener: Listener | null = null;
let pending: string | null = null;

/** Insert `text` at the terminal's prompt (now, or when the terminal opens). */
export function prefillTerminal(text: string): void {
  if (listener) listener(text);
  else pending = text;
}

/** The terminal registers here; returns the text waiting for it, if any, and an unsubscribe function. */
export function onPrefill(l: Listener): { waiting: string | null; unsubscribe: () => void } {
  listener = l;
  const waiting = pending;
  pending = null;
  return {
    waiting,
    unsubscribe: () => {
      if (listener === l) listener = null;
    },
  };
}
