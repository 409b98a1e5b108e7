// `nslookup NAME [SERVER]` in a container, in the variant its image ships; each asks the cluster DNS
// over the network (resolver.ts) and prints what the real program prints:
// - busybox 1.28 and older (networking/nslookup.c before 1.29): the C library's getaddrinfo and
//   getnameinfo. The server's name comes from a PTR lookup, then the name through resolv.conf's
//   search list, then a PTR lookup per address:
//     Server:    10.96.0.10
//     Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local
//
//     Name:      web
//     Address 1: 10.96.12.4 web.default.svc.cluster.local
//   and `nslookup: can't resolve 'web'` on stderr, exit 1, when it does not resolve.
// - busybox 1.36 (networking/nslookup.c since 1.29; search domains since 1.33): A and AAAA for the
//   name with every search domain when it has no dot, all sent at once; each reply printed as it
//   comes (`** server can't find NAME: NXDOMAIN`, or `Name:\tNAME` / `Address: IP`), then a blank
//   line; exit 1 if any reply was an error; `;; connection timed out; no servers could be reached`
//   when nothing answered within 5 s.
// - bind's nslookup (Debian's dnsutils, as in registry.k8s.io/e2e-test-images/jessie-dnsutils of the
//   "Debugging DNS Resolution" page): `Server:\t\t10.96.0.10` / `Address:\t10.96.0.10#53`, the search
//   list one name at a time, `Name:\t<fqdn>` / `Address: <ip>` for the first name that answers, or
//   `** server can't find NAME: NXDOMAIN`; the same timeout line.

import type { Effects } from '../../kernel/component';
import { ptrName, type DnsReply } from '../coredns/kubernetes-plugin';
import { lookupImage } from '../registry/behaviour';
import { busyboxRelease, busyboxUsage } from '../registry/busybox-release';
import { repositoryName } from '../registry/reference';
import type { Step } from '../registry/program';
import type { ExecResult } from './cri';
import { resolvConfOf, searchNames, startLookup, type DnsQuestion, type LookupEvent, type LookupSpec } from './resolver';
import type { Container, ContainerdState, Waiter } from './state';

export type NslookupVariant = 'busybox-1.28' | 'busybox-1.36' | 'bind';

/** Where the output goes: a `kubectl exec`, or the log of a container looping `until nslookup`. */
export type NslookupSink = { kind: 'exec'; waiter: Waiter } | { kind: 'loop'; body: Step[] };

export interface NslookupRun {
  id: number;
  containerId: string;
  variant: NslookupVariant;
  host: string;
  server: string;
  /** busybox 1.28: the server's PTR, the name, then each address's PTR. */
  stage: 'server' | 'name' | 'ptr' | 'query';
  serverName?: string;
  addresses: string[];
  ptrNames: (string | undefined)[];
  out: string;
  err: string;
  exitCode: number;
  replies: number;
  sink: NslookupSink;
}

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** Which nslookup an image has; undefined when it has none. */
export function nslookupVariant(image: string): NslookupVariant | undefined {
  const l = lookupImage(image);
  if (!l.found) return undefined;
  const repo = repositoryName(l.ref);
  if (repo.includes('dnsutils')) return 'bind';
  if (!repo.endsWith('/busybox') && !repo.endsWith('/alpine') && !repo.endsWith('/curl') && !repo.endsWith('/netshoot')) return undefined;
  const m = /^(\d+)\.(\d+)/.exec(l.ref.tag);
  // registry.k8s.io/busybox and k8s.gcr.io/busybox are 1.24 to 1.27 whatever their tag says.
  if (!repo.startsWith('docker.io/') && !repo.includes('e2e-test-images')) return 'busybox-1.28';
  if (repo.endsWith('/busybox') && m && (Number(m[1]) < 1 || (Number(m[1]) === 1 && Number(m[2]) <= 28))) return 'busybox-1.28';
  return 'busybox-1.36';
}

function runsOf(s: ContainerdState): Map<number, NslookupRun> {
  return (s.nslookups ??= new Map());
}

/**
 * Start `nslookup ARGS`. Returns the result at once when nothing goes out (a usage error, no
 * nameserver); otherwise the result comes through `nslookupOnEvent`.
 */
