// The lists the start screen offers: public/scenarios/lessons/index.json and
// public/scenarios/incidents/index.json (the format both helpers of issue 15 agreed on). Read as
// untrusted JSON: entries that do not have the shape are left out.

import type { Bilingual } from '../../protocol/lesson';

export interface CatalogEntry {
  /** `1-containers.yaml`. */
  file: string;
  title: Bilingual;
  /** A lesson's summary, or a drill's symptom. */
  blurb: Bilingual;
}

const FILE = /^[a-z0-9][a-z0-9-]{0,62}\.yaml$/;

function bilingual(v: unknown): Bilingual | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  return typeof o.en === 'string' && typeof o.ru === 'string' ? { en: o.en, ru: o.ru } : undefined;
}

export function readCatalog(json: unknown, blurbField: 'summary' | 'symptom'): CatalogEntry[] {
  if (!Array.isArray(json)) return [];
  const out: CatalogEntry[] = [];
  for (const e of json.slice(0, 200)) {
    if (!e || typeof e !== 'object') continue;
    const o = e as Record<string, unknown>;
    const title = bilingual(o.title);
    const blurb = bilingual(o[blurbField]);
    if (typeof o.file === 'string' && FILE.test(o.file) && title && blurb) out.push({ file: o.file, title, blurb });
  }
  return out;
}

/** The scenario name a link or the loader uses: `lessons/1-containers`. */
export function scenarioName(folder: 'lessons' | 'incidents', file: string): string {
  return `${folder}/${file.replace(/\.yaml$/, '')}`;
}

export async function fetchCatalog(folder: 'lessons' | 'incidents'): Promise<CatalogEntry[] | null> {
  try {
    const r = await fetch(`${import.meta.env.BASE_URL}scenarios/${folder}/index.json`);
    if (!r.ok) return r.status === 404 ? [] : null;
    // A server with a single-page fallback answers a missing list with the page itself: no list yet.
    if (!(r.headers.get('content-type') ?? '').includes('json')) return [];
    return readCatalog(await r.json(), folder === 'lessons' ? 'summary' : 'symptom');
  } catch {
    return null;
  }
}
