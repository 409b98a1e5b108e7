// `kubectl describe serviceaccount` (ServiceAccountDescriber and describeServiceAccount in
// kubectl/pkg/describe/describe.go, v1.31): kubectl LISTs the namespace's Secrets (an error there is
// tolerated), takes as Tokens the service-account-token Secrets annotated with the account's name
// and uid, marks a mountable or image pull secret missing from the list `(not found)`, and prints
// the three headers in sorted order, each name under the previous one, then the events.

import type { Event, KubeObject } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

interface ServiceAccount extends KubeObject {
  secrets?: { name?: string }[];
  imagePullSecrets?: { name?: string }[];
}

/** The padding of a header's second and later names: as wide as `Image pull secrets:`. */
const EMPTY_HEADER = ' '.repeat(19);

/** `secrets`: the namespace's Secrets, or undefined when listing them failed (nothing is then marked missing). */
export function describeServiceAccount(sa: ServiceAccount, secrets: KubeObject[] | undefined, events: Event[], now: number): string {
  const name = sa.metadata.name ?? '';
  const uid = sa.metadata.uid ?? '';
  const tokens = (secrets ?? []).filter(
    (s) =>
      (s as { type?: string }).type === 'kubernetes.io/service-account-token' &&
      (s.metadata.annotations?.['kubernetes.io/service-account.name'] ?? '') === name &&
      (s.metadata.annotations?.['kubernetes.io/service-account.uid'] ?? '') === uid,
  );
  const existing = new Set((secrets ?? []).map((s) => s.metadata.name));
  const missing = (n: string): boolean => secrets !== undefined && !existing.has(n);
  let s = `Name:\t${name}\nNamespace:\t${sa.metadata.namespace ?? ''}\n`;
  s += multiline('Labels', sa.metadata.labels, '=');
  s += multiline('Annotations', sa.metadata.annotations, ': ');
  const headers: [string, string[]][] = [
    ['Image pull secrets:', (sa.imagePullSecrets ?? []).map((r) => r.name ?? '')],
    ['Mountable secrets: ', (sa.secrets ?? []).map((r) => r.name ?? '')],
    ['Tokens:            ', tokens.map((t) => t.metadata.name ?? '')],
  ];
  for (const [header, names] of headers) {
    if (names.length === 0) s += `${header}\t<none>\n`;
    names.forEach((n, i) => {
      s += `${i === 0 ? header : EMPTY_HEADER}\t${n}${missing(n) ? ' (not found)' : ''}\n`;
    });
  }
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