export function startNslookup(s: ContainerdState, ctx: Effects, c: Container, args: string[], sink: NslookupSink): ExecResult | undefined {
  const variant = nslookupVariant(c.image) ?? 'busybox-1.36';
  const words = args.filter((a) => !a.startsWith('-'));
  const host = words[0];
  if (host === undefined || words.length > 2) return { exitCode: 1, stdout: '', stderr: variant === 'bind' ? '' : busyboxUsage(busyboxRelease(c.image), 'nslookup', variant === 'busybox-1.28') };
  const server = words[1] ?? resolvConfOf(c).nameservers[0] ?? '127.0.0.1';
  s.counters.nslookups = (s.counters.nslookups ?? 0) + 1;
  const run: NslookupRun = { id: s.counters.nslookups, containerId: c.id, variant, host, server, stage: 'query', addresses: [], ptrNames: [], out: '', err: '', exitCode: 0, replies: 0, sink };
  runsOf(s).set(run.id, run);
  if (variant === 'busybox-1.28') {
    run.stage = 'server';
    ask(s, ctx, c, run, { mode: 'serial', questions: [{ qname: ptrName(server), qtype: 'PTR' }] });
    return undefined;
  }
  const conf = resolvConfOf(c);
  if (IPV4.test(host)) ask(s, ctx, c, run, { mode: variant === 'bind' ? 'serial' : 'parallel', questions: [{ qname: ptrName(host), qtype: 'PTR' }] });
  else if (variant === 'bind') ask(s, ctx, c, run, { mode: 'serial', questions: searchNames(host, conf).map((qname) => ({ qname, qtype: 'A' as const })) });
  else {
    // add_query_with_search: the search list only for a name without a dot; A first, then AAAA.
    const names = host.includes('.') || conf.search.length === 0 ? [host] : conf.search.map((d) => `${host}.${d}`);
    const questions = [...names.map((qname) => ({ qname, qtype: 'A' as const })), ...names.map((qname) => ({ qname, qtype: 'AAAA' as const }))];
    ask(s, ctx, c, run, { mode: 'parallel', questions });
  }
  return undefined;
}

function ask(s: ContainerdState, ctx: Effects, c: Container, run: NslookupRun, spec: Omit<LookupSpec, 'owner' | 'server'>): void {
  startLookup(s, ctx, c, { ...spec, owner: { kind: 'nslookup', id: run.id }, server: run.server });
}

/** The run a resolver event belongs to, and its result when it is over. */
export function nslookupOnEvent(s: ContainerdState, ctx: Effects, ev: LookupEvent): { run: NslookupRun; result?: ExecResult } | undefined {
  if (ev.lookup.owner.kind !== 'nslookup') return undefined;
  const run = s.nslookups?.get(ev.lookup.owner.id);
  if (!run) return undefined;
  const c = s.containers.get(run.containerId);
  const over = !c || c.state !== 'CONTAINER_RUNNING' || step(s, ctx, c, run, ev);
  if (!over) return { run };
  s.nslookups!.delete(run.id);
  return { run, result: { exitCode: run.exitCode, stdout: run.out, stderr: run.err } };
}

/** Advance the run; true when it is over. */
function step(s: ContainerdState, ctx: Effects, c: Container, run: NslookupRun, ev: LookupEvent): boolean {
  if (run.variant === 'busybox-1.28') return stepBusybox128(s, ctx, c, run, ev);
  if (run.variant === 'busybox-1.36') return stepBusybox136(run, ev);
  return stepBind(run, ev);
}

