// The node tools (crictl, systemctl, journalctl, etcdctl on a node's shell, node-shell.ts) under
// hostile command lines, issue 9: every command answers within its time with the tool's kind of
// output, no process crashes (an exception in a handler), and Object.prototype is untouched. `crictl
// toString` is an unknown command, not a CRI method Object.prototype happens to know.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzRuns, hostileWord, prototypeFingerprint, shellQuote } from '../../../testing/fuzz';
import { fuzzCluster, type FuzzCluster } from '../../../testing/fuzz-cluster';

const TOOLS = ['crictl', 'systemctl', 'journalctl', 'etcdctl', 'sudo', 'docker', 'constructor'];
const WORDS = ['ps', 'pods', 'images', 'pull', 'logs', 'inspect', 'stop', 'status', 'start', 'stop', 'restart', 'is-active', 'member', 'list', 'endpoint', 'health', 'get', 'put', 'del', '--prefix', '--keys-only', '-w', 'table', 'json', '--cluster', '-u', '-n', '--tail', '--lines=abc', '-n-5', 'kubelet', 'containerd', 'kubelet.service', '/registry', '/registry/pods', '-a', '--all', 'nginx:1.25', 'busybox'];
const commandLine = fc
  .tuple(fc.constantFrom(...TOOLS), fc.array(fc.oneof(hostileWord, fc.constantFrom(...WORDS)), { maxLength: 5 }))
  .map(([tool, words]) => [tool, ...words].map(shellQuote).join(' '));

describe('node tools on hostile command lines', () => {
  let fuzz: FuzzCluster;
  beforeAll(() => {
    fuzz = fuzzCluster();
  });

  it('answer every line on a worker and on the control plane, and change nothing when they fail', () => {
    const before = prototypeFingerprint();
    fc.assert(
      fc.property(commandLine, fc.constantFrom('worker-1', 'control-plane'), (line, node) => {
        // `journalctl -f` follows the journal until Ctrl-C: not a command that answers.
        fc.pre(!/'(-f|--follow)'/.test(line));
        const r = fuzz.run(line, { on: node });
        expect(r.crashed, `${line} on ${node} crashed a process`).toEqual([]);
        expect(r.out.exitCode, `${line} on ${node}: ${r.out.stderr}`).not.toBe(124);
        const printed = r.out.stdout + r.out.stderr;
        expect(printed).not.toMatch(/\[object Object\]|function [A-Za-z]*\(\) \{/);
        // NaN or undefined in the output is a bug, unless the line itself said it (`crictl NaN`).
        for (const word of ['NaN', 'undefined']) if (!line.includes(word)) expect(printed).not.toContain(word);
        if (r.out.exitCode !== 0) expect(r.writes).toEqual([]);
      }),
      { numRuns: fuzzRuns(100) },
    );
    expect(prototypeFingerprint()).toBe(before);
  }, 120_000);

  it.each([
    ['crictl toString', "FATA[0000] no help topic for 'toString'\n", 1],
    ['crictl logs abc --tail xyz', 'FATA[0000] invalid value "xyz" for flag -tail: parse error\n', 1],
    ['journalctl -u kubelet -n abc', "Failed to parse lines 'abc'\n", 1],
    ['systemctl status constructor', 'Unit constructor.service could not be found.\n', 4],
  ])('%s answers as the tool does', (line, stderr, exitCode) => {
    const r = fuzz.run(line, { on: 'worker-1' });
    expect(r.out.stderr).toBe(stderr);
    expect(r.out.exitCode).toBe(exitCode);
  });
});
