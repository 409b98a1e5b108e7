// cobra's `unknown command` error with its "Did you mean this?" suggestions (command.go
// SuggestionsFor: case-insensitive Levenshtein distance at most 2, or a prefix match, or the
// command's SuggestFor), over kubectl's available top-level commands in the order kubectl v1.31
// adds them (kubectl/pkg/cmd/cmd.go: the help groups, then config, plugin, version, api-versions,
// api-resources, options). cobra's own `help` and the empty `alpha` are not available commands.

const COMMANDS = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale',
  'certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint', 'describe', 'logs', 'attach',
  'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait',
  'kustomize', 'label', 'annotate', 'completion', 'config', 'plugin', 'version', 'api-versions', 'api-resources',
  'options',
];

/** SuggestFor of delete.go, get.go and wait.go. */
const SUGGEST_FOR: Record<string, string[]> = { delete: ['rm'], get: ['list', 'ps'], wait: ['list', 'ps'] };

function levenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * `kubectl alpha` in v1.31 has no subcommands: kubectl/pkg/cmd/alpha.go prints this to stderr and
 * exits 0, whatever follows (checked against kubectl v1.31.9).
 */
export const NO_ALPHA_COMMANDS = 'No alpha commands are available in this version of kubectl\n';

export function unknownCommand(cmd: string): string {
  // cobra only gets here for a word that is no command, so it never offers the word itself back.
  const suggestions = COMMANDS.filter((c) => c !== cmd).flatMap((c) => {
    const out = levenshtein(cmd, c) <= 2 || c.startsWith(cmd.toLowerCase()) ? [c] : [];
    for (const s of SUGGEST_FOR[c] ?? []) if (s.toLowerCase() === cmd.toLowerCase()) out.push(c);
    return out;
  });
  let msg = `error: unknown command "${cmd}" for "kubectl"`;
  if (suggestions.length) msg += `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`;
  return msg.endsWith('\n') ? msg : msg + '\n';
}

/** A real kubectl command this simulation does not have: said plainly, not called unknown. */
export function notSimulated(cmd: string): string | undefined {
  return COMMANDS.includes(cmd) ? `error: "kubectl ${cmd}" is a real kubectl command that Kubeplay does not simulate yet\n` : undefined;
}
