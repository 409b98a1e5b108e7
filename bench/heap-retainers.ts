// `node --max-old-space-size=6000 --import tsx bench/heap-retainers.ts file.heapsnapshot [depth] [top]`:
// the self sizes of a V8 heap snapshot (bench/heap-snapshot.ts writes one) summed by the first path
// that reaches each object, breadth first from the Simulation: the processes first, each named by its
// kind (`proc[kubelet].state.workers...`, all kubelets together), then the trace, the kernel's queue
// and the rest. An object several components share counts once, for the shortest path. Map slots
// and list items print as `[]`; `depth` named steps are kept below a process. Issue 14: memory per pod.

import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const snap = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Snapshot;
const D = Number(process.argv[3] ?? 5);
const TOP = Number(process.argv[4] ?? 60);
const m = snap.snapshot.meta;
const NF = m.node_fields.length;
const EF = m.edge_fields.length;
const [nT, nN, nS, nE] = ['type', 'name', 'self_size', 'edge_count'].map((f) => m.node_fields.indexOf(f)) as [number, number, number, number];
const [eT, eN, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => m.edge_fields.indexOf(f)) as [number, number, number];
const nodeTypes = m.node_types[0];
const edgeTypes = m.edge_types[0];
const { nodes, edges, strings } = snap;
const N = nodes.length / NF;
const first = new Uint32Array(N + 1);
for (let i = 0, e = 0; i < N; i++) {
  first[i] = e;
  e += nodes[i * NF + nE]! * EF;
  first[i + 1] = e;
}
const weak = edgeTypes.indexOf('weak');
const shortcut = edgeTypes.indexOf('shortcut');
const type = (i: number): string => nodeTypes[nodes[i * NF + nT]!]!;
const name = (i: number): string => strings[nodes[i * NF + nN]!]!;
const self = (i: number): number => nodes[i * NF + nS]!;
const edgeType = (e: number): string => edgeTypes[edges[e + eT]!]!;
const target = (e: number): number => edges[e + eTo]! / NF;
function edgeName(e: number): string {
  const et = edgeType(e);
  if (et === 'element' || et === 'hidden') return '[]';
  const n = String(strings[edges[e + eN]!]);
  return /^\d+$/.test(n) ? '[]' : n.startsWith('part of key') ? 'weakmap' : n;
}
function prop(i: number, p: string): number {
  if (i < 0) return -1;
  for (let e = first[i]!; e < first[i + 1]!; e += EF) if ((edgeType(e) === 'property' || edgeType(e) === 'internal') && strings[edges[e + eN]!] === p) return target(e);
  return -1;
}

let sim = -1;
for (let i = 0; i < N && sim < 0; i++) if (type(i) === 'object' && name(i) === 'Simulation') sim = i;
if (sim < 0) throw new Error('no Simulation object in this snapshot');
const world = prop(sim, 'world');
const procTable = prop(prop(world, 'processes'), 'table');

const label: string[] = new Array<string>(N);
const depth = new Int32Array(N);
const seen = new Uint8Array(N);
const queue = new Uint32Array(N);
let head = 0;
let tail = 0;
const bytes = new Map<string, number>();

/** Breadth first from the starts; a label keeps its first D named steps. */
function walk(starts: [number, string, number][]): void {
  for (const [start, l, d] of starts) {
    if (start < 0 || seen[start]) continue;
    seen[start] = 1;
    label[start] = l;
    depth[start] = d;
    queue[tail++] = start;
  }
  while (head < tail) {
    const v = queue[head++]!;
    bytes.set(label[v]!, (bytes.get(label[v]!) ?? 0) + self(v));
    for (let e = first[v]!; e < first[v + 1]!; e += EF) {
      const et = edges[e + eT];
      if (et === weak || et === shortcut) continue;
      const to = target(e);
      if (seen[to]) continue;
      seen[to] = 1;
      const kind = v === procTable && type(to) === 'object' ? prop(to, 'kind') : -1;
      const step = edgeName(e);
      const free = edgeType(e) === 'context' || step === 'context'; // closures' scopes do not count
      if (kind >= 0) {
        label[to] = `proc[${name(kind)}]`;
        depth[to] = 0;
      } else if (depth[v]! < D || free) {
        label[to] = `${label[v]}.${step}`;
        depth[to] = depth[v]! + (free ? 0 : 1);
      } else {
        label[to] = label[v]!;
        depth[to] = depth[v]! + 1;
      }
      queue[tail++] = to;
    }
  }
}

walk([
  [procTable, 'procs', 0],
  [prop(world, 'trace'), 'trace', -1],
  [prop(world, 'queue'), 'queue', 0],
  [sim, 'Sim', 0],
]);
let simBytes = 0;
for (let k = 0; k < tail; k++) simBytes += self(queue[k]!);
walk([[0, 'outside', 0]]);
const mb = (b: number): string => (b / 1e6).toFixed(2).padStart(8);
let total = 0;
for (const b of bytes.values()) total += b;
console.log(`total ${mb(total)} MB, reached from the Simulation ${mb(simBytes)} MB`);
const byOwner = new Map<string, number>();
for (const [l, b] of bytes) {
  const owner = l.startsWith('proc[') ? l.slice(0, l.indexOf(']') + 1) : l.split('.').slice(0, 3).join('.');
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + b);
}
console.log('--- by process kind (all instances) or first steps');
for (const [k, b] of [...byOwner].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(mb(b), 'MB', k);
console.log('--- by path');
for (const [k, b] of [...bytes].sort((x, y) => y[1] - x[1]).slice(0, TOP)) console.log(mb(b), 'MB', k.slice(0, 220));
