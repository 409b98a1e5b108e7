// `conntrack -L` on a node (conntrack-tools 1.4.7): the node kernel's connection tracking table,
// where each connection a pod opened to a Service keeps the pod it was DNATed to. The table lives in
// the host's kernel, read locally (as systemctl reads systemd), not over the network.

import type { Effects } from '../../kernel/component';
import { cleanStaleEntries, conntrackList } from '../../node/kernel/conntrack';
import type { KernelRules } from '../../node/kube-proxy/kube-proxy';
import type { NodeKernel } from '../../node/kernel/packet-path';
import { output } from './shell-output';

const HELP_HINT = "Try `conntrack -h' or 'conntrack --help' for more information.\n";

/** `host`: the entries of connections the node's own processes opened (host-http.ts), listed with the pods' ones. */
export function conntrack(ctx: Effects, jobId: number, args: string[], host?: NodeKernel): void {
  const cmd = args.find((a) => a.startsWith('-'));
  if (cmd === undefined) return output(ctx, jobId, '', `conntrack v1.4.7 (conntrack-tools): no command specified\n${HELP_HINT}`, 2);
  if (cmd !== '-L' && cmd !== '--dump') return output(ctx, jobId, '', `conntrack v1.4.7 (conntrack-tools): unknown option \`${cmd}'\n${HELP_HINT}`, 2);
  const kernel = (ctx.hostData('containerd') as { kernel?: NodeKernel } | undefined)?.kernel;
  // What the table holds once kube-proxy's last sync has cleaned it (packet-path.ts cleanAfterSync),
  // read without changing the kernel's own copy.
  const table = { entries: [...(kernel?.conntrack.entries ?? []), ...(host?.conntrack.entries ?? [])] };
  cleanStaleEntries(table, (ctx.hostData('kube-proxy') as KernelRules | undefined)?.rules.services ?? []);
  const r = conntrackList(table, ctx.now);
  output(ctx, jobId, r.stdout, r.stderr, 0);
}
