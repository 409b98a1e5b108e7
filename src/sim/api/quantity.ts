// resource.Quantity (k8s.io/apimachinery/pkg/api/resource): `500m`, `1.5`, `128Mi`, `2e3`.
// Parsing follows quantity.go's parseQuantityString and suffix.go: a signed decimal number, then a
// suffix that is a binary SI unit (Ki..Ei), a decimal SI unit (n, u, m, "", k, M, G, T, P, E) or a
// decimal exponent (e3, E-2). Values are kept exact (BigInt) while parsing, then scaled the way
// Quantity.MilliValue / Value do: rounded up, so `0.1m` of CPU is 1 milli-CPU and `1.5` bytes is 2.

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

/** A parsed quantity: its value in milli-units (milli-CPU, milli-bytes) and the format it was written in. */
export interface Quantity {
  /** The value times 1000, rounded up (away from zero), as Quantity.MilliValue. */
  value: number;
  format: QuantityFormat;
}

/** The regular expression the apiserver names when a quantity does not parse (resource.ErrFormatWrong). */
export const QUANTITY_REGEXP = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${QUANTITY_REGEXP}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

export class QuantityError extends Error {}

/** An exact quantity: sign * mantissa * 10^exp10 * 2^exp2. */
interface Exact {
  negative: boolean;
  mantissa: bigint;
  exp10: number;
  exp2: number;
  format: QuantityFormat;
}

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const SUFFIX_CHARS = 'eEinumkKMGTP';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** Split a quantity string into sign, integer digits, fraction digits and suffix (parseQuantityString). */
function split(str: string): { negative: boolean; num: string; denom: string; suffix: string } {
  let pos = 0;
  let negative = false;
  if (str[0] === '-' || str[0] === '+') {
    negative = str[0] === '-';
    pos++;
  }
  const numStart = pos;
  while (isDigit(str[pos])) pos++;
  const num = str.slice(numStart, pos);
  let denom = '';
  if (str[pos] === '.') {
    const denomStart = ++pos;
    while (isDigit(str[pos])) pos++;
    denom = str.slice(denomStart, pos);
  }
  const suffixStart = pos;
  while (pos < str.length && SUFFIX_CHARS.includes(str[pos]!)) pos++;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (isDigit(str[pos])) pos++;
  // A character that is neither part of the number nor of a suffix: the string is malformed.
  if (pos < str.length) throw new QuantityError(ERR_FORMAT_WRONG);
  return { negative, num, denom, suffix: str.slice(suffixStart) };
}

