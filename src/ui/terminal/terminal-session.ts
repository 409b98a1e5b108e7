// One xterm.js terminal wired to the simulation: the line editor, Tab completion, `exec` commands
// and the outputs that come back. A plain class so the React component only mounts and disposes it.

import { Terminal as XTerm } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import type { TerminalOutput } from '../../protocol/view';
import { formatClock } from '../app/format';
import { fill, STRINGS } from '../app/strings';
import { commonPrefix, complete, objectNameOf } from './completion';
import { editLine, emptyLine, insert, PROMPT, renderLine, type LineState } from './line-editor';
import { onPrefill } from './prefill';
import { endsSession, interruptEnds, sessionAfterCd, sessionCommandLine, sessionOutputText, sessionOwnAnswer, type LiveShell } from './shell-session';
import { nextRequestId, outputText, plainText, terminalSafe } from './terminal-output';
import { useSimStore, useUiStore, useWorkerStore } from '../store/app-store';

/** History survives a remount of the terminal (switching tabs, React StrictMode). */
let sharedHistory: string[] = [];

export class TerminalSession {
  private readonly term: XTerm;
  private readonly fit = new FitAddon();
  private state: LineState = emptyLine(sharedHistory);
  /** The request this prompt waits for; input is held until it answers or Ctrl-C. */
  private waiting: number | null = null;
  /** The waited-for command printed chunks (`journalctl -f`): Ctrl-C ends it, and the prompt comes back when it has. */
  private streaming = false;
  /** Keys typed while a command runs (type-ahead), replayed when the prompt comes back. */
  private typeAhead: string[] = [];
  private readonly seen = new WeakSet<TerminalOutput>();
  /** A shell opened in a container (`kubectl exec -it web -- sh`): its prompt replaces `$ ` until `exit`. */
  private shell: LiveShell | null = null;
  /** The command waited for is a line typed in that shell. */
  private waitingInShell = false;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeWorker: () => void;
  private readonly unsubscribeLang: () => void;
  private readonly unsubscribePrefill: () => void;

  constructor(
    private readonly host: HTMLElement,
    private readonly mirror: HTMLElement,
  ) {
    this.term = new XTerm({
      fontFamily: "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, monospace",
      fontSize: 13,
      cursorBlink: true,
      scrollback: 5000,
      theme: themeFromCss(),
    });
    this.term.loadAddon(this.fit);
    this.term.open(host);
    // xterm names its input box in English (Terminal.strings); name it in the app's language, and again when that changes.
    this.labelInput();
    this.unsubscribeLang = useUiStore.subscribe((s, prev) => {
      if (s.lang !== prev.lang) this.labelInput();
    });
    this.resize();
    this.term.onData((d) => this.onData(d));
    this.printBanner();
    // Outputs that arrived before this terminal existed are a transcript: show them.
    this.onOutputs(useSimStore.getState().outputs);
    this.term.write(this.prompted(this.state));
    const prefill = onPrefill((text) => this.prefill(text));
    this.unsubscribePrefill = prefill.unsubscribe;
    if (prefill.waiting !== null) this.prefill(prefill.waiting);
    this.unsubscribe = useSimStore.subscribe((s, prev) => {
      if (s.resetEpoch !== prev.resetEpoch) this.onTimeTravel(s.outputs, s.clock.time);
      else if (s.outputs !== prev.outputs) this.onOutputs(s.outputs);
    });
    this.unsubscribeWorker = useWorkerStore.subscribe((s, prev) => {
      if (s.generation !== prev.generation) this.onNewWorker(s.running);
    });
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeWorker();
    this.unsubscribeLang();
    this.unsubscribePrefill();
    this.term.dispose();
  }

  resize(): void {
    if (this.host.clientWidth > 0 && this.host.clientHeight > 0) this.fit.fit();
  }

  focus(): void {
    this.term.focus();
  }

  applyTheme(): void {
    this.term.options.theme = themeFromCss();
  }

  /** Types `text` at the prompt (after what is there), as if the person had typed it. */
  prefill(text: string): void {
    if (this.waiting !== null) {
      this.typeAhead.push(text);
      return;
    }
    [this.state] = insert(this.state, text);
    this.term.write(this.prompted(this.state));
    this.term.focus();
  }

  /**
   * Writes text (with `\n` line ends) to the terminal and to the mirror tests read. What the
   * simulation printed goes through here, so its control characters are shown, not obeyed
   * (terminal-output.ts).
   */
  /** The line editor's line behind this terminal's prompt: `$ `, or the container shell's. */
  private prompted(state: LineState): string {
    return renderLine(state, this.shell?.prompt ?? PROMPT);
  }

