// The cron schedule syntax the CronJob controller and validation use: github.com/robfig/cron/v3
// ParseStandard (parser.go), as kube-apiserver's validateScheduleFormat and the cronjob controller
// v2 call it. Five fields (minute hour day-of-month month day-of-week) with `*`, `?`, lists, ranges,
// steps and the month and weekday names, or a descriptor (@yearly, @annually, @monthly, @weekly,
// @daily, @midnight, @hourly, @every <duration>). Parse errors are robfig's own texts, which the
// apiserver returns as `spec.schedule: Invalid value: "...": <text>`. Next() follows spec.go's
// SpecSchedule.Next: the first whole minute strictly after t that matches, in the given zone.
// Written here rather than taken from npm: robfig's error texts and its day-of-month/day-of-week rule
// (both must match when either is `*`, otherwise either may) are what a learner sees.

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const DOW: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

/** A parsed schedule: the allowed values per field, and whether dom/dow were `*` (robfig's starBit). */
export interface CronSchedule {
  minute: boolean[];
  hour: boolean[];
  dom: boolean[];
  month: boolean[];
  dow: boolean[];
  domStar: boolean;
  dowStar: boolean;
  /** `@every 1h`: a constant delay instead (ConstantDelaySchedule), in ms, at least one second. */
  everyMs?: number;
}

class CronError extends Error {}

function fail(msg: string): never {
  throw new CronError(msg);
}

