/**
 * The Content-Security-Policy of the built page. Only what the app really loads, all from its own
 * origin: module scripts and the lazy Monaco chunk; module workers (sim.worker, Monaco's
 * editor.worker and yaml.worker, all same-origin files: no blob: workers); the scenario YAML it
 * fetches; the Kubernetes icons; Monaco's codicon font; and, served by `kubeplay serve`, the
 * WebSocket to its own origin (`connect-src 'self'` covers ws: to the same host, CSP Level 3).
 * Two exceptions, both for styles and images:
 * - style-src 'unsafe-inline': xterm.js and Monaco create <style> elements at run time (xterm's
 *   colours and cell sizes, Monaco's theme and decoration rules), and Monaco renders its lines as
 *   HTML with style="" attributes: without it Chromium reported hundreds of style-src-elem and
 *   style-src-attr violations from them. A static page cannot hand out a nonce, and
 *   neither library takes one. Scripts stay strict, which is what matters against injection.
 * - img-src data:: Monaco's CSS draws some icons as data: SVG/PNG, and the page's empty favicon is
 *   `data:,` (without it Chromium asks for /favicon.ico and logs a 404).
 * frame-ancestors cannot be set from a <meta>; `kubeplay serve` adds it to its header (page.ts).
 * Vite's config puts this into the built index.html (vite.config.ts); it lives here so that the
 * Node server sends it without loading Vite.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
