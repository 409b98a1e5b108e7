// `kubectl create configmap NAME` and `kubectl create secret generic|tls|docker-registry NAME`: the
// objects kubectl/pkg/cmd/create/create_configmap.go and create_secret*.go build from
// --from-literal, --from-file=[key=]path (a file, or every file of a directory) and
// --from-env-file (kubectl/pkg/util/env_file.go processEnvFileLine), with kubectl's own error
// texts. Files come from the terminal's files (what `kubectl apply -f` reads); a line of an env file
// without `=` takes its value from kubectl's environment, which in Kubeplay is empty.

import { base64OfText } from '../../../api/base64';
import { resourceForKind, type ResourceInfo } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { isConfigMapKey } from '../../../api/validation/config';
import { regexError } from '../../../api/validation/names';
import { flagArray, flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

type Kind = 'ConfigMap' | 'Secret';

const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_RE = new RegExp(`^${ENV_VAR_NAME_FMT}$`);
const ENV_VAR_NAME_ERR = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";
const DOCKER_HUB = 'https://index.docker.io/v1/';

/** validation.IsEnvVarName (k8s.io/apimachinery/pkg/util/validation). */
export function isEnvVarName(name: string): string[] {
  const errs: string[] = [];
  if (!ENV_VAR_NAME_RE.test(name)) errs.push(regexError(ENV_VAR_NAME_ERR, ENV_VAR_NAME_FMT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  if (name === '.') errs.push("must not be '.'");
  else if (name === '..') errs.push("must not be '..'");
  else if (name.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

class CreateError extends Error {}

function usage(cmd: string, msg: string): string {
  return `error: ${msg}\nSee 'kubectl ${cmd} -h' for help and examples\n`;
}

/** The data being collected, with kubectl's per-kind key checks (addKeyFromLiteralToConfigMap / ToSecret). */
class DataBuilder {
  readonly data: Record<string, string> = {};
  constructor(
    private readonly kind: Kind,
    private readonly name: string,
  ) {}

  add(key: string, value: string): void {
    const errs = isConfigMapKey(key);
    if (errs.length) {
      throw new CreateError(this.kind === 'ConfigMap' ? `"${key}" is not a valid key name for a ConfigMap: ${errs.join(';')}` : `"${key}" is not valid key name for a Secret ${errs.join(';')}`);
    }
    if (Object.hasOwn(this.data, key)) {
      throw new CreateError(this.kind === 'ConfigMap' ? `cannot add key "${key}", another key by that name already exists in Data for ConfigMap "${this.name}"` : `cannot add key ${key}, another key by that name already exists`);
    }
    this.data[key] = this.kind === 'Secret' ? base64OfText(value) : value;
  }
}

function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

function readFile(files: Record<string, string>, path: string): string {
  if (!Object.hasOwn(files, path)) throw new CreateError(`error reading ${path}: no such file or directory`);
  return files[path]!;
}

/** The files directly inside a directory of the terminal's files, sorted as os.ReadDir returns them. */
function directoryFiles(files: Record<string, string>, dir: string): string[] | undefined {
  const prefix = `${dir.replace(/\/+$/, '')}/`;
  const inside = Object.keys(files).filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'));
  return inside.length ? inside.sort() : undefined;
}

function addFromFiles(b: DataBuilder, sources: string[], files: Record<string, string>): void {
  for (const source of sources) {
    const eq = source.indexOf('=');
    const key = eq >= 0 ? source.slice(0, eq) : undefined;
    const path = eq >= 0 ? source.slice(eq + 1) : source;
    if (eq === 0 || (eq >= 0 && !path)) throw new CreateError(`key names or file paths cannot be empty`);
    const inDir = Object.hasOwn(files, path) ? undefined : directoryFiles(files, path);
    if (inDir) {
      if (key !== undefined) throw new CreateError('cannot give a key name for a directory path');
      for (const f of inDir) b.add(basename(f), files[f]!);
    } else b.add(key ?? basename(path), readFile(files, path));
  }
}

function addFromLiterals(b: DataBuilder, literals: string[]): void {
  for (const lit of literals) {
    const eq = lit.indexOf('=');
    if (eq <= 0) throw new CreateError(`invalid literal source ${lit}, expected key=value`);
    b.add(lit.slice(0, eq), lit.slice(eq + 1));
  }
}

/** processEnvFileLine over each line: leading blanks trimmed, `#` comments and blank lines skipped. */
function addFromEnvFiles(b: DataBuilder, paths: string[], files: Record<string, string>): void {
  for (const path of paths) {
    const text = readFile(files, path);
    const lines = text.split('\n');
    lines.forEach((raw, i) => {
      let line = raw.replace(/\r$/, '');
      if (i === 0) line = line.replace(/^\uFEFF/, '');
      line = line.replace(/^\s+/, '');
      if (!line || line.startsWith('#')) return;
      const eq = line.indexOf('=');
      const key = eq >= 0 ? line.slice(0, eq) : line;
      const errs = isEnvVarName(key);
      if (errs.length) throw new CreateError(`"${key}" is not a valid key name: ${errs.join(';')}`);
      b.add(key, eq >= 0 ? line.slice(eq + 1) : '');
    });
  }
}

function metadata(name: string, namespace: string, namespaceExplicit: boolean): KubeObject['metadata'] {
  // ObjectMeta's field order, as kubectl's JSON printer writes the struct; a zero metav1.Time
  // marshals as null (`creationTimestamp: null` in kubectl v1.31's dry-run output).
  const zeroTime = null as unknown as string;
  return namespaceExplicit ? { name, namespace, creationTimestamp: zeroTime } : { name, creationTimestamp: zeroTime };
}

function fill(b: DataBuilder, p: ParsedArgs, files: Record<string, string>): void {
  const fromFile = flagArray(p, 'from-file');
  const literals = flagArray(p, 'from-literal');
  const envFiles = flagArray(p, 'from-env-file');
  if (envFiles.length && (fromFile.length || literals.length)) throw new CreateError('from-env-file cannot be combined with from-file or from-literal');
  addFromFiles(b, fromFile, files);
  addFromLiterals(b, literals);
  addFromEnvFiles(b, envFiles, files);
}

function built(kind: Kind, obj: KubeObject): BuiltObject {
  return { obj, info: resourceForKind('v1', kind) as ResourceInfo, warnings: '' };
}

function configMap(name: string, p: ParsedArgs, ns: string, explicit: boolean, files: Record<string, string>): BuiltObject {
  const b = new DataBuilder('ConfigMap', name);
  fill(b, p, files);
  const obj: KubeObject = { kind: 'ConfigMap', apiVersion: 'v1', metadata: metadata(name, ns, explicit) };
  if (Object.keys(b.data).length) obj.data = b.data;
  return built('ConfigMap', obj);
}

function secret(name: string, ns: string, explicit: boolean, data: Record<string, string>, type: string): BuiltObject {
  const obj: KubeObject = { kind: 'Secret', apiVersion: 'v1', metadata: metadata(name, ns, explicit) };
  if (Object.keys(data).length) obj.data = data;
  if (type) obj.type = type;
  return built('Secret', obj);
}

function pemBlock(text: string, what: 'certificate' | 'key'): void {
  if (!/-----BEGIN [A-Z ]+-----/.test(text)) throw new CreateError(`tls: failed to find any PEM data in ${what} input`);
}

function tlsSecret(name: string, p: ParsedArgs, ns: string, explicit: boolean, files: Record<string, string>): BuiltObject {
  const cert = flagString(p, 'cert') ?? '';
  const key = flagString(p, 'key') ?? '';
  if (!cert || !key) throw new CreateError('key and cert must be specified');
  const read = (path: string): string => {
    if (!Object.hasOwn(files, path)) throw new CreateError(`Cannot read file ${path}, open ${path}: no such file or directory`);
    return files[path]!;
  };
  const certText = read(cert);
  const keyText = read(key);
  pemBlock(certText, 'certificate');
  pemBlock(keyText, 'key');
  return secret(name, ns, explicit, { 'tls.crt': base64OfText(certText), 'tls.key': base64OfText(keyText) }, 'kubernetes.io/tls');
}

function dockerRegistrySecret(name: string, p: ParsedArgs, ns: string, explicit: boolean, files: Record<string, string>): BuiltObject {
  if (flagArray(p, 'from-file').length) {
    const b = new DataBuilder('Secret', name);
    addFromFiles(b, flagArray(p, 'from-file'), files);
    return secret(name, ns, explicit, b.data, 'kubernetes.io/dockerconfigjson');
  }
  const username = flagString(p, 'docker-username') ?? '';
  const password = flagString(p, 'docker-password') ?? '';
  const server = flagString(p, 'docker-server') ?? DOCKER_HUB;
  const email = flagString(p, 'docker-email') ?? '';
  if (!username || !password || !server) {
    throw new CreateError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
  }
  // DockerConfigEntry's field order; email is omitempty.
  const entry: Record<string, string> = { username, password };
  if (email) entry.email = email;
  entry.auth = base64OfText(`${username}:${password}`);
  const json = JSON.stringify({ auths: { [server]: entry } });
  return secret(name, ns, explicit, { '.dockerconfigjson': base64OfText(json) }, 'kubernetes.io/dockerconfigjson');
}

const SECRET_SUBCOMMANDS = ['generic', 'tls', 'docker-registry'];

/** The help `kubectl create secret` prints without a subcommand. */
const SECRET_HELP = `Create a secret with specified type.

 A docker-registry type secret is for accessing a container registry.

 A generic type secret indicate an Opaque secret type.

 A tls type secret holds TLS certificate and its associated key.

Available Commands:
  docker-registry   Create a secret for use with a Docker registry
  generic           Create a secret from a local file, directory, or literal value
  tls               Create a TLS secret

Usage:
  kubectl create secret (docker-registry | generic | tls) [options]

Use "kubectl create secret <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

export function isConfigCreateSubcommand(typed: string | undefined): boolean {
  return typed === 'configmap' || typed === 'cm' || typed === 'secret';
}

/**
 * The object `kubectl create configmap|secret ...` builds, or what kubectl prints instead (an
 * error, or the secret command's help, which exits 0 and is returned as `{ help }`).
 */
export function objectForConfigCreate(p: ParsedArgs, namespace: string, namespaceExplicit: boolean, files: Record<string, string>): BuiltObject | string | { help: string } {
  const isSecret = p.args[0] === 'secret';
  const sub = isSecret ? p.args[1] : undefined;
  if (isSecret && sub === undefined) return { help: SECRET_HELP };
  if (isSecret && !SECRET_SUBCOMMANDS.includes(sub!)) {
    return usage('create secret', `unknown command "${p.args.slice(1).join(' ')}"`);
  }
  const cmd = isSecret ? `create secret ${sub}` : 'create configmap';
  const names = p.args.slice(isSecret ? 2 : 1);
  if (names.length !== 1) return usage(cmd, `exactly one NAME is required, got ${names.length}`);
  const name = names[0]!;
  try {
    if (!isSecret) return configMap(name, p, namespace, namespaceExplicit, files);
    if (sub === 'tls') return tlsSecret(name, p, namespace, namespaceExplicit, files);
    if (sub === 'docker-registry') return dockerRegistrySecret(name, p, namespace, namespaceExplicit, files);
    const b = new DataBuilder('Secret', name);
    fill(b, p, files);
    return secret(name, namespace, namespaceExplicit, b.data, flagString(p, 'type') ?? '');
  } catch (e) {
    if (e instanceof CreateError) return `error: ${e.message}\n`;
    throw e;
  }
}
