// field.Error from k8s.io/apimachinery/pkg/util/validation/field: `<path>: <Type>[: <value>][: <detail>]`.

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
  /** The bad value; printed for Invalid, Unsupported, Duplicate, Not found. */
  value?: unknown;
  detail?: string;
}

/** Go's %#v-ish rendering the apiserver uses for values: strings quoted, numbers bare. */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function formatFieldError(e: FieldError): string {
  const withValue = e.type === 'Invalid value' || e.type === 'Unsupported value' || e.type === 'Duplicate value' || e.type === 'Not found';
  let s = `${e.field}: ${e.type}`;
  if (withValue && e.value !== undefined) s += `: ${formatValue(e.value)}`;
  if (e.detail) s += `: ${e.detail}`;
  return s;
}