  /** `exit` or Ctrl-D: back to the laptop's prompt (bash says `exit` as it goes; busybox and dash say nothing). */
  private leaveShell(): void {
    if (this.shell?.shell.split('/').pop() === 'bash') this.print('exit\n');
    this.shell = null;
    this.term.write(this.prompted(this.state));
  }

  private labelInput(): void {
    this.term.textarea?.setAttribute('aria-label', STRINGS[useUiStore.getState().lang].terminalInput);
  }

  private print(text: string): void {
    this.term.write(terminalSafe(text));
    this.mirror.textContent += plainText(text);
  }

  private onData(data: string): void {
    if (this.waiting !== null) {
      if (data === '\x03') {
        useUiStore.getState().send({ type: 'cancel', requestId: this.waiting });
        this.typeAhead = [];
        this.print('^C\n');
        // A streaming command ends on Ctrl-C and its final output brings the prompt back; any other
        // command may never answer, so the prompt returns now, as it always did.
        if (this.streaming) return;
        this.waiting = null;
        this.term.write(this.prompted(this.state));
      } else if (this.typeAhead.length === 0 && !useSimStore.getState().clock.playing && (data === ' ' || data === '.')) {
        // The hint under a command typed while paused says so: space plays, '.' steps, from here too
        // (once something is typed ahead, a space is part of the next command).
        useUiStore.getState().send({ type: data === ' ' ? 'play' : 'step' });
      } else {
        this.typeAhead.push(data);
      }
      return;
    }
    // Ctrl-D on an empty line ends a container shell, as end-of-file ends a real one.
    if (data === '\x04' && this.shell && this.state.line === '') {
      this.term.write('\r\n');
      this.leaveShell();
      return;
    }
    const [next, effect] = editLine(this.state, data);
    this.state = next;
    sharedHistory = next.history;
    switch (effect.kind) {
      case 'redraw':
        this.term.write(this.prompted(next));
        return;
      case 'interrupt':
        if (this.shell && interruptEnds(this.shell)) {
          this.term.write('\r\n');
          this.leaveShell();
          return;
        }
        this.print('^C\n');
        this.term.write(this.prompted(next));
        return;
      case 'complete':
        this.complete();
        return;
      case 'clear':
        this.clearScreen();
        return;
      case 'submit':
        this.submit(effect.line);
        return;
    }
  }

  private submit(line: string): void {
    // The row shows the line as run (a reverse-i-search row becomes `$ line`, as in bash).
    const prompt = this.shell?.prompt ?? PROMPT;
    this.term.write(`\r\x1b[K${terminalSafe(prompt)}${terminalSafe(line)}\r\n`);
    this.mirror.textContent += `${prompt}${line}\n`;
    if (line === '') {
      this.term.write(this.prompted(this.state));
      return;
    }
    // `clear` is the laptop shell's own: it changes nothing in the cluster, so it is not sent.
    if (line === 'clear') {
      this.clearScreen();
      return;
    }
    if (this.shell && endsSession(line, this.shell.shell)) return this.leaveShell();
    const own = this.shell ? sessionOwnAnswer(this.shell, line) : undefined;
    if (own !== undefined) {
      this.print(own);
      this.term.write(this.prompted(this.state));
      return;
    }
    const requestId = nextRequestId();
    this.waiting = requestId;
    this.waitingInShell = this.shell !== null;
    useUiStore.getState().send({ type: 'exec', requestId, line: this.shell ? sessionCommandLine(this.shell, line) : line });
    // `cd` moves the session: its next prompt and every later line are in the new directory.
    if (this.shell) this.shell = sessionAfterCd(this.shell, line) ?? this.shell;
    if (!useSimStore.getState().clock.playing) {
      this.term.write(`\x1b[2m${STRINGS[useUiStore.getState().lang].terminalPaused}\x1b[0m\r\n`);
    }
  }

  /** `clear` or Ctrl+L: an empty screen with the prompt (and the line being typed) at the top. */
  private clearScreen(): void {
    this.term.clear();
    this.term.write(this.prompted(this.state));
  }

  private complete(): void {
    const before = this.state.line.slice(0, this.state.cursor);
    const sim = useSimStore.getState();
    const names = Object.keys(sim.objects).map(objectNameOf);
    const c = complete(before, names, sim.vocabulary);
    if (c.candidates.length === 0) return;
    const only = c.candidates.length === 1 ? c.candidates[0] : undefined;
    const word = only !== undefined ? `${only} ` : commonPrefix(c.candidates);
    if (word.length > c.prefix.length) {
      [this.state] = insert(this.state, word.slice(c.prefix.length));
      this.term.write(this.prompted(this.state));
      return;
    }
    // Nothing more to add: list what fits, as bash does on a second Tab.
    this.term.write(`\r\n${terminalSafe(c.candidates.join('  '))}\r\n`);
    this.term.write(this.prompted(this.state));
  }

