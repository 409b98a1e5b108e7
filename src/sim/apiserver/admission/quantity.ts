// Just enough of resource.Quantity (k8s.io/apimachinery/pkg/api/resource) for LimitRanger: parse
// `500m`, `2`, `128Mi`, `1.5Gi`, `1e3`; compare; and print in canonical form, the way
// Quantity.String() does in the apiserver's messages (`1.5Gi` prints as `1536Mi`, `0.5` as `500m`).
// Values are exact BigInts of thousandths (milli-units), rounded up like ParseQuantity rounds to 1m.

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** The value in milli-units (1 = 1m). */
  milli: bigint;
  format: QuantityFormat;
}

const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const PATTERN = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

/** Rational a/b rounded up (towards positive infinity), as ParseQuantity rounds to milli precision. */
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

export function parseQuantity(text: string): Quantity | undefined {
  const m = PATTERN.exec(text.trim());
  if (!m) return undefined;
  const [, sign, num, suffix = ''] = m;
  const [int = '0', frac = ''] = num!.split('.');
  let numerator = BigInt((int || '0') + frac) * 1000n; // milli-units before scaling
  let denominator = 10n ** BigInt(frac.length);
  let format: QuantityFormat = 'DecimalSI';
  if (suffix in BINARY) {
    numerator *= 2n ** BigInt(BINARY[suffix]!);
    format = 'BinarySI';
  } else {
    const exp = suffix in DECIMAL ? DECIMAL[suffix]! : Number(suffix.slice(1));
    if (!(suffix in DECIMAL)) format = 'DecimalExponent';
    if (exp >= 0) numerator *= 10n ** BigInt(exp);
    else denominator *= 10n ** BigInt(-exp);
  }
  const milli = ceilDiv(numerator, denominator);
  return { milli: sign === '-' ? -milli : milli, format };
}

export function compareQuantity(a: Quantity, b: Quantity): number {
  return a.milli < b.milli ? -1 : a.milli > b.milli ? 1 : 0;
}

const DECIMAL_SUFFIX: Record<number, string> = { [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Quantity.String(): canonical form; BinarySI only for whole values of at least 1024. */
export function formatQuantity(q: Quantity): string {
  if (q.milli === 0n) return '0';
  const neg = q.milli < 0n;
  const abs = neg ? -q.milli : q.milli;
  const sign = neg ? '-' : '';
  const whole = abs % 1000n === 0n;
  if (q.format === 'BinarySI' && whole && abs / 1000n >= 1024n) {
    let v = abs / 1000n;
    let i = 0;
    while (v % 1024n === 0n && i < BINARY_SUFFIX.length - 1) {
      v /= 1024n;
      i++;
    }
    return `${sign}${v}${BINARY_SUFFIX[i]}`;
  }
  // Decimal: the smallest exponent that is a multiple of 3 and leaves an integer mantissa.
  let mantissa = abs;
  let exp = -3;
  while (mantissa % 1000n === 0n && exp < 18) {
    mantissa /= 1000n;
    exp += 3;
  }
  if (q.format === 'DecimalExponent') return exp === 0 ? `${sign}${mantissa}` : `${sign}${mantissa}e${exp}`;
  return `${sign}${mantissa}${DECIMAL_SUFFIX[exp]}`;
}

/** Canonical text of a quantity string, or the string itself if it does not parse. */
export function canonicalQuantity(text: string): string {
  const q = parseQuantity(text);
  return q ? formatQuantity(q) : text;
}
