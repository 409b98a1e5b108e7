// monaco-yaml (yaml-language-server) words its schema problems for people who write JSON Schemas:
// `Incorrect type. Expected "io.k8s.api.core.v1.Container".` names the OpenAPI definition id, and
// every message is English. This rewrites the messages it is known to produce
// (yaml-language-server's jsonParser: typeMismatchWarning, DisallowedExtraPropWarning,
// MissingRequiredPropWarning, enumWarning, constWarning, dateTimeFormatWarning) in plain words, in
// the app's language; anything else passes through unchanged.

import type { Lang } from '../../app/strings';
import { YAML_STRINGS, type SchemaType, type YamlStrings } from './yaml-strings';

const SCHEMA_TYPES = new Set<string>(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);

/**
 * What one expected type is called: a JSON Schema type (`integer`), an OpenAPI definition id
 * (`io.k8s.api.core.v1.Container`, its last part is the Kubernetes type's name) or yaml-language-
 * server's `object(Title)`.
 */
export function plainType(t: string, s: YamlStrings): string {
  const word = t.trim();
  if (SCHEMA_TYPES.has(word)) return s.types[word as SchemaType];
  const titled = /^object\((.+)\)$/.exec(word);
  if (titled) return s.types.object;
  if (/^io\.k8s\./.test(word)) return s.kubeType(word.slice(word.lastIndexOf('.') + 1));
  return word;
}

export function plainSchemaMessage(message: string, lang: Lang): string {
  const s = YAML_STRINGS[lang];
  let m: RegExpExecArray | null;
  if ((m = /^Incorrect type\. Expected "(.+)"\.$/.exec(message))) return s.wrongType(plainType(m[1]!, s));
  if ((m = /^Incorrect type\. Expected one of (.+)\.$/.exec(message))) return s.wrongTypeOneOf(m[1]!.split(', ').map((t) => plainType(t, s)));
  if ((m = /^Property (.+) is not allowed\.$/.exec(message))) return s.unknownField(m[1]!);
  if ((m = /^Missing property "(.+)"\.$/.exec(message))) return s.missingField(m[1]!);
  if ((m = /^Value is not accepted\. Valid values: (.+)\.$/s.exec(message))) return s.notAllowedValue(m[1]!);
  if ((m = /^Value must be (.+)\.$/.exec(message))) return s.mustBe(m[1]!);
  if (message === 'String is not a RFC3339 date-time.') return s.dateTime;
  return message;
}
