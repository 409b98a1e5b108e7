// How wide a text is drawn in a font, in CSS px, measured on a canvas (no layout, no DOM write), for
// the pod chips that pick the longest label their room holds (pod-label.ts fitChipLabel). Widths are
// kept per font and text: a 50-worker graph asks for the same few hundred labels again and again.

let ctx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** The text's width in `font` (a CSS font shorthand), or undefined where there is no canvas (jsdom). */
export function textWidth(text: string, font: string): number | undefined {
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return undefined;
  const key = `${font}\n${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    ctx.font = font;
    w = ctx.measureText(text).width;
    if (widths.size > 20_000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

/** The graph's font family, as the page resolved it (read once: the theme does not change it). */
let family: string | undefined;
export function graphFontFamily(): string {
  if (family === undefined) family = typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';
  return family;
}
