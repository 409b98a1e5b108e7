// field.Error from k8s.io/apimachinery/pkg/util/validation/field: `<path>: <Type>[: <value>][: <detail>]`.
// Error() is `Field + ": " + ErrorBody()`; ErrorBody prints the bad value for every type except
// Required, Forbidden, Too long and Internal error (errors.go, v1.31).

export type FieldErrorType =
  | 'Required value'
  | 'Invalid value'
  | 'Unsupported value'
  | 'Duplicate value'
  | 'Forbidden'
  | 'Too long'
  | 'Too many'
  | 'Not found'
  | 'Internal error';

export interface FieldError {
  type: FieldErrorType;
  /** `spec.containers[0].name` */
  field: string;
  /** The bad value; printed for Invalid, Unsupported, Duplicate, Not found, Too many. Undefined = omitted. */
  value?: unknown;
  detail?: string;
}

/** field.ErrorType as metav1.StatusCause.reason carries it (`FieldValueRequired`). */
const CAUSE_TYPES: Record<FieldErrorType, string> = {
  'Required value': 'FieldValueRequired',
  'Invalid value': 'FieldValueInvalid',
  'Unsupported value': 'FieldValueNotSupported',
  'Duplicate value': 'FieldValueDuplicate',
  Forbidden: 'FieldValueForbidden',
  'Too long': 'FieldValueTooLong',
  'Too many': 'FieldValueTooMany',
  'Not found': 'FieldValueNotFound',
  'Internal error': 'InternalError',
};

export function causeType(t: FieldErrorType): string {
  return CAUSE_TYPES[t];
}

/** Types whose ErrorBody never prints the value. */
const VALUE_OMITTED = new Set<FieldErrorType>(['Required value', 'Forbidden', 'Too long', 'Internal error']);

/**
 * The value as ErrorBody prints it: strings with %q, numbers and booleans with %v, nil as `null`,
 * anything else (maps, structs) as %#v, which Kubeplay approximates with JSON.
 */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isGoValue(v)) return v.goSyntax;
  return JSON.stringify(v);
}

/** A value pre-rendered in Go's %#v syntax (`core.Taint{Key:"a", ...}`), for the few messages that print structs. */
export interface GoValue {
  goSyntax: string;
}

function isGoValue(v: unknown): v is GoValue {
  return typeof v === 'object' && v !== null && typeof (v as GoValue).goSyntax === 'string';
}

/** ErrorBody: everything after `<field>: `. */
export function formatErrorBody(e: FieldError): string {
  let s: string = e.type;
  if (!VALUE_OMITTED.has(e.type) && e.value !== undefined) s += `: ${formatValue(e.value)}`;
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${formatErrorBody(e)}`;
}

// Constructors named as in the field package, so validation code reads like the Go it mirrors.

export function required(field: string, detail = ''): FieldError {
  return { type: 'Required value', field, detail };
}

export function invalid(field: string, value: unknown, detail = ''): FieldError {
  return { type: 'Invalid value', field, value, detail };
}

/** field.NotSupported: `supported values: "Always", "OnFailure", "Never"`. */
export function notSupported(field: string, value: unknown, valid: readonly string[]): FieldError {
  const detail = valid.length ? `supported values: ${valid.map((x) => JSON.stringify(x)).join(', ')}` : '';
  return { type: 'Unsupported value', field, value, detail };
}

export function duplicate(field: string, value: unknown): FieldError {
  return { type: 'Duplicate value', field, value };
}

export function forbidden(field: string, detail: string): FieldError {
  return { type: 'Forbidden', field, detail };
}

/** field.TooLong(path, value, max): `Too long: must have at most 262144 bytes`. */
export function tooLong(field: string, maxLength: number): FieldError {
  return { type: 'Too long', field, detail: `must have at most ${maxLength} bytes` };
}

/**
 * ErrorList.ToAggregate().Error(): one message alone, several as `[a, b]`, duplicates dropped
 * (apimachinery util/errors aggregate.Error).
 */
export function aggregateMessage(errs: readonly FieldError[]): string {
  const msgs = [...new Set(errs.map(formatFieldError))];
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}
