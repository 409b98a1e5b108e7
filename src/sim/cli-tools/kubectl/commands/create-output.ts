// What `kubectl create` (every generator and `-f`) and `kubectl run` print for each object they
// created, by -o: nothing given, `kind/name created` (with the dry-run suffix); `name`, `kind/name`
// alone (cli-runtime NamePrinter with ShortOutput drops the operation); json, yaml, jsonpath and
// go-template, the object itself: the server's answer, or under --dry-run=client the object kubectl
// built. One printer serves the whole command (create.go ToPrinter once, PrintObj per object), so
// YAML separates the second and later objects with `---` (printers.YAMLPrinter's printCount).
// A format no printer takes is refused before any request (checked against kubectl v1.31.9:
// `kubectl create configmap c --from-literal=a=b -o wide` creates nothing).

import type { KubeObject } from '../../../api/types';
import { goMarshalIndentStruct } from '../../common/go-json';
import { goTemplate, GoTemplateError } from '../../common/go-template';
import { goYaml } from '../../common/go-yaml';
import { JsonPathError } from '../../common/jsonpath';
import { plain, type KubectlError } from '../errors';
import { goTemplateFailure, goTemplateOf, goTemplateParseError, printsObjects, printWrittenObjects, WRITE_OUTPUT_FORMATS } from '../printers/go-template-output';
import { dryRunSuffix, type DryRun } from './dry-run';

/** The -o value refused before anything is sent, or undefined when a printer takes it. */
export function createOutputError(output: string): KubectlError | undefined {
  if (output !== '' && output !== 'name' && !printsObjects(output)) return plain(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${WRITE_OUTPUT_FORMATS}`);
  return goTemplateParseError(output);
}

export interface CreatePrint {
  output: string;
  dryRun: DryRun;
  /** Objects printed so far by this command (the YAML printer's count). */
  printed: number;
}

/**
 * The text for one created object. `kindName` is `pod/web`; `obj` what the server answered (or, for
 * a client dry run, what kubectl built, whose managedFields are none anyway).
 */
export function printCreated(p: CreatePrint, kindName: string, obj: KubeObject, clientDryRun: boolean): { text: string } | { err: KubectlError } {
  const n = p.printed++;
  if (p.output === '') return { text: `${kindName} created${dryRunSuffix(p.dryRun)}\n` };
  if (p.output === 'name') return { text: `${kindName}\n` };
  const sep = p.output === 'yaml' && n > 0 ? '---\n' : '';
  try {
    // What kubectl built is printed in its struct's field order, with `creationTimestamp: null`.
    if (clientDryRun && p.output === 'yaml') return { text: sep + goYaml(obj) };
    if (clientDryRun && p.output === 'json') return { text: `${goMarshalIndentStruct(obj)}\n` };
    if (clientDryRun && goTemplateOf(p.output) !== undefined) return { text: goTemplate(goTemplateOf(p.output)!, JSON.parse(goMarshalIndentStruct(obj))) };
    return { text: sep + printWrittenObjects(p.output, [obj]) };
  } catch (e) {
    if (e instanceof GoTemplateError) return { err: goTemplateFailure(goTemplateOf(p.output)!, e) };
    if (e instanceof JsonPathError) return { err: plain(e.message) };
    throw e;
  }
}
