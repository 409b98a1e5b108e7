// Measuring the graph as a learner sees it (issue 11, "A graph that stays readable"): which texts it
// shows, how big they are on screen (font size x React Flow's zoom), whether one is cut, covered by a
// count badge or drawn over another. Shared by e2e/graph-readable.spec.ts and
// e2e/graph-projector.spec.ts, which ask the same questions of different clusters.
//
// The questions run in the page: `install` puts the in-page half (window.__kpGraph) there first.

import { type Page } from '@playwright/test';

interface InPage {
  zoom(): number;
  /** Every HTML element on a graph node that holds text of its own and is shown. */
  labels(root?: ParentNode): HTMLElement[];
  /** The edges' texts (the words on a communication path, a partition's cut). */
  edgeLabels(): SVGTextElement[];
  /** The rendered font size of an element, in screen px. */
  px(el: Element): number;
  /** The boxes of an element's own text (not its box: a block's box runs past its words). */
  textBoxes(el: Element): DOMRect[];
}

/** Puts window.__kpGraph in the page (again after a navigation: evaluate is cheap). */
async function install(page: Page): Promise<void> {
  await page.evaluate(() => {
    const zoom = () => new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a;
    const ownText = (el: Element) => [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim());
    const api: InPage = {
      zoom,
      // (The letters inside the drawn icons of containerd, CNI and the registry are part of an
      // aria-hidden picture beside the name: SVG, so not counted here.)
      labels: (root = document) =>
        [...root.querySelectorAll('.react-flow__node *')].filter((el): el is HTMLElement => el instanceof HTMLElement && el.offsetParent !== null && ownText(el).length > 0),
      edgeLabels: () => [...document.querySelectorAll<SVGTextElement>('.react-flow__edge text')],
      px: (el) => parseFloat(getComputedStyle(el).fontSize) * zoom(),
      textBoxes: (el) => {
        if (el instanceof SVGElement) return [el.getBoundingClientRect()];
        return ownText(el).flatMap((t) => {
          const range = document.createRange();
          range.selectNodeContents(t);
          return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        });
      },
    };
    (window as unknown as { __kpGraph: InPage }).__kpGraph = api;
  });
}

export interface Measure {
  zoom: number;
  pane: { w: number; h: number };
  /** The smallest rendered label in a worker region, the node name, and the smallest anywhere on the graph. */
  workerMin: number;
  nodeName: number;
  graphMin: number;
  /** Nodes the legend's rectangle overlaps, and the zoom buttons'. */
  underLegend: string[];
  underControls: string[];
  /** Nodes outside the pane. */
  outside: string[];
  /** Labels under 11 px on screen, with their text and size. */
  small: string[];
  /** Labels whose text runs past their box (cut). */
  cut: string[];
}