function stepBusybox128(s: ContainerdState, ctx: Effects, c: Container, run: NslookupRun, ev: LookupEvent): boolean {
  const ptrOf = (e: LookupEvent): string | undefined => (e.kind === 'answer' ? e.question.reply?.answers[0]?.data : undefined);
  if (run.stage === 'server') {
    run.serverName = ptrOf(ev);
    run.out += `Server:    ${run.server}\nAddress 1: ${run.server}${run.serverName ? ` ${run.serverName}` : ''}\n\n`;
    if (IPV4.test(run.host)) run.addresses = [run.host];
    else {
      run.stage = 'name';
      ask(s, ctx, c, run, { mode: 'serial', questions: searchNames(run.host, resolvConfOf(c)).map((qname) => ({ qname, qtype: 'A' as const })) });
      return false;
    }
  } else if (run.stage === 'name') {
    if (ev.kind !== 'answer') {
      run.err += `nslookup: can't resolve '${run.host}'\n`;
      run.exitCode = 1;
      return true;
    }
    run.addresses = (ev.question.reply?.answers ?? []).filter((a) => a.type === 'A').map((a) => a.data);
  } else if (run.stage === 'ptr') run.ptrNames.push(ptrOf(ev));
  // getnameinfo for each address in turn, then print.
  if (run.ptrNames.length < run.addresses.length) {
    run.stage = 'ptr';
    ask(s, ctx, c, run, { mode: 'serial', questions: [{ qname: ptrName(run.addresses[run.ptrNames.length]!), qtype: 'PTR' }] });
    return false;
  }
  run.out += `Name:      ${run.host}\n`;
  run.addresses.forEach((ip, i) => (run.out += `Address ${i + 1}: ${ip}${run.ptrNames[i] ? ` ${run.ptrNames[i]}` : ''}\n`));
  return true;
}

const TIMED_OUT = ';; connection timed out; no servers could be reached\n\n';

function printRecords(run: NslookupRun, r: DnsReply): void {
  if (!r.aa) run.out += 'Non-authoritative answer:\n';
  for (const a of r.answers) run.out += a.type === 'A' ? `Name:\t${a.name}\nAddress: ${a.data}\n` : `${a.name}\tname = ${a.data}${run.variant === 'bind' ? '.' : ''}\n`;
}

function busyboxHeader(run: NslookupRun): void {
  if (run.replies++ === 0) run.out += `Server:\t\t${run.server}\nAddress:\t${run.server}:53\n\n`;
}

function stepBusybox136(run: NslookupRun, ev: LookupEvent): boolean {
  if (ev.kind === 'reply') {
    busyboxHeader(run);
    const r = ev.question.reply!;
    if (r.rcode !== 'NOERROR') {
      run.out += `** server can't find ${ev.question.qname}: ${r.rcode}\n`;
      run.exitCode = 1;
    } else printRecords(run, r);
    run.out += '\n';
    return false;
  }
  if (ev.kind === 'timeout') {
    const unanswered: DnsQuestion[] = ev.lookup.questions.filter((q) => !q.reply);
    if (run.replies === 0) {
      run.out += TIMED_OUT;
      run.exitCode = 1;
      return true;
    }
    for (const q of unanswered) run.out += `*** Can't find ${q.qname}: No answer\n`;
    if (unanswered.length) run.out += '\n';
  }
  return true;
}

function stepBind(run: NslookupRun, ev: LookupEvent): boolean {
  if (ev.kind === 'timeout') {
    run.out += TIMED_OUT;
    run.exitCode = 1;
    return true;
  }
  run.out += `Server:\t\t${run.server}\nAddress:\t${run.server}#53\n\n`;
  if (ev.kind === 'answer') {
    printRecords(run, ev.question.reply!);
    run.out += '\n';
    return true;
  }
  const last = ev.lookup.questions.at(-1)?.reply;
  run.out += `** server can't find ${run.host}: ${last?.rcode === 'NOERROR' ? 'NXDOMAIN' : (last?.rcode ?? 'NXDOMAIN')}\n\n`;
  run.exitCode = 1;
  return true;
}

/** The arguments of a lone `nslookup ...` (or `sh -c 'nslookup ...'`), when the image has nslookup. */
export function nslookupCommand(argv: string[], has: (tool: string) => boolean, words: (script: string) => string[]): string[] | undefined {
  let cmd = argv;
  const shell = ['sh', 'ash', 'dash', 'bash'].includes((argv[0] ?? '').split('/').pop()!);
  if (shell && argv[1] === '-c' && argv.length === 3 && !/[;&|<>`$]/.test(argv[2]!)) cmd = words(argv[2]!);
  if ((cmd[0] ?? '').split('/').pop() !== 'nslookup' || !has('nslookup')) return undefined;
  return cmd.slice(1);
}