  /**
   * The simulation worker was replaced (it had died). A command the new one still runs will answer;
   * one that died with the old worker never will, so the prompt comes back now. The scrollback and
   * the history stay: they live here, not in the worker.
   */
  private onNewWorker(running: readonly number[]): void {
    if (this.waiting === null || running.includes(this.waiting)) return;
    this.waiting = null;
    this.streaming = false;
    this.typeAhead = [];
    this.term.write(`\r\x1b[K\x1b[2m${STRINGS[useUiStore.getState().lang].terminalLost}\x1b[0m\r\n`);
    this.term.write(this.prompted(this.state));
  }

  private printBanner(): void {
    this.print(`${STRINGS[useUiStore.getState().lang].terminalBanner}\n`);
  }

  /**
   * The run went to another moment (a seek): the terminal shows the transcript as it was then. A
   * command this prompt waited for either had not been typed yet or is answered in the transcript,
   * so the prompt comes back, with what was being typed still on it.
   */
  private onTimeTravel(outputs: readonly TerminalOutput[], time: number): void {
    this.term.reset();
    this.mirror.textContent = '';
    this.printBanner();
    for (const o of outputs) {
      this.seen.add(o);
      this.print(o.partial ? o.stdout : outputText(o, false, STRINGS[useUiStore.getState().lang].noAnswer));
    }
    const t = STRINGS[useUiStore.getState().lang];
    if (this.waiting !== null) this.term.write(`\x1b[2m${fill(t.terminalTimeTravelLost, { time: formatClock(time) })}\x1b[0m\r\n`);
    this.waiting = null;
    this.streaming = false;
    this.typeAhead = [];
    // The shell's session belonged to the moment left behind.
    this.shell = null;
    this.term.write(this.prompted(this.state));
  }

  private onOutputs(outputs: readonly TerminalOutput[]): void {
    const fresh: TerminalOutput[] = [];
    for (let i = outputs.length - 1; i >= 0; i--) {
      const o = outputs[i]!;
      if (this.seen.has(o)) break;
      this.seen.add(o);
      fresh.unshift(o);
    }
    for (const o of fresh) this.show(o);
  }

  /** Feeds the keys typed during the last command to the prompt; Enter among them starts the next one. */
  private replayTypeAhead(): void {
    const keys = this.typeAhead;
    this.typeAhead = [];
    for (let i = 0; i < keys.length; i++) {
      this.onData(keys[i]!);
      if (this.waiting !== null) {
        this.typeAhead = keys.slice(i + 1);
        return;
      }
    }
  }

  private show(o: TerminalOutput): void {
    const mine = o.requestId !== undefined && o.requestId === this.waiting;
    if (o.partial) {
      // A chunk of a command that keeps running: print it as it comes, without a prompt.
      if (mine) {
        this.streaming = true;
        this.print(o.stderr + o.stdout);
        return;
      }
      this.term.write('\r\x1b[K');
      this.print(o.stderr + o.stdout);
      if (this.waiting === null) this.term.write(this.prompted(this.state));
      return;
    }
    if (mine && o.edit) {
      // kubectl edit's editor is the YAML tab: it opens there instead of failing to launch `vi`.
      useUiStore.getState().openEdit(o.edit);
      o = { ...o, stderr: fill(STRINGS[useUiStore.getState().lang].editOpened, { object: o.edit.object }) + '\n', exitCode: 0 };
    }
    if (mine) {
      this.waiting = null;
      this.streaming = false;
      this.print(this.waitingInShell ? sessionOutputText(o) : outputText(o, true, STRINGS[useUiStore.getState().lang].noAnswer));
      if (o.shell) this.shell = o.shell;
      this.term.write(this.prompted(this.state));
      this.replayTypeAhead();
      return;
    }
    // Someone else's command: print it above the prompt, then put the prompt line back.
    this.term.write('\r\x1b[K');
    this.print(outputText(o, false, STRINGS[useUiStore.getState().lang].noAnswer));
    if (this.waiting === null) this.term.write(this.prompted(this.state));
  }
}

function themeFromCss(): { background: string; foreground: string; cursor: string; selectionBackground: string } {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--terminal-bg', '#0c0f12'),
    foreground: v('--terminal-fg', '#e8eaed'),
    cursor: v('--accent', '#56b4e9'),
    selectionBackground: v('--row-selected', '#2b3a4d'),
  };
}
