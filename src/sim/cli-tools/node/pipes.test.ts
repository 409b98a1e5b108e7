// The filters after `|` in a node shell, by GNU grep(1) (EXIT STATUS: 0 selected, 1 none, 2 error),
// coreutils head(1), tail(1) and wc(1) (a single count printed bare when reading standard input),
// and bash(1) "Pipelines" (the status is the last command's; stderr is not piped).
import { describe, expect, it } from 'vitest';
import { runFilters, splitPipeline } from './pipes';

const out = (stdout: string, stderr = '', exitCode = 0) => ({ type: 'cli.output' as const, jobId: 1, stdout, stderr, exitCode });
const text = 'KUBE-SVC-A web\nKUBE-SEP-B web\nKUBE-SVC-C db\n';
const run = (line: string, input = out(text)) => runFilters(input, splitPipeline(line.split(' ')).slice(1));

describe('node shell pipes', () => {
  it.each([
    ['x | grep web', 'KUBE-SVC-A web\nKUBE-SEP-B web\n', 0],
    ['x | grep -v web', 'KUBE-SVC-C db\n', 0],
    ['x | grep -c SVC', '2\n', 0],
    ['x | grep nothing', '', 1],
    ['x | grep -i kube-svc | wc -l', '2\n', 0],
    ['x | head -n 1', 'KUBE-SVC-A web\n', 0],
    ['x | head -2', 'KUBE-SVC-A web\nKUBE-SEP-B web\n', 0],
    ['x | tail -n 1', 'KUBE-SVC-C db\n', 0],
    ['x | wc -l', '3\n', 0],
    ['x | grep -E SVC|SEP', 'KUBE-SVC-A web\nKUBE-SEP-B web\nKUBE-SVC-C db\n', 0],
    ['x | grep SVC\\|db', 'KUBE-SVC-A web\nKUBE-SVC-C db\n', 0],
  ])('%s', (line, stdout, exitCode) => {
    expect(run(line)).toMatchObject({ stdout, exitCode });
  });

  it('lets the first command\'s stderr through and takes the last command\'s status', () => {
    expect(run('x | grep a', out('', 'bash: x: command not found\n', 127))).toMatchObject({ stdout: '', stderr: 'bash: x: command not found\n', exitCode: 1 });
  });

  it('refuses an option grep does not have, as grep does', () => {
    expect(run('x | grep -Z a')).toMatchObject({ exitCode: 2, stderr: "grep: invalid option -- 'Z'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n" });
  });
});
