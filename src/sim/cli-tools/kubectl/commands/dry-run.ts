// `--dry-run=none|client|server` as every writing verb reads it (cmdutil.GetDryRunStrategy in
// kubectl/pkg/cmd/util/helpers.go) and the suffix the printers add to the operation
// (PrintFlagsWithDryRunStrategy: `pod/web created (dry run)`, `pod/web created (server dry run)`).
// A server dry run sends `?dryRun=All`: the apiserver runs admission and validation and stores
// nothing. The deprecated boolean forms are taken (`true` is client, `false` is none) without
// klog's deprecation line, whose timestamped prefix the simulation does not print.

import { plain, type KubectlError } from '../errors';
import { flagString, type ParsedArgs } from '../flags';

export type DryRun = 'none' | 'client' | 'server';

export function dryRunOf(p: ParsedArgs): DryRun | KubectlError {
  const v = flagString(p, 'dry-run') ?? 'none';
  if (v === 'client' || v === 'true' || v === 'unchanged') return 'client';
  if (v === 'server') return 'server';
  if (v === 'none' || v === 'false') return 'none';
  return plain(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

/** What the printer adds after the operation: ` (dry run)`, ` (server dry run)` or nothing. */
export function dryRunSuffix(d: DryRun): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}

/** The query a write sends: `dryRun=All` for a server dry run (resource.Helper.DryRun). */
export function dryRunQuery(d: DryRun): Record<string, string> {
  return d === 'server' ? { dryRun: 'All' } : {};
}
