// `-f <file|dir|->`: how kubectl's resource builder turns files into objects (cli-runtime
// resource/visitor.go and mapper.go). A file is cut into YAML documents; a parse error ends that
// file's stream ("error parsing web.yaml: error converting YAML to JSON: yaml: line 8: ..."); a
// document without kind, or with a kind the server does not serve, is an error for that document
// only. `kind: List` documents are flattened. Objects get the command's namespace when they have
// none; with an explicit -n, an object in another namespace is an error.

import type { KubeObject } from '../../api/types';
import { apiVersionOf, resourceForKind, type ResourceInfo } from '../../api/resources';
import { metadataTypeError } from '../../api/validation/strict-decode';
import { resourcePath } from '../../client/apiclient';
import { goMarshal } from '../common/go-json';
import { parseYamlChunk, splitYamlDocuments } from '../common/yaml-docs';
import type { CliExec } from '../protocol';
import { plain, type KubectlError } from './errors';
import { flagBool, type ParsedArgs } from './flags';
import type { JobCommon } from './job';

export interface ManifestObject {
  obj: KubeObject;
  source: string;
  info: ResourceInfo;
  /** 1-based line of the YAML document that held the object, within its source (for the editor's markers); absent for objects a command built. */
  documentLine?: number;
}

export interface ManifestResult {
  objects: ManifestObject[];
  /** Errors of single documents or streams (the builder continues on error). */
  errors: KubectlError[];
  /** A path that does not exist stops everything before any request. */
  fatal?: KubectlError;
}

const EXTENSIONS = ['.json', '.yaml', '.yml'];

interface SourceFile {
  source: string;
  text: string;
}

