// "Export SVG": the diagram as a file that stands on its own on a slide. The page draws it with CSS
// classes and the theme's variables; a file has neither, so every element gets the computed values
// of the properties that draw it, inline. The command and the outcome go on top as a title.

const PROPS = [
  'color',
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'paint-order',
  'stroke-linejoin',
  'stroke-linecap',
  'visibility',
  'display',
] as const;

const TITLE_H = 52;

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The diagram as standalone SVG text, with `title` and `subtitle` lines above it. */
export function serializeDiagram(svg: SVGSVGElement, title: string, subtitle: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const target = to[i] as SVGElement;
    const cs = getComputedStyle(el);
    const style = PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', style);
    target.removeAttribute('class');
    target.removeAttribute('tabindex');
    target.removeAttribute('role');
    target.removeAttribute('aria-pressed');
  });
  // The header follows the page's scrolling; in a file it sits on top.
  clone.querySelector('[data-seq-header]')?.removeAttribute('transform');
  // The phase the view had scrolled into means nothing on a slide that shows every phase.
  clone.querySelector('[data-sticky-phase]')?.remove();
  for (const attr of ['data-testid', 'aria-label']) clone.removeAttribute(attr);
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(TITLE_H));
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const bg = background(svg);
  const fg = getComputedStyle(svg).color || '#000000';
  const font = escapeXml(getComputedStyle(svg).fontFamily);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + TITLE_H}" viewBox="0 0 ${width} ${height + TITLE_H}">`,
    `<rect x="0" y="0" width="${width}" height="${height + TITLE_H}" fill="${bg}"/>`,
    `<text x="12" y="22" style="font-family:${font};font-size:16px;font-weight:700;fill:${fg}">${escapeXml(title)}</text>`,
    `<text x="12" y="42" style="font-family:${font};font-size:14px;fill:${fg}">${escapeXml(subtitle)}</text>`,
    new XMLSerializer().serializeToString(clone),
    '</svg>',
  ].join('\n');
}

/** The first opaque background behind the diagram (the panel's), so the file looks as the page does. */
function background(el: Element): string {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const c = getComputedStyle(cur).backgroundColor;
    if (c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) return c;
  }
  return '#ffffff';
}

/** Has the browser download `text` as `name`. */
export function download(name: string, text: string, type = 'image/svg+xml'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Chromium starts the download from the click; the URL may go once that has happened.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
