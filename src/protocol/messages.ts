// The typed messages between the UI and the simulation worker. Plain data only (structured clone):
// the UI never holds a simulation object, it holds what these messages carry.

/** UI -> worker. */
export type UiToWorker =
  /** Parse a scenario and build its cluster; replaces whatever ran before. */
  | { type: 'load'; file: string; text: string; files?: Record<string, string> }
  /** Run a command line as the person at the keyboard (`kubectl get pods`). */
  | { type: 'exec'; requestId: number; line: string; stdin?: string }
  | { type: 'play' }
  | { type: 'pause' }
  /** Simulated seconds per real second (1 = real time, 5 = five times faster). */
  | { type: 'speed'; speed: number };

/** A finished command, as the terminal shows it. */
export interface CommandOutput {
  /** Set for commands the UI sent with `exec`; absent for the scenario's own steps. */
  requestId?: number;
  /** Simulated ms when the command started. */
  time: number;
  line: string;
  stdout: string;
  stderr: string;
  /** null when the command gave no answer before the runner gave up. */
  exitCode: number | null;
}

export interface ExpectationOutcome {
  step: number;
  line: number;
  command: string;
  ok: boolean;
  expected: string;
  actual: string;
}

/** Worker -> UI. */
export type WorkerToUi =
  | { type: 'loaded'; name: string; seed: number }
  /** The scenario could not be loaded; each error reads `<file>:<line>:<col>: <field>: <message>`. */
  | { type: 'error'; message: string; errors: string[] }
  | SimBatch;

/** At most one per tick: what happened since the last batch. */
export interface SimBatch {
  type: 'batch';
  /** Simulated ms now. */
  time: number;
  playing: boolean;
  speed: number;
  /** Scenario steps and UI commands that finished since the last batch. */
  outputs: CommandOutput[];
  expectations: ExpectationOutcome[];
  /** The latest `kubectl get pods` output (stdout, or stderr when it failed), or null if unchanged. */
  getPods: string | null;
  scenarioDone: boolean;
  traceHash: string;
}