/** The graph's labels now, after the refit a resize or the first fit starts has settled. */
export async function measureGraph(page: Page): Promise<Measure> {
  // The refit after a resize waits a frame; the fit after the hosts appear animates for 300 ms.
  await page.waitForTimeout(700);
  await install(page);
  return page.evaluate(() => {
    const k = (window as unknown as { __kpGraph: InPage }).__kpGraph;
    const zoom = k.zoom();
    const pane = document.querySelector('[data-testid="graph-pane"]')!.getBoundingClientRect();
    const workers = [...document.querySelectorAll('[data-testid^="host-worker-"]')].map((r) => r.closest('.react-flow__node')!);
    const inWorkers = workers.flatMap((w) => k.labels(w));
    const allNodes = [...document.querySelectorAll('.react-flow__node')];
    const legend = document.querySelector('[data-testid="graph-legend"]')!.getBoundingClientRect();
    const controls = document.querySelector('.react-flow__controls')!.getBoundingClientRect();
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const name = document.querySelector('[data-testid="host-worker-1"] .kp-region-title')!;
    return {
      zoom,
      pane: { w: Math.round(pane.width), h: Math.round(pane.height) },
      workerMin: Math.min(...inWorkers.map(k.px)),
      nodeName: k.px(name),
      graphMin: Math.min(...allNodes.flatMap((n) => k.labels(n)).map(k.px)),
      underLegend: allNodes.filter((n) => hit(n.getBoundingClientRect(), legend)).map((n) => n.getAttribute('data-id') ?? ''),
      underControls: allNodes.filter((n) => hit(n.getBoundingClientRect(), controls)).map((n) => n.getAttribute('data-id') ?? ''),
      small: [...k.labels(), ...k.edgeLabels()].filter((el) => k.px(el) < 11).map((el) => `${el.textContent!.trim().slice(0, 30)} (${k.px(el).toFixed(1)} px)`),
      cut: allNodes.flatMap((n) => {
        const node = n.getBoundingClientRect();
        return k.labels(n).flatMap((el) => {
          const r = el.getBoundingClientRect();
          // The nearest box between the text and its node that clips what overflows it (a pod chip's name box).
          let clip: Element | null = el.parentElement;
          while (clip && clip !== n && getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement;
          const c = clip && clip !== n ? clip.getBoundingClientRect() : undefined;
          const why =
            el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible'
              ? `scrolls ${el.scrollWidth} > ${el.clientWidth}`
              : c && r.width > 0 && (r.left < c.left - 1 || r.right > c.right + 1)
                ? `clipped ${r.left.toFixed(0)}-${r.right.toFixed(0)} by its box ${c.left.toFixed(0)}-${c.right.toFixed(0)}`
                : r.width > 0 && r.right > node.right + 1
                  ? `right ${r.right.toFixed(0)} > ${node.right.toFixed(0)}`
                  : r.height > 0 && r.bottom > node.bottom + 1
                    ? `bottom ${r.bottom.toFixed(0)} > ${node.bottom.toFixed(0)}`
                    : '';
          return why ? [`${el.textContent!.trim().slice(0, 30)}: ${why}`] : [];
        });
      }),
      outside: allNodes
        .filter((n) => {
          const r = n.getBoundingClientRect();
          return r.left < pane.left - 1 || r.right > pane.right + 1 || r.top < pane.top - 1 || r.bottom > pane.bottom + 1;
        })
        .map((n) => n.getAttribute('data-id') ?? ''),
    };
  });
}

export const fmtMeasure = (m: Measure) =>
  `pane ${m.pane.w}x${m.pane.h}, zoom ${m.zoom.toFixed(3)}: smallest worker label ${m.workerMin.toFixed(1)} px, node name ${m.nodeName.toFixed(1)} px, smallest label on the graph ${m.graphMin.toFixed(1)} px (target 11 px)`;

/**
 * Texts drawn over other texts: every pair of labels (on the nodes and on the edges) whose words'
 * boxes cross by more than a pixel each way, as "a" × "b".
 */
export async function labelOverlaps(page: Page): Promise<string[]> {
  await install(page);
  return page.evaluate(() => {
    const k = (window as unknown as { __kpGraph: InPage }).__kpGraph;
    const texts = [...k.labels(), ...k.edgeLabels()].flatMap((el) => k.textBoxes(el).map((r) => ({ el, r, text: el.textContent!.trim().slice(0, 30) })));
    const out: string[] = [];
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i]!;
        const b = texts[j]!;
        if (a.el === b.el) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && h > 1) out.push(`"${a.text}" × "${b.text}"`);
      }
    return out;
  });
}

export interface BadgeOverlaps {
  badges: number;
  overlaps: string[];
}

/** The count badges on screen now and the labels each one covers (its circle against each text's box). */
export async function badgeOverlaps(page: Page): Promise<BadgeOverlaps> {
  await install(page);
  return page.evaluate(() => {
    const k = (window as unknown as { __kpGraph: InPage }).__kpGraph;
    const badges = [...document.querySelectorAll('[data-testid="message-dot"]')].filter((g) => Number(g.getAttribute('data-count')) > 1);
    const rects = k.labels().map((el) => ({
      text: el.textContent!.trim().slice(0, 30),
      r: el.getBoundingClientRect(),
    }));
    const overlaps: string[] = [];
    for (const g of badges) {
      const c = g.querySelector('circle')!.getBoundingClientRect();
      const cx = c.left + c.width / 2;
      const cy = c.top + c.height / 2;
      const radius = c.width / 2;
      for (const { text, r } of rects) {
        const nx = Math.max(r.left, Math.min(cx, r.right));
        const ny = Math.max(r.top, Math.min(cy, r.bottom));
        // A pixel of slack: a badge that only touches a label's box leaves its text readable.
        if ((cx - nx) ** 2 + (cy - ny) ** 2 < (radius - 1) ** 2) overlaps.push(`badge ${g.getAttribute('data-count')} × ${g.getAttribute('data-type')} over "${text}"`);
      }
    }
    return { badges: badges.length, overlaps };
  });
}

/**
 * The kube-apiserver -> etcd edges (to members on hosts of their own) that cross a text of the etcd
 * box's header (its title, status line, note): the edge's drawn path sampled every 2 screen px
 * against the boxes of the header's words, as "edge id over "text"". Also how many such edges there are.
 */
