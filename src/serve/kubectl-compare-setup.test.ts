// kubectlFor: a $KUBECTL that names no file is a one-line failure, not the machine's kubectl.1.31
// answering in its place (issue 17; the suites compare against the kubectl the run asked for).
import { describe, expect, it } from 'vitest';
import { findKubectl131 } from './kubectl-compare';
import { kubectlFor } from './kubectl-compare-setup';

describe('kubectlFor', () => {
  it('fails with one line when $KUBECTL names no file, with or without CI', () => {
    for (const CI of [undefined, 'true']) {
      expect(() => kubectlFor('suite-x', { KUBECTL: '/nonexistent/kubectl-1.31', CI })).toThrow(/^suite-x: \$KUBECTL is \/nonexistent\/kubectl-1\.31, which does not exist$/);
    }
  });

  it('takes $KUBECTL when it names a file', () => {
    expect(kubectlFor('suite-x', { KUBECTL: process.execPath })).toBe(process.execPath);
  });

  it('is the same failure for the suites and e2e specs that look kubectl up directly (findKubectl131)', () => {
    expect(() => findKubectl131({ KUBECTL: '/nonexistent/kubectl-1.31' })).toThrow(/^\$KUBECTL is \/nonexistent\/kubectl-1\.31, which does not exist$/);
  });
});
