// `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME [--tcp=port:target,...]`:
// the Service kubectl/pkg/cmd/create/create_service.go builds (v1.31): labels and selector
// `app: NAME`, one TCP port per --tcp entry named after it with `:` made `-` (`80-80`), the target
// a number or a port name; --clusterip (`None` for headless), --node-port, --external-name. The
// messages are the ones kubectl v1.31.9 prints for a bad flag.

import { resourceForPath } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { isValidPortName, isValidPortNum } from '../../../api/validation/names';
import { flagArray, flagInt, flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

const TYPES: Record<string, string> = { clusterip: 'ClusterIP', nodeport: 'NodePort', loadbalancer: 'LoadBalancer', externalname: 'ExternalName' };

export const isServiceSubcommand = (word: string | undefined): boolean => word === 'service' || word === 'svc';

/** utilsnet.ParsePort(s, true): a decimal uint16, zero allowed, with strconv's error texts. */
function parsePort(s: string): number | string {
  if (!/^\d+$/.test(s)) return `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = Number(s);
  return n > 65535 ? `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range` : n;
}

/** parsePorts: `port[:target]`, the target a port number or an IANA port name. */
function parsePorts(spec: string): { port: number; targetPort: number | string } | string {
  const [first, second] = spec.split(':');
  const port = parsePort(first!);
  if (typeof port === 'string') return port;
  if (second === undefined) return { port, targetPort: port };
  if (/^[+-]?\d+$/.test(second)) {
    const n = Number(second);
    const errs = isValidPortNum(n);
    return errs.length ? errs.join(',') : { port, targetPort: n };
  }
  const errs = isValidPortName(second);
  return errs.length ? errs.join(',') : { port, targetPort: second };
}

const usage = (sub: string, msg: string): string => `error: ${msg}\nSee 'kubectl create service${sub ? ` ${sub}` : ''} -h' for help and examples\n`;

export function serviceForCreate(p: ParsedArgs, namespace: string): BuiltObject | string {
  const sub = p.args[1] ?? '';
  const type = TYPES[sub];
  if (!type) return usage('', `unknown command "${p.args.slice(1).join(' ')}"`);
  const names = p.args.slice(2);
  if (names.length !== 1) return usage(sub, `exactly one NAME is required, got ${names.length}`);
  const name = names[0]!;
  const tcp = flagArray(p, 'tcp').flatMap((t) => t.split(','));
  const externalName = flagString(p, 'external-name') ?? '';
  if (type === 'ExternalName') {
    if (!externalName) return 'error: required flag(s) "external-name" not set\n';
  } else if (tcp.length === 0) return 'error: at least one tcp port specifier must be provided\n';
  const nodePort = flagInt(p, 'node-port') ?? 0;
  const ports: Record<string, unknown>[] = [];
  for (const t of tcp) {
    const parsed = parsePorts(t);
    if (typeof parsed === 'string') return `error: ${parsed}\n`;
    ports.push({ name: t.replaceAll(':', '-'), protocol: 'TCP', port: parsed.port, targetPort: parsed.targetPort, ...(nodePort && { nodePort }) });
  }
  const labels = { app: name };
  // The object names the namespace only with -n (EnforceNamespace); the POST goes to it either way.
  const metadata: KubeObject['metadata'] = { name, labels, namespace };
  const spec: Record<string, unknown> = { ...(ports.length && { ports }), selector: { ...labels }, type };
  if (externalName) spec.externalName = externalName;
  const clusterIP = flagString(p, 'clusterip');
  if (clusterIP) spec.clusterIP = clusterIP;
  return { obj: { apiVersion: 'v1', kind: 'Service', metadata, spec, status: { loadBalancer: {} } } as KubeObject, info: resourceForPath('', 'v1', 'services')!, warnings: '' };
}
