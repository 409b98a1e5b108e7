// `kubectl edit` on the whole simulated cluster. Sources: kubectl pkg/cmd/util/editor/editoptions.go
// v1.31 (the header editHeader.writeTo writes; `Edit cancelled, no changes made.` and `Edit
// cancelled, saved file was empty.` on stderr; `At least one of apiVersion, kind and name was
// changed`; a refused save reopens the file with `<resource> "<name>" was not valid:` and its
// causes; the printer's `edited`), editor.go (no editor program: `unable to launch the editor`).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { EDIT_HEADER } from './edit';

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl create deployment web --image=nginx');
  c.sim.runUntil(c.sim.now + 20_000);
});

/** Open the editor as the page does, and return the file it was given. */
function open(line: string): string {
  const out = c.run(line);
  expect(out).toMatchObject({ stderr: 'error: unable to launch the editor "vi"\n', exitCode: 1 });
  return out.edit!.text;
}

describe('kubectl edit', () => {
  it('hands the object as YAML under kubectl\'s header to the editor, or says there is none', () => {
    const out = c.run('kubectl edit deployment/web');
    expect(out.edit).toMatchObject({ line: 'kubectl edit deployment/web', namespace: 'default', object: 'deployment.apps/web' });
    expect(out.edit!.text.startsWith(EDIT_HEADER + 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n')).toBe(true);
    expect(EDIT_HEADER).toBe(
      "# Please edit the object below. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit. If an error occurs while saving this file will be\n# reopened with the relevant failures.\n#\n",
    );
    expect(out.edit!.text).not.toContain('managedFields');
    expect(c.run('kubectl edit deploy nope').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });

  it('saving the file unchanged, or empty, cancels the edit', () => {
    const text = open('kubectl edit deploy web');
    expect(c.run('kubectl edit deploy web', { stdin: text })).toMatchObject({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', exitCode: 0 });
    expect(c.run('kubectl edit deploy web', { stdin: EDIT_HEADER + '\n' })).toMatchObject({ stdout: '', stderr: 'Edit cancelled, saved file was empty.\n', exitCode: 0 });
  });

  it('sends what changed: deployment.apps/web edited, and the cluster follows', () => {
    c.sim.runUntil(c.sim.now + 10_000);
    const text = open('kubectl edit deployment/web');
    // Time passes while the file is open: the status moves on, and it is not the user's change.
    c.sim.runUntil(c.sim.now + 10_000);
    const out = c.run('kubectl edit deployment/web', { stdin: text.replace('replicas: 1\n', 'replicas: 3\n') });
    expect(out).toMatchObject({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(c.run('kubectl get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl get pods -l app=web --no-headers').stdout.trim().split('\n')).toHaveLength(3);
  });

  it('refuses a changed name, and reopens the file with the server\'s failures, the cluster unchanged', () => {
    const text = open('kubectl edit deployment/web');
    expect(c.run('kubectl edit deployment/web', { stdin: text.replace('name: web\n', 'name: other\n') }).stderr).toBe(
      'error: At least one of apiVersion, kind and name was changed\n',
    );
    const bad = c.run('kubectl edit deployment/web', { stdin: text.replace('replicas: 3\n', 'replicas: -1\n') });
    expect(bad).toMatchObject({
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n',
      exitCode: 1,
    });
    expect(bad.edit!.text.startsWith(EDIT_HEADER + '# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\napiVersion: apps/v1\n')).toBe(true);
    expect(bad.edit!.text).toContain('replicas: -1\n');
    expect(c.run('kubectl get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
  });

  // edit.go: `-f` is a FilenameOption; editoptions.go builds the objects with .Latest(), so the
  // editor gets the live object the file names (its server state), not the file's own text.
  it('edits the live object a file names with -f, leaving the file as it was', () => {
    const file = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 7\n';
    const files = { 'web.yaml': file };
    const out = c.run('kubectl edit -f web.yaml', { files });
    expect(out).toMatchObject({ stderr: 'error: unable to launch the editor "vi"\n', exitCode: 1 });
    expect(out.edit).toMatchObject({ line: 'kubectl edit -f web.yaml', object: 'deployment.apps/web' });
    // The live object (3 replicas, its status and uid), not the file's 7.
    expect(out.edit!.text).toContain('replicas: 3\n');
    expect(out.edit!.text).toContain('uid: ');
    const saved = c.run('kubectl edit -f web.yaml', { files, stdin: out.edit!.text.replace('replicas: 3\n', 'replicas: 2\n') });
    expect(saved).toMatchObject({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(c.run('kubectl get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('2');
    expect(c.run('kubectl edit -f gone.yaml', { files: { 'gone.yaml': file.replace('name: web', 'name: gone') } }).stderr).toBe(
      'Error from server (NotFound): deployments.apps "gone" not found\n',
    );
    expect(c.run('kubectl edit -f missing.yaml').stderr).toBe('error: the path "missing.yaml" does not exist\n');
  });
});
