// How the outside world (the scenario runner, the app's terminal) runs a command line on a CLI
// process (kubectl on the laptop; crictl, systemctl, journalctl on a node). The command arrives as a
// `cli.exec` message; when it finishes, the process emits one `cli.output`. A command that keeps
// running (`journalctl -f`) first emits chunks marked `partial`; the first output without `partial`
// ends the job. `cli.cancel` is Ctrl-C: it asks the process to end the job, which then emits its
// final output.

export interface CliExec {
  type: 'cli.exec';
  jobId: number;
  /** The whole line as typed, and its words (shell-split, quotes removed). */
  line: string;
  argv: string[];
  /** Standard input (`kubectl apply -f -`). */
  stdin?: string;
  /** Files the command may read, by path (`-f web.yaml`, `-f manifests/` reads every file under it). */
  files?: Record<string, string>;
}

export interface CliOutput {
  type: 'cli.output';
  jobId: number;
  stdout: string;
  stderr: string;
  exitCode: number;
  /** A chunk of output while the job keeps running (exitCode is meaningless then). */
  partial?: true;
  /** The fields the server's Invalid answers named (`kubectl apply`), so an editor can mark their lines. */
  fieldErrors?: CliFieldError[];
  /** `kubectl exec -it POD -- sh` (or `-- redis-cli`) opened a session: the terminal prompts with it and runs each line as an exec. */
  session?: CliSession;
  /** `kubectl edit` wrote this file for an editor: the page opens it, and saving runs `line` with it as stdin. */
  edit?: CliEdit;
}

/** The file `kubectl edit` hands to the editor, and how saving it goes on. */
export interface CliEdit {
  text: string;
  /** The command line that opened it (run again with the saved file as stdin). */
  line: string;
  namespace: string;
  /** `deployment.apps/web` */
  object: string;
}

/** An interactive shell in a container, as the terminal needs it to go on. */
export interface CliSession {
  prompt: string;
  namespace: string;
  pod: string;
  container: string;
  shell: string;
  /** The program's arguments when it is not a plain shell (`redis-cli -h redis`: `['-h', 'redis']`). */
  args?: string[];
}

/** One cause of an Invalid status (metav1.StatusCause) and the manifest document it came from. */
export interface CliFieldError {
  /** `STDIN` or the file name, as kubectl's `error when creating "..."` names it. */
  source: string;
  /** 1-based line where the object's YAML document starts in that source. */
  documentLine: number;
  /** `spec.containers[0].image` */
  field: string;
  /** `Required value` */
  message: string;
}

/** Ctrl-C on a running job. */
export interface CliCancel {
  type: 'cli.cancel';
  jobId: number;
}
