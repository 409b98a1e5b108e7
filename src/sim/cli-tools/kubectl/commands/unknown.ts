// cobra's `unknown command` error with its "Did you mean this?" suggestions (Levenshtein distance
// at most 2, or a prefix match), over kubectl's top-level commands in cobra's sorted order.

const COMMANDS = [
  'annotate', 'api-resources', 'api-versions', 'apply', 'attach', 'auth', 'autoscale', 'certificate',
  'cluster-info', 'completion', 'config', 'cordon', 'cp', 'create', 'debug', 'delete', 'describe', 'diff',
  'drain', 'edit', 'events', 'exec', 'explain', 'expose', 'get', 'help', 'kustomize', 'label', 'logs',
  'options', 'patch', 'plugin', 'port-forward', 'proxy', 'replace', 'rollout', 'run', 'scale', 'set',
  'taint', 'top', 'uncordon', 'version', 'wait',
];

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

export function unknownCommand(cmd: string): string {
  const suggestions = COMMANDS.filter((c) => levenshtein(cmd, c) <= 2 || c.startsWith(cmd.toLowerCase()));
  let msg = `error: unknown command "${cmd}" for "kubectl"`;
  if (suggestions.length) msg += `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`;
  return msg.endsWith('\n') ? msg : msg + '\n';
}