/** Interpret a suffix as a base-10 or base-2 exponent (suffix.go's interpret). */
function interpretSuffix(suffix: string): { exp10: number; exp2: number; format: QuantityFormat } {
  const dec = DECIMAL_SUFFIXES[suffix];
  if (dec !== undefined) return { exp10: dec, exp2: 0, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES[suffix];
  if (bin !== undefined) return { exp10: 0, exp2: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[-+]?[0-9]+$/.test(suffix.slice(1))) {
    return { exp10: Number(suffix.slice(1)), exp2: 0, format: 'DecimalExponent' };
  }
  throw new QuantityError(ERR_SUFFIX);
}

function parseExact(input: string): Exact {
  const str = input.trim();
  if (str.length === 0) throw new QuantityError(ERR_FORMAT_WRONG);
  // parseQuantityString reads a sign followed only by zeros (or nothing) as zero.
  if (/^[+-]?0*$/.test(str)) return { negative: false, mantissa: 0n, exp10: 0, exp2: 0, format: 'DecimalSI' };
  const { negative, num, denom, suffix } = split(str);
  const { exp10, exp2, format } = interpretSuffix(suffix);
  if (num.length === 0 && denom.length === 0) throw new QuantityError(ERR_NUMERIC);
  const mantissa = BigInt((num + denom).replace(/^0+/, '') || '0');
  return { negative, mantissa, exp10: exp10 - denom.length, exp2, format };
}

/** Past this a value is no longer a finite double; quantities are clamped to it (`1e999999999`). */
const HUGE = 2n ** 1023n;
const DIGITS_OF_HUGE = 308;

/**
 * ceil(|q| * 10^scale10) with q's sign: Quantity.ScaledValue rounds away from zero. An exponent
 * far out of range (`1e999999999`, `1e-999999999`) is not computed digit by digit, which would
 * take forever: the value is the largest double, or the smallest step above zero.
 */
function scaled(q: Exact, scale10: number): bigint {
  // Zero times any power is zero (`0e999999999`, `0.000Ei`): never build the power.
  if (q.mantissa === 0n) return 0n;
  const e10 = q.exp10 + scale10;
  const digits = q.mantissa.toString().length;
  if (e10 + digits > DIGITS_OF_HUGE) return q.negative ? -HUGE : HUGE;
  if (e10 + digits < -DIGITS_OF_HUGE && q.exp2 <= 0) return q.negative ? -1n : 1n;
  let numer = q.mantissa;
  let denom = 1n;
  if (e10 >= 0) numer *= 10n ** BigInt(e10);
  else denom *= 10n ** BigInt(-e10);
  if (q.exp2 >= 0) numer *= 2n ** BigInt(q.exp2);
  else denom *= 2n ** BigInt(-q.exp2);
  let v = numer / denom;
  if (v * denom !== numer) v += 1n;
  return q.negative ? -v : v;
}

/** Parse a quantity; throws QuantityError with the apiserver's message when it is malformed. */
export function parseQuantity(s: string): Quantity {
  const q = parseExact(s);
  return { value: Number(scaled(q, 3)), format: q.format };
}

/** Parse a quantity, or undefined when it is malformed (for callers that run before validation). */
export function tryParseQuantity(s: string): Quantity | undefined {
  try {
    return parseQuantity(s);
  } catch (e) {
    if (e instanceof QuantityError) return undefined;
    throw e;
  }
}

/** Quantity.Cmp: -1, 0 or 1 as a is less than, equal to or greater than b, whatever their formats. */
export function compareQuantity(a: Quantity, b: Quantity): number {
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/** The quantity's problem as the apiserver words it, or undefined when it parses. */
export function quantityError(s: string): string | undefined {
  try {
    parseExact(s);
    return undefined;
  } catch (e) {
    if (e instanceof QuantityError) return e.message;
    throw e;
  }
}

/** CPU in milli-cores (`500m` -> 500, `1` -> 1000, `1.5` -> 1500). */
export function parseCpuMillis(s: string): number {
  return Number(scaled(parseExact(s), 3));
}

/** Memory or storage in bytes, rounded up (`128Mi` -> 134217728, `1G` -> 1000000000). */
export function parseBytes(s: string): number {
  return Number(scaled(parseExact(s), 0));
}

/** A plain count (pods), rounded up as Quantity.Value. */
export function parseCount(s: string): number {
  return parseBytes(s);
}

const DECIMAL_BY_EXP: Record<number, string> = { [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_BY_EXP = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/**
 * The canonical string of a quantity, as Quantity.String prints it: the largest suffix that keeps the
 * number an integer (`1536Mi`, `1500m`, `2k`), binary quantities under 1024 printed in decimal.
 */
export function formatQuantity(q: Quantity): string {
  if (q.value === 0) return '0';
  const negative = q.value < 0;
  let milli = BigInt(Math.abs(q.value));
  const sign = negative ? '-' : '';
  if (q.format === 'BinarySI' && milli % 1000n === 0n && milli >= 1024n * 1000n) {
    let units = milli / 1000n;
    let k = 0;
    while (k < BINARY_BY_EXP.length - 1 && units % 1024n === 0n) {
      units /= 1024n;
      k++;
    }
    return `${sign}${units}${BINARY_BY_EXP[k]}`;
  }
  // Decimal: strip factors of ten, then step the exponent down to a multiple of three.
  let exp = -3;
  while (milli % 10n === 0n) {
    milli /= 10n;
    exp++;
  }
  const cap = q.format === 'DecimalSI' ? 18 : Infinity;
  while (exp % 3 !== 0 || exp > cap) {
    milli *= 10n;
    exp--;
  }
  if (q.format === 'DecimalExponent') return `${sign}${milli}${exp === 0 ? '' : `e${exp}`}`;
  return `${sign}${milli}${DECIMAL_BY_EXP[exp]}`;
}

/** Milli-CPU as Kubernetes prints it (`100m`, `1`, `2500m`). */
export function formatCpuMillis(millis: number): string {
  return formatQuantity({ value: millis, format: 'DecimalSI' });
}

/** Bytes as Kubernetes prints a BinarySI quantity (`128Mi`, `1Gi`, `1000`). */
export function formatBytes(bytes: number): string {
  return formatQuantity({ value: bytes * 1000, format: 'BinarySI' });
}

/** Re-print a quantity string canonically (`1.5Gi` -> `1536Mi`, `1000m` -> `1`). */
export function canonicalQuantity(s: string): string {
  return formatQuantity(parseQuantity(s));
}
