// `kubectl describe configmap` and `kubectl describe secret` (describeConfigMap and describeSecret
// in kubectl/pkg/describe/describe.go, v1.31). A ConfigMap prints each data value whole under
// `key:` and `----`, then binaryData sizes; a Secret prints only sizes (`N bytes`), never values.
// Go ranges over the maps in random order; Kubeplay prints keys sorted, one of the orders kubectl
// may print.

import { decodeBase64 } from '../../../api/base64';
import type { Event, KubeObject } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

const LAST_APPLIED = ['kubectl.kubernetes.io/last-applied-configuration'];

function header(o: KubeObject): string {
  const m = o.metadata;
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', LAST_APPLIED);
  return s;
}

function sortedEntries(map: unknown): [string, string][] {
  if (typeof map !== 'object' || map === null) return [];
  return Object.entries(map as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function byteCount(value: string): number {
  const d = decodeBase64(value);
  return 'bytes' in d ? d.bytes.length : 0;
}

export function describeConfigMap(cm: KubeObject, events: Event[], now: number): string {
  let s = header(cm);
  s += '\nData\n====\n';
  // Each value is followed by an empty line (kubectl v1.31's describeConfigMap, checked in src/serve/kubectl-compare.test.ts).
  for (const [k, v] of sortedEntries(cm.data)) s += `${k}:\n----\n${v}\n\n`;
  s += '\nBinaryData\n====\n';
  for (const [k, v] of sortedEntries(cm.binaryData)) s += `${k}: ${byteCount(v)} bytes\n`;
  s += '\n';
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}

export function describeSecret(secret: KubeObject): string {
  let s = header(secret);
  s += `\nType:\t${String(secret.type ?? '')}\n`;
  s += '\nData\n====\n';
  for (const [k, v] of sortedEntries(secret.data)) {
    // A service-account token is printed whole; every other value only by its size.
    if (k === 'token' && secret.type === 'kubernetes.io/service-account-token') {
      const d = decodeBase64(v);
      s += `${k}:\t${'bytes' in d ? String.fromCharCode(...d.bytes) : ''}\n`;
    } else s += `${k}:\t${byteCount(v)} bytes\n`;
  }
  return tabwrite(s, KUBECTL_DESCRIBE);
}