function expandPaths(
  filenames: string[],
  files: Record<string, string>,
  stdin: string | undefined,
  recursive: boolean,
): SourceFile[] | KubectlError {
  const out: SourceFile[] = [];
  for (const name of filenames) {
    if (name === '-') {
      out.push({ source: 'STDIN', text: stdin ?? '' });
      continue;
    }
    if (name in files) {
      out.push({ source: name, text: files[name]! });
      continue;
    }
    const dir = name.endsWith('/') ? name : name + '/';
    const under = Object.keys(files)
      .filter((p) => p.startsWith(dir) && EXTENSIONS.some((e) => p.endsWith(e)))
      .filter((p) => recursive || !p.slice(dir.length).includes('/'))
      .sort();
    if (under.length === 0 && !Object.keys(files).some((p) => p.startsWith(dir))) {
      return plain(`the path "${name}" does not exist`);
    }
    for (const p of under) out.push({ source: p, text: files[p]! });
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mapObject(
  raw: Record<string, unknown>,
  source: string,
  ns: { namespace: string; explicit: boolean },
  documentLine: number,
): ManifestObject | KubectlError {
  const json = goMarshal(raw);
  if (typeof raw.kind !== 'string' || raw.kind === '') return plain(`unable to decode "${source}": Object 'Kind' is missing in '${json}'`);
  const typeError = metadataTypeError(raw);
  if (typeError) return plain(`unable to decode "${source}": ${typeError}`);
  if (typeof raw.apiVersion !== 'string' || raw.apiVersion === '') {
    return plain(`unable to decode "${source}": Object 'apiVersion' is missing in '${json}'`);
  }
  const meta = (isPlainObject(raw.metadata) ? raw.metadata : {}) as KubeObject['metadata'];
  const info = resourceForKind(raw.apiVersion, raw.kind);
  if (!info) {
    return plain(
      `resource mapping not found for name: "${meta.name ?? ''}" namespace: "${meta.namespace ?? ''}" from "${source}": ` +
        `no matches for kind "${raw.kind}" in version "${raw.apiVersion}"\nensure CRDs are installed first`,
    );
  }
  const obj = { ...raw, metadata: { ...meta } } as KubeObject;
  if (info.namespaced) {
    if (!obj.metadata.namespace) obj.metadata.namespace = ns.namespace;
    else if (ns.explicit && obj.metadata.namespace !== ns.namespace) {
      return plain(
        `the namespace from the provided object "${obj.metadata.namespace}" does not match the namespace "${ns.namespace}". ` +
          `You must pass '--namespace=${obj.metadata.namespace}' to perform this operation.`,
      );
    }
  } else delete obj.metadata.namespace;
  return { obj, source, info, documentLine };
}

function visitFile(file: SourceFile, ns: { namespace: string; explicit: boolean }, res: ManifestResult): void {
  for (const chunk of splitYamlDocuments(file.text)) {
    if (chunk.error) {
      res.errors.push(plain(`error parsing ${file.source}: ${chunk.error}`));
      return;
    }
    const parsed = parseYamlChunk(chunk.text);
    if (!parsed.ok) {
      res.errors.push(plain(`error parsing ${file.source}: error converting YAML to JSON: ${parsed.error}`));
      return;
    }
    if (parsed.value === null || parsed.value === undefined) continue;
    if (!isPlainObject(parsed.value)) {
      res.errors.push(plain(`error parsing ${file.source}: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${Array.isArray(parsed.value) ? 'array' : typeof parsed.value === 'string' ? 'string' : 'number'} into Go value of type map[string]interface {}`));
      return;
    }
    const docs =
      parsed.value.kind === 'List' && Array.isArray(parsed.value.items)
        ? (parsed.value.items as unknown[]).filter(isPlainObject)
        : [parsed.value];
    for (const d of docs) {
      const m = mapObject(d, file.source, ns, chunk.firstLine);
      if ('obj' in m) res.objects.push(m);
      else res.errors.push(m);
    }
  }
}

export function readManifests(opts: {
  filenames: string[];
  files: Record<string, string> | undefined;
  stdin: string | undefined;
  recursive: boolean;
  namespace: string;
  namespaceExplicit: boolean;
}): ManifestResult {
  const res: ManifestResult = { objects: [], errors: [] };
  const sources = expandPaths(opts.filenames, opts.files ?? {}, opts.stdin, opts.recursive);
  if (!Array.isArray(sources)) return { ...res, fatal: sources };
  for (const f of sources) visitFile(f, { namespace: opts.namespace, explicit: opts.namespaceExplicit }, res);
  return res;
}

/** The objects of `-f` (and `-R`) for apply, create and delete, in the command's namespace. */
export function readManifestsFromFlags(filenames: string[], p: ParsedArgs, exec: CliExec, common: JobCommon): ManifestResult {
  return readManifests({
    filenames,
    files: exec.files,
    stdin: exec.stdin,
    recursive: flagBool(p, 'recursive'),
    namespace: common.namespace,
    namespaceExplicit: common.namespaceExplicit,
  });
}

/** `pod/web`, `deployment.apps/web`: how kubectl's name printer names an object. */
export function kindSlashName(info: ResourceInfo, name: string): string {
  return `${info.kind.toLowerCase()}${info.group ? '.' + info.group : ''}/${name}`;
}

/** `pod "web"` as delete prints it. */
export function kindQuotedName(info: ResourceInfo, name: string): string {
  return `${info.kind.toLowerCase()}${info.group ? '.' + info.group : ''} "${name}"`;
}

/** resource.Info.String(): used in apply's "error when retrieving current configuration of:". */
export function infoString(info: ResourceInfo, name: string, namespace: string): string {
  const gv = info.group ? `${info.group}/${info.version}` : `/${info.version}`;
  return `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${info.kind}"\nName: "${name}", Namespace: "${namespace}"`;
}

export { apiVersionOf };

/** The REST path of a manifest's object: its collection, or with `withName` the object itself. */
export function manifestPath(o: ManifestObject, withName = true): string {
  return resourcePath({
    group: o.info.group || undefined,
    version: o.info.version,
    resource: o.info.resource,
    namespace: o.info.namespaced ? o.obj.metadata.namespace : undefined,
    name: withName ? o.obj.metadata.name : undefined,
  });
}
