// The comparison of real kubectl with the in-page kubectl (issue 17): where the real binary is,
// how its output and the page's are made comparable (AGE columns and timestamps masked, nothing
// else), and the commands compared. Real kubectl is the oracle.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * $KUBECTL, or the Google Cloud SDK's kubectl.1.31 next to the kubectl on the PATH. A $KUBECTL that
 * names no file is an error, not a reason to compare against another kubectl.
 */
export function findKubectl131(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.KUBECTL) {
    if (!existsSync(env.KUBECTL)) throw new Error(`$KUBECTL is ${env.KUBECTL}, which does not exist`);
    return env.KUBECTL;
  }
  for (const p of ['/usr/lib/google-cloud-sdk/bin/kubectl.1.31', '/usr/local/bin/kubectl.1.31', '/usr/bin/kubectl.1.31']) if (existsSync(p)) return p;
  return undefined;
}

export interface Output {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Run real kubectl (asynchronously: the served simulation answers it from this process). */
export function runKubectl(bin: string, args: string[], env: Record<string, string>, stdin?: string): Promise<Output> {
  return new Promise((resolve) => {
    const child = execFile(bin, args, { env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ stdout, stderr, exitCode: code });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

const DURATION = /\b(?:\d+y)?(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+(?:\.\d+)?s)?\b/g;
const RFC3339 = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const HUMAN_DATE = /[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}/g;
/** GNU diff's file times (`kubectl diff`): `2026-12-03 09:01:58.779612076 +0000`. */
const DIFF_TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} [+-]\d{4}/g;
/** kubectl diff's temporary directories (os.MkdirTemp: a random number after the prefix). */
const DIFF_DIR = /\/tmp\/(LIVE|MERGED)-\d+\//g;
/** klog's line head (`W1203 09:12:18.459414    6318 `): the time and the process id of that run. */
const KLOG_HEAD = /^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm;

/**
 * Mask what depends on when a command ran: ages (`5m2s`, `<invalid>`), timestamps, kubectl diff's
 * random temporary directories, klog's line heads, and the resourceVersion the objects reached meanwhile; table padding then follows the masked widths.
 */
export function normalise(text: string): string {
  let t = text.replace(RFC3339, '<ts>').replace(HUMAN_DATE, '<ts>').replace(DIFF_TIME, '<ts>').replace(DIFF_DIR, '/tmp/$1-<n>/').replace(KLOG_HEAD, '<klog> ');
  t = t.replace(/"resourceVersion": ?"\d+"/g, '"resourceVersion":"<rv>"').replace(/resourceVersion: "\d+"/g, 'resourceVersion: "<rv>"');
  // A duration standing as a token of its own (a table cell, `Age:  5m`), not a quantity after `: ` (`cpu: 250m`).
  t = t.replace(DURATION, (m, offset: number, all: string) => (m === '' || /^\d+$/.test(m) || all.slice(offset - 2, offset) === ': ' ? m : '<age>'));
  // Where an age was masked, column padding depends on it: every run of spaces counts as two.
  return t.includes('<age>') ? t.split('\n').map((l) => l.replace(/ {2,}/g, '  ').trimEnd()).join('\n') : t;
}
