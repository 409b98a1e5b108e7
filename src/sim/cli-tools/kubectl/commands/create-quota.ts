// `kubectl create quota NAME [--hard=key1=value1,key2=value2] [--scopes=Scope1,Scope2]`
// (kubectl/pkg/cmd/create/create_quota.go, v1.31): a v1 ResourceQuota whose spec.hard is the parsed
// --hard list (populateResourceListV1: `Invalid argument syntax x, expected <resource>=<value>`, and
// the quantity parser's own error for a bad value) and whose spec.scopes is --scopes.

import { resourceForKind } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { canonicalQuantity, quantityError } from '../../../api/quantity';
import { flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

export function isQuotaSubcommand(word: string | undefined): boolean {
  return word === 'quota' || word === 'resourcequota';
}

/** populateResourceListV1: `cpu=1,memory=1G` as a ResourceList, or kubectl's error. */
function resourceList(spec: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const piece of spec.split(',')) {
    const parts = piece.split('=');
    if (parts.length !== 2) return `error: Invalid argument syntax ${piece}, expected <resource>=<value>\n`;
    const [name, value] = parts as [string, string];
    const bad = quantityError(value);
    if (bad) return `error: ${bad}\n`;
    out[name] = canonicalQuantity(value);
  }
  return out;
}

export function quotaForCreate(p: ParsedArgs, namespace: string): BuiltObject | string {
  const names = p.args.slice(1);
  if (names.length !== 1) return `error: exactly one NAME is required, got ${names.length}\nSee 'kubectl create quota -h' for help and examples\n`;
  const spec: Record<string, unknown> = {};
  const hardFlag = flagString(p, 'hard') ?? '';
  if (hardFlag) {
    const hard = resourceList(hardFlag);
    if (typeof hard === 'string') return hard;
    spec.hard = hard;
  }
  const scopes = (flagString(p, 'scopes') ?? '').split(',').filter((s) => s !== '');
  if (scopes.length) spec.scopes = scopes;
  const obj: KubeObject = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: names[0]!, namespace }, spec, status: {} };
  return { obj, info: resourceForKind('v1', 'ResourceQuota')!, warnings: '' };
}
