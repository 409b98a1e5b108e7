// The UI's copy of what the worker reports: a zustand store with immer, fed by FrameBatch patches.
// Components read slices with selectors; the message dots (high rate) are read by the graph through
// `useSimStore.subscribe`, not through React renders (DESIGN.md section 6).

import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type {
  ClockView,
  ComponentView,
  FollowedRequest,
  FrameBatch,
  HostView,
  MessageView,
  ObjectView,
  Patch,
  SchedulingCycleView,
  TerminalOutput,
  TraceRecord,
} from '../../protocol/view';

export const TRACE_KEEP = 5000;
export const OUTPUTS_KEEP = 500;

export interface SimState {
  scenario: { name: string; done: boolean; failed: number } | null;
  targets: string[];
  clock: ClockView;
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
  /** Messages in flight at the last batch. */
  inFlight: MessageView[];
  /** The latest trace records, oldest first (at most TRACE_KEEP). */
  trace: TraceRecord[];
  outputs: TerminalOutput[];
  followed?: FollowedRequest;
  errors: string[];
  cycles: Record<string, SchedulingCycleView[]>;
  logs: Record<string, string[]>;
  /** Size in bytes of the last batch (dev overlay). */
  lastBatchBytes: number;
  applyBatch(b: FrameBatch, bytes: number): void;
  setLoaded(name: string, targets: string[]): void;
  addError(message: string): void;
  setCycles(pod: string, cycles: SchedulingCycleView[]): void;
  setLogs(process: string, lines: string[]): void;
  /**
   * Shows a line in the terminal as if it had been typed, with no output: the real command for an
   * action taken in the graph that kubectl cannot do (`# ssh worker-2 -- sudo systemctl stop kubelet`).
   */
  echo(line: string): void;
  reset(): void;
}

function applyPatch<T extends { id: string }>(into: Record<string, T>, p: Patch<T>): void {
  for (const x of p.added) into[x.id] = x;
  for (const x of p.updated) into[x.id] = x;
  for (const id of p.removed) delete into[id];
}

const initial = {
  scenario: null,
  targets: [],
  clock: { time: 0, playing: false, speed: 1 },
  hosts: {},
  components: {},
  objects: {},
  partitions: [],
  inFlight: [],
  trace: [],
  outputs: [],
  errors: [],
  cycles: {},
  logs: {},
  lastBatchBytes: 0,
};

export const useSimStore = create<SimState>()(
  immer((set) => ({
    ...initial,
    applyBatch: (b, bytes) =>
      set((s) => {
        s.clock = b.clock;
        applyPatch(s.hosts, b.hosts);
        applyPatch(s.components, b.components);
        applyPatch(s.objects, b.objects);
        s.partitions = b.partitions;
        s.inFlight = b.inFlight;
        if (b.trace.length) {
          s.trace.push(...b.trace);
          if (s.trace.length > TRACE_KEEP) s.trace.splice(0, s.trace.length - TRACE_KEEP);
        }
        if (b.outputs.length) {
          s.outputs.push(...b.outputs);
          if (s.outputs.length > OUTPUTS_KEEP) s.outputs.splice(0, s.outputs.length - OUTPUTS_KEEP);
        }
        s.followed = b.followed;
        if (b.scenario) s.scenario = b.scenario;
        s.lastBatchBytes = bytes;
      }),
    setLoaded: (name, targets) =>
      set((s) => {
        s.scenario = { name, done: false, failed: 0 };
        s.targets = targets;
      }),
    addError: (message) =>
      set((s) => {
        s.errors.push(message);
      }),
    setCycles: (pod, cycles) =>
      set((s) => {
        s.cycles[pod] = cycles;
      }),
    setLogs: (process, lines) =>
      set((s) => {
        s.logs[process] = lines;
      }),
    echo: (line) =>
      set((s) => {
        s.outputs.push({ time: s.clock.time, line, stdout: '', stderr: '', exitCode: 0 });
        if (s.outputs.length > OUTPUTS_KEEP) s.outputs.splice(0, s.outputs.length - OUTPUTS_KEEP);
      }),
    reset: () => set(() => ({ ...initial })),
  })),
);
