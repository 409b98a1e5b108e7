// A run as a link: the scenario (its steps include what the user did, recorded at their simulated
// times), the moment to replay to, and what the screen showed, in a URL fragment:
//   https://host/#run=<base64url(deflate(JSON))>      a recorded run
//   https://host/#scenario=etcd-quorum-loss           a built-in scenario (optionally &at=42s)
// The same code decodes links in the app and in `kubeplay run <link>`, so both replay the same
// scenario to the same moment and print the same trace hash. A link is hostile input: its size is
// bounded before and after decompression (no decompression bombs), its JSON may only hold the
// fields below, and the scenario inside goes through the same strict parser as a file.

import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { parseDuration } from './duration';
import { parseScenario } from './parse';
import { MAX_PAUSE_AT_MS, MAX_SCENARIO_BYTES, formatScenarioError, type Scenario } from './schema';

/** What the screen showed when the link was made; the app restores it (each field optional). */
export interface LinkView {
  /** The object whose request the app follows (`pod/default/web`). */
  follow?: string;
  /** The open dock tab (`terminal`, `events`, `timeline`, `yaml`, ...). */
  panel?: string;
  /** The selected node of the graph (a process or object id). */
  selected?: string;
}

export interface RunLink {
  /** The scenario as YAML text (what Export would save). */
  scenario: string;
  /** The simulated time to replay to, in ms (fractional: the exact moment). */
  at: number;
  view: LinkView;
}

export type DecodedLink =
  | { kind: 'run'; link: RunLink; scenario: Scenario }
  | { kind: 'builtin'; name: string; at?: number };

/** Fragments longer than this are refused before anything is decoded (about 48 KB of deflated data). */
export const MAX_LINK_CHARS = 64 * 1024;
const LINK_VERSION = 1;
const MAX_VIEW_FIELD = 256;
/** A built-in scenario's name, in `public/scenarios/` or its `lessons/` and `incidents/` folders. */
const BUILTIN_NAME = /^(?:(?:lessons|incidents)\/)?[a-z0-9][a-z0-9-]{0,62}$/;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += B64[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += B64[n & 63]!;
  }
  return out;
}

export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const c = [0, 1, 2, 3].map((k) => (i + k < text.length ? B64.indexOf(text[i + k]!) : 0));
    const n = (c[0]! << 18) | (c[1]! << 12) | (c[2]! << 6) | c[3]!;
    out[o++] = (n >> 16) & 255;
    if (i + 2 < text.length) out[o++] = (n >> 8) & 255;
    if (i + 3 < text.length) out[o++] = n & 255;
  }
  return out.subarray(0, o);
}

/** Inflate with a ceiling on the output: fed in small chunks, it stops as soon as the output is too big. */
function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array | string {
  const parts: Uint8Array[] = [];
  let size = 0;
  let tooBig = false;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > maxBytes) tooBig = true;
    else parts.push(chunk);
  });
  try {
    for (let i = 0; i < data.length && !tooBig; i += 1024) inflater.push(data.subarray(i, i + 1024), i + 1024 >= data.length);
  } catch (e) {
    return `the link is damaged (${e instanceof Error ? e.message : String(e)}); was it cut short when it was copied?`;
  }
  if (tooBig) return `the link unpacks to more than ${maxBytes} bytes, the most a scenario may have`;
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function encodeRunLink(link: RunLink): string {
  const json = JSON.stringify({ v: LINK_VERSION, scenario: link.scenario, at: link.at, view: link.view });
  return `run=${base64url(deflateSync(strToU8(json), { level: 9 }))}`;
}

export function builtinLink(name: string, at?: number): string {
  return `scenario=${name}${at !== undefined ? `&at=${Math.round(at)}ms` : ''}`;
}

/** The fragment of a link, whatever was pasted: a whole URL, `#run=...`, or `run=...`. */
export function fragmentOf(input: string): string {
  const t = input.trim();
  const hash = t.indexOf('#');
  return hash >= 0 ? t.slice(hash + 1) : t;
}

/** Is this argument a link (or a bare fragment) rather than a file name? */
export function looksLikeLink(arg: string): boolean {
  const f = fragmentOf(arg);
  return /^https?:\/\//.test(arg) || arg.startsWith('#') || f.startsWith('run=') || f.startsWith('scenario=');
}

function readView(v: unknown): LinkView | string {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'view: expected an object';
  const out: LinkView = {};
  for (const [k, x] of Object.entries(v)) {
    if (k !== 'follow' && k !== 'panel' && k !== 'selected') return `view: unknown field "${k.slice(0, 40)}"`;
    if (typeof x !== 'string' || x.length > MAX_VIEW_FIELD) return `view.${k}: expected a string of at most ${MAX_VIEW_FIELD} characters`;
    out[k] = x;
  }
  return out;
}

/** Decode a link into what it asks for, or a readable reason why it cannot be opened. */
export function decodeLink(input: string): DecodedLink | { error: string } {
  const fragment = fragmentOf(input);
  if (fragment.length > MAX_LINK_CHARS) return { error: `the link is ${fragment.length} characters long; the most Kubeplay opens is ${MAX_LINK_CHARS}` };
  const params = new Map<string, string>();
  for (const part of fragment.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    if (key === 'run' || key === 'scenario' || key === 'at') params.set(key, part.slice(eq + 1));
  }
  const name = params.get('scenario');
  if (name !== undefined) {
    if (!BUILTIN_NAME.test(name)) return { error: `"${name.slice(0, 64)}" is not the name of a built-in scenario` };
    const atText = params.get('at');
    if (atText === undefined) return { kind: 'builtin', name };
    const at = parseDuration(decodeURIComponent(atText));
    if (at === undefined) return { error: `at: invalid duration "${atText.slice(0, 32)}"` };
    return { kind: 'builtin', name, at };
  }
  const run = params.get('run');
  if (run === undefined) return { error: 'this is not a Kubeplay link: it has neither #run= nor #scenario=' };
  const bytes = fromBase64url(run);
  if (!bytes) return { error: 'the link is damaged: it has characters a link cannot have; was it cut short when it was copied?' };
  const json = inflateBounded(bytes, MAX_SCENARIO_BYTES + 4096);
  if (typeof json === 'string') return { error: json };
  let doc: unknown;
  try {
    doc = JSON.parse(strFromU8(json));
  } catch {
    return { error: 'the link is damaged: what it holds is not JSON' };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { error: 'the link is damaged: expected an object' };
  const d = doc as Record<string, unknown>;
  for (const k of Object.keys(d)) if (!['v', 'scenario', 'at', 'view'].includes(k)) return { error: `the link has an unknown field "${k.slice(0, 40)}"` };
  if (typeof d.v !== 'number') return { error: 'the link is damaged: its version is not a number' };
  if (d.v !== LINK_VERSION) return { error: `the link is of version ${String(d.v).slice(0, 20)}; this Kubeplay opens version ${LINK_VERSION}` };
  if (typeof d.scenario !== 'string') return { error: 'the link holds no scenario' };
  if (typeof d.at !== 'number' || !Number.isFinite(d.at) || d.at < 0 || d.at > MAX_PAUSE_AT_MS) return { error: 'at: expected a simulated time between 0 and 7 days, in ms' };
  const view = readView(d.view);
  if (typeof view === 'string') return { error: view };
  const parsed = parseScenario(d.scenario, 'link');
  if (!parsed.ok) return { error: `the scenario in the link is invalid: ${parsed.errors.slice(0, 3).map(formatScenarioError).join('; ')}` };
  return { kind: 'run', link: { scenario: d.scenario, at: d.at, view }, scenario: parsed.scenario };
}