export async function etcdEdgeOverHeader(page: Page): Promise<{ edges: number; crossings: string[] }> {
  await install(page);
  return page.evaluate(() => {
    const k = (window as unknown as { __kpGraph: InPage }).__kpGraph;
    const header = document.querySelector('[data-testid="etcd-cluster"] .kp-region-header')!;
    const words = k.labels(header).flatMap((el) => k.textBoxes(el).map((r) => ({ r, text: el.textContent!.trim().slice(0, 30) })));
    const edges = [...document.querySelectorAll<SVGGElement>('.react-flow__edge')].filter((g) => {
      const id = g.getAttribute('data-id') ?? '';
      return /^e:[^>]*kube-apiserver[^>]*>etcd\//.test(id);
    });
    const crossings: string[] = [];
    for (const g of edges) {
      const path = g.querySelector<SVGPathElement>('path.react-flow__edge-path')!;
      const m = path.getScreenCTM()!;
      const len = path.getTotalLength();
      const steps = Math.max(2, Math.ceil((len * m.a) / 2));
      const hit = new Set<string>();
      for (let i = 0; i <= steps; i++) {
        const p = new DOMPoint(path.getPointAtLength((len * i) / steps).x, path.getPointAtLength((len * i) / steps).y).matrixTransform(m);
        for (const { r, text } of words) if (p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom) hit.add(text);
      }
      for (const t of hit) crossings.push(`${g.getAttribute('data-id')} over "${t}"`);
    }
    return { edges: edges.length, crossings };
  });
}

/**
 * The why badges (callouts on the graph, src/ui/why) and what covers them: for each badge shown, the
 * graph nodes drawn over any part of it (the topmost element at points across the badge is not the
 * badge), as "badge text under node id".
 */
export async function coveredWhyBadges(page: Page): Promise<{ badges: string[]; covered: string[] }> {
  await install(page);
  return page.evaluate(() => {
    const badges = [...document.querySelectorAll<HTMLElement>('.react-flow__node .kp-why')].filter((b) => b.offsetParent !== null);
    const covered: string[] = [];
    for (const b of badges) {
      const r = b.getBoundingClientRect();
      // The badge's own node (the box it is drawn on) shows past its rounded corners: not a cover.
      const own = b.closest('.react-flow__node');
      const over = new Set<string>();
      // A grid of points inside the badge, a pixel in from its border.
      for (let i = 0; i <= 6; i++)
        for (let j = 0; j <= 2; j++) {
          const x = r.left + 1 + ((r.width - 2) * i) / 6;
          const y = r.top + 1 + ((r.height - 2) * j) / 2;
          const top = document.elementFromPoint(x, y);
          if (!top || b.contains(top) || top.closest('.react-flow__node') === own) continue;
          over.add(top.closest('.react-flow__node')?.getAttribute('data-id') ?? top.className.toString().slice(0, 40));
        }
      for (const o of over) covered.push(`"${b.textContent!.trim()}" under ${o}`);
    }
    return { badges: badges.map((b) => b.textContent!.trim()), covered };
  });
}

/**
 * Node and edge labels a learner cannot read whole where the graph is shown (issue 11: with the
 * inspector open at 1280x720 the registry's name was cut at the pane's right edge, "реестр обра…"):
 * any of a label's text boxes past the pane's left, right or top edge, or over the inspector, the
 * legend, the zoom buttons or React Flow's attribution, as "text: why". Past the bottom edge is
 * scrolling (the graph is taller than the pane at 11 px): `belowPane` counts those labels.
 */
export async function labelsOutOfView(page: Page): Promise<{ hidden: string[]; belowPane: number; pane: { w: number; h: number } }> {
  await install(page);
  return page.evaluate(() => {
    const k = (window as unknown as { __kpGraph: InPage }).__kpGraph;
    const pane = document.querySelector('[data-testid="graph-pane"]')!.getBoundingClientRect();
    const covers = (
      [
        ['the inspector', '[data-testid="inspector"]'],
        ['the legend', '[data-testid="graph-legend"]'],
        ['the zoom buttons', '.react-flow__controls'],
        ["React Flow's attribution", '.react-flow__attribution'],
      ] as const
    ).flatMap(([name, sel]) => [...document.querySelectorAll(sel)].map((el) => ({ name, r: el.getBoundingClientRect() })));
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const hidden: string[] = [];
    let belowPane = 0;
    for (const el of [...k.labels(), ...k.edgeLabels()]) {
      const text = el.textContent!.trim().slice(0, 30);
      for (const r of k.textBoxes(el)) {
        if (r.bottom > pane.bottom + 1) {
          belowPane++;
          continue;
        }
        const why =
          r.left < pane.left - 1
            ? `left ${r.left.toFixed(0)} < the pane's ${pane.left.toFixed(0)}`
            : r.right > pane.right + 1
              ? `right ${r.right.toFixed(0)} > the pane's ${pane.right.toFixed(0)}`
              : r.top < pane.top - 1
                ? `top ${r.top.toFixed(0)} < the pane's ${pane.top.toFixed(0)}`
                : (covers.find((c) => hit(r, c.r))?.name ?? '');
        if (why) hidden.push(`${text}: ${why.startsWith('the ') || why.startsWith('React') ? `under ${why}` : why}`);
      }
    }
    return { hidden: [...new Set(hidden)], belowPane, pane: { w: Math.round(pane.width), h: Math.round(pane.height) } };
  });
}
