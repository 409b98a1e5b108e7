// `-o go-template=TEMPLATE` (and its alias `-o template=TEMPLATE`), as kubectl's PrintFlags read it
// (k8s.io/cli-runtime/pkg/genericclioptions/template_flags.go), and the errors kubectl prints when
// the template does not parse or does not run (printers/template.go); and the objects a write verb
// prints when it is given one of the object formats.

import type { KubeObject } from '../../../api/types';
import { checkGoTemplate, goTemplate, GoTemplateError } from '../../common/go-template';
import { goMarshalIndent } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import { jsonpathTemplate } from '../../common/jsonpath';
import { plain, type KubectlError } from '../errors';

/** The template of a go-template output format, or undefined for any other format. */
export function goTemplateOf(output: string): string | undefined {
  const m = /^(?:go-template|template)(?:=([\s\S]*))?$/.exec(output);
  return m ? (m[1] ?? '') : undefined;
}

/** A template that does not parse stops kubectl before it asks the server anything. */
export function goTemplateParseError(output: string): KubectlError | undefined {
  const template = goTemplateOf(output);
  if (template === undefined) return undefined;
  if (template === '') return plain('template format specified but no template given');
  try {
    checkGoTemplate(template);
    return undefined;
  } catch (e) {
    if (e instanceof GoTemplateError) return plain(`error parsing template ${template}, template: output:1: ${e.message}`);
    throw e;
  }
}

/** A template that fails while it runs on the object. */
export function goTemplateFailure(template: string, e: GoTemplateError): KubectlError {
  return plain(`error executing template "${template}": template: output:1: executing "output": ${e.message}`);
}

/** The formats a write verb's PrintFlags accept (apply, patch): sorted, as kubectl lists them. */
export const WRITE_OUTPUT_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** The object formats (not `name`): kubectl prints the objects themselves instead of `kind/name created`. */
export function printsObjects(output: string): boolean {
  return output === 'json' || output === 'yaml' || output.startsWith('jsonpath=') || goTemplateOf(output) !== undefined;
}

/**
 * The object (or the list's items) without metadata.managedFields: the json and yaml printers
 * leave them out unless --show-managed-fields (printers.OmitManagedFieldsPrinter, used by
 * genericclioptions JSONYamlPrintFlags.ToPrinter).
 */
export function omitManagedFields<T>(value: T, show = false): T {
  if (show || typeof value !== 'object' || value === null) return value;
  const v = value as { metadata?: Record<string, unknown>; items?: unknown[] };
  let out = value;
  if (v.metadata && typeof v.metadata === 'object' && 'managedFields' in v.metadata) {
    const meta = { ...v.metadata };
    delete meta.managedFields;
    out = { ...out, metadata: meta };
  }
  if (Array.isArray(v.items)) out = { ...out, items: v.items.map((i) => omitManagedFields(i)) };
  return out;
}

/** The objects a write verb printed, one alone or several in a v1 List (apply.go printObjects). */
export function printWrittenObjects(output: string, objects: KubeObject[], showManagedFields = false): string {
  const shown = output === 'json' || output === 'yaml' ? objects.map((o) => omitManagedFields(o, showManagedFields)) : objects;
  const value: unknown = shown.length === 1 ? shown[0] : { apiVersion: 'v1', items: shown, kind: 'List', metadata: { resourceVersion: '' } };
  if (output === 'json') return goMarshalIndent(value) + '\n';
  if (output === 'yaml') return goYaml(value);
  const template = goTemplateOf(output);
  if (template !== undefined) return goTemplate(template, value);
  return jsonpathTemplate(output.slice('jsonpath='.length), value);
}
