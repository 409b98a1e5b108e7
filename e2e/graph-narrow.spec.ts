// Issue 11, "A graph that stays readable": "panels opening or closing refit the graph; the legend
// never covers nodes". With the inspector open at 1280x720 the graph's pane is about 650 px wide: the
// laptop, the control plane and the registry side by side were wider than that at 11 px, so the
// registry's name was cut at the pane's edge ("реестр обра…", "registry" half shown) and worker-3 too
// (i18n-ru-inspector-menu-1280x720, bundle-inspector-loading-1280x720). Here, with the inspector open
// and the dock open or closed, in English and Russian, at 1280x720 and 1440x900, for the default
// cluster (1 etcd member, 3 workers) and for 3 etcd members with 10 workers: every label on the
// graph is whole inside the pane (not past its sides, not under the inspector, the legend, the zoom
// buttons or React Flow's attribution), at least 11 px, and what runs past the pane's bottom is
// announced by the scroll hint.

import { openCluster } from './graph-clusters';
import { fmtMeasure, labelsOutOfView, measureGraph } from './graph-measure';
import { expect, shot, test } from './helpers';

for (const cluster of ['default', 'etcd3-workers10'] as const) {
  test(`with the inspector open every label is whole inside the pane and at least 11 px: ${cluster}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openCluster(page, cluster);
    await page.getByTestId('component-kube-apiserver').click();
    await expect(page.getByTestId('inspector')).toBeVisible();
    const failures: string[] = [];
    for (const lang of ['en', 'ru'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      for (const dock of ['open', 'closed'] as const) {
        const toggle = page.getByTestId('dock-toggle');
        if ((await toggle.getAttribute('aria-expanded')) !== String(dock === 'open')) await toggle.click();
        for (const size of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
          const where = `${cluster} ${lang} dock ${dock} ${size.width}x${size.height}`;
          await page.setViewportSize(size);
          // The refit after a resize can land a few frames late on a loaded machine.
          let m = await measureGraph(page);
          for (let i = 0; i < 10 && m.small.length > 0; i++) m = await measureGraph(page);
          const v = await labelsOutOfView(page);
          console.log(`graph-narrow ${where}: ${fmtMeasure(m)}; ${v.hidden.length} labels not whole in view, ${v.belowPane} below the pane`);
          await shot(page, `graph-narrow-${cluster}-${lang}-dock-${dock}-${size.width}x${size.height}`);
          await expect(page.getByTestId('inspector'), where).toBeVisible();
          for (const s of m.small) failures.push(`${where}: under 11 px: ${s}`);
          for (const c of m.cut) failures.push(`${where}: cut: ${c}`);
          for (const h of v.hidden) failures.push(`${where}: ${h}`);
          const hint = await page.getByTestId('graph-scroll-hint').isVisible();
          if (v.belowPane > 0 && !hint) failures.push(`${where}: ${v.belowPane} labels below the pane and no scroll hint`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
}