/** mustParseInt: strconv.Atoi's error text, and no negative numbers. */
function mustParseInt(expr: string): number {
  if (!/^[+-]?\d+$/.test(expr)) fail(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`);
  const n = Number(expr);
  if (n < 0) fail(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

function parseIntOrName(expr: string, names: Record<string, number> | undefined): number {
  const named = names && Object.hasOwn(names, expr.toLowerCase()) ? names[expr.toLowerCase()] : undefined;
  return named ?? mustParseInt(expr);
}

/** getRange: `*`, `?`, `N`, `N-M`, each with an optional `/step`. Returns the bits and the star flag. */
function getRange(expr: string, r: Bounds, bits: boolean[]): boolean {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0]!, r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1]!, r.names);
    else fail(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]!);
    if (singleDigit) end = r.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) fail(`too many slashes: ${expr}`);
  if (start < r.min) fail(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) fail(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) fail(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) fail(`step of range should be a positive number: ${expr}`);
  for (let i = start; i <= end; i += step) bits[i] = true;
  return star;
}

function getField(field: string, r: Bounds): { bits: boolean[]; star: boolean } {
  const bits: boolean[] = new Array<boolean>(r.max + 1).fill(false);
  let star = false;
  for (const expr of field.split(',').filter((x) => x !== '')) star = getRange(expr, r, bits) || star;
  return { bits, star };
}

const all = (r: Bounds): boolean[] => Array.from({ length: r.max + 1 }, (_, i) => i >= r.min);
const only = (r: Bounds, v: number): boolean[] => Array.from({ length: r.max + 1 }, (_, i) => i === v);

/** time.ParseDuration for @every: `1h30m`, `90s`, `500ms`. */
function goDurationMs(s: string): number | undefined {
  let total = 0;
  let consumed = '';
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    const unit = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms'];
    total += Number(m[1]) * unit;
    consumed += m[0];
  }
  return consumed === s && s !== '' ? total : undefined;
}

function parseDescriptor(spec: string): CronSchedule {
  const base = { minute: only(MINUTES, 0), hour: only(HOURS, 0), dom: all(DOM), month: all(MONTHS), dow: all(DOW), domStar: true, dowStar: true };
  switch (spec) {
    case '@yearly':
    case '@annually':
      return { ...base, dom: only(DOM, 1), month: only(MONTHS, 1), domStar: false };
    case '@monthly':
      return { ...base, dom: only(DOM, 1), domStar: false };
    case '@weekly':
      return { ...base, dow: only(DOW, 0), dowStar: false };
    case '@daily':
    case '@midnight':
      return base;
    case '@hourly':
      return { ...base, hour: all(HOURS) };
  }
  if (spec.startsWith('@every ')) {
    const d = spec.slice('@every '.length);
    const ms = goDurationMs(d);
    if (ms === undefined) fail(`failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(d)}`);
    // Every(): delays under a second are rounded up to one; otherwise whole seconds.
    return { ...base, everyMs: ms < 1000 ? 1000 : Math.floor(ms / 1000) * 1000 };
  }
  return fail(`unrecognized descriptor: ${spec}`);
}

/** cron.ParseStandard: the schedule, or robfig's error text. */
export function parseStandard(spec: string): CronSchedule | { error: string } {
  try {
    if (spec.length === 0) fail('empty spec string');
    let s = spec;
    if (s.startsWith('TZ=') || s.startsWith('CRON_TZ=')) {
      const i = s.indexOf(' ');
      // Zones in the schedule are refused by validation anyway; the parser only skips them.
      s = i < 0 ? '' : s.slice(i).trim();
    }
    if (s.startsWith('@')) return parseDescriptor(s);
    const fields = s.split(/\s+/).filter((x) => x !== '');
    if (fields.length !== 5) fail(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    const [mi, h, dm, mo, dw] = fields as [string, string, string, string, string];
    const minute = getField(mi, MINUTES);
    const hour = getField(h, HOURS);
    const dom = getField(dm, DOM);
    const month = getField(mo, MONTHS);
    const dow = getField(dw, DOW);
    return { minute: minute.bits, hour: hour.bits, dom: dom.bits, month: month.bits, dow: dow.bits, domStar: dom.star, dowStar: dow.star };
  } catch (e) {
    if (e instanceof CronError) return { error: e.message };
    throw e;
  }
}

/** The wall-clock fields of an instant in a zone (`UTC` without Intl). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function wallClock(unixMs: number, zone: string | undefined): WallClock {
  const d = new Date(unixMs);
  if (zone === undefined || isUTC(zone)) {
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), weekday: d.getUTCDay() };
  }
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' }).formatToParts(d);
  const get = (t: string): string => parts.find((p) => p.type === t)?.value ?? '0';
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), hour: Number(get('hour')), minute: Number(get('minute')), weekday: WEEKDAYS[get('weekday')] ?? 0 };
}

export function isUTC(zone: string): boolean {
  return ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Zulu', 'Etc/Zulu', 'UCT', 'Etc/UCT', 'Universal', 'Etc/Universal'].includes(zone);
}

/** Whether time.LoadLocation knows the zone (the IANA database, as Intl has it). */
export function knownTimeZone(zone: string): boolean {
  if (isUTC(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function dayMatches(s: CronSchedule, w: WallClock): boolean {
  const domMatch = s.dom[w.day] === true;
  const dowMatch = s.dow[w.weekday] === true;
  return s.domStar || s.dowStar ? domMatch && dowMatch : domMatch || dowMatch;
}

const MINUTE_MS = 60_000;

/**
 * SpecSchedule.Next: the first matching whole minute after unixMs (robfig searches at most five
 * years ahead and returns the zero time when nothing matches; here undefined). Whole days or hours
 * that do not match are skipped a day or an hour at a time, as spec.go's wrap-around loop does.
 */
export function nextAfter(s: CronSchedule, unixMs: number, zone?: string): number | undefined {
  if (s.everyMs !== undefined) return Math.floor(unixMs / 1000) * 1000 + s.everyMs;
  let t = Math.floor(unixMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const limit = unixMs + 5 * 366 * 24 * 60 * MINUTE_MS;
  while (t <= limit) {
    const w = wallClock(t, zone);
    if (!s.month[w.month] || !dayMatches(s, w)) {
      t += ((23 - w.hour) * 60 + (60 - w.minute)) * MINUTE_MS;
      continue;
    }
    if (!s.hour[w.hour]) {
      t += (60 - w.minute) * MINUTE_MS;
      continue;
    }
    if (!s.minute[w.minute]) {
      t += MINUTE_MS;
      continue;
    }
    return t;
  }
  return undefined;
}

/** The zone's offset from UTC at an instant, in minutes (0 for UTC or no zone). */
export function zoneOffsetMinutes(unixMs: number, zone: string | undefined): number {
  if (zone === undefined || isUTC(zone)) return 0;
  const w = wallClock(unixMs, zone);
  const asUTC = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUTC - Math.floor(unixMs / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}
