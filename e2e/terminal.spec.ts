// The terminal's shell habits (issue 11): a command typed while paused runs when space (play) or '.'
// (step) is pressed in the terminal, as the hint under it says; `k` is kubectl; Ctrl+R finds an
// earlier line; `clear` empties the screen without asking the cluster. Tab completes kubectl's verbs
// and each verb's flags from the vocabulary the worker sends (src/sim/cli-tools/kubectl/vocabulary.ts).

import { expect, expectNoAxeViolations, gotoApp, pause, setSpeed, shot, shotSizes, terminalText, test, typeCommand, waitPodStatus } from './helpers';

test('paused: space in the terminal plays and the command answers; k is kubectl; Ctrl+R runs an earlier line; clear', async ({ page }) => {
  await gotoApp(page);
  await pause(page);
  await typeCommand(page, 'kubectl get nodes -o name', { wait: false });
  await expect.poll(() => page.locator('.xterm-rows').innerText()).toContain('press space to play');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => terminalText(page)).toContain('node/worker-3');

  const viaAlias = await typeCommand(page, 'k get nodes -o name', { expectOutput: /node\/worker-3/ });
  expect(viaAlias).toContain('node/control-plane');

  // Ctrl+R and "k get" find the last such line; Enter runs it again.
  const before = (await terminalText(page)).split('node/worker-3').length;
  await page.keyboard.press('Control+r');
  await page.keyboard.type('k get');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await terminalText(page)).split('node/worker-3').length).toBe(before + 1);
  await expect.poll(() => page.locator('.xterm-rows').innerText()).not.toContain('reverse-i-search');

  await typeCommand(page, 'clear', { wait: false });
  // The screen is empty but for the prompt: xterm's visible rows hold no earlier output.
  await expect.poll(() => page.locator('.xterm-rows').innerText()).not.toContain('node/worker-3');
});

// kubectl exec -it (issue 12, kubectl pkg/cmd/exec/exec.go): a shell in a container takes over the
// prompt (busybox's `/ # `), runs what is typed in the container, and `exit` gives `$ ` back.
test('kubectl exec -it opens a shell in a container; exit returns to the prompt', async ({ page }) => {
  // About 10 s on an idle machine; the screenshots at two sizes take most of it on a loaded one.
  test.setTimeout(120_000);
  await gotoApp(page);
  await setSpeed(page, 100);
  await typeCommand(page, 'kubectl run box --image=busybox:1.36 -- sleep 3600', { expectOutput: /pod\/box created/ });
  await waitPodStatus(page, 'default', 'box', 'Running');
  await typeCommand(page, 'kubectl exec -it box -- sh', { wait: false });
  await expect.poll(() => page.locator('.xterm-rows').innerText()).toMatch(/^\/ #\s*$/m);
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  await expect.poll(() => terminalText(page)).toContain('/ # hostname\nbox\n');
  await page.keyboard.type('cat /etc/resolv.conf');
  await page.keyboard.press('Enter');
  await expect.poll(() => terminalText(page)).toContain('nameserver 10.96.0.10\n');
  await shotSizes(page, 'terminal-exec-it', { graph: false });
  await expectNoAxeViolations(page, { include: '[data-testid="terminal"]' });
  await page.keyboard.type('exit');
  await page.keyboard.press('Enter');
  const back = await typeCommand(page, 'kubectl get pod box -o name', { expectOutput: /pod\/box/ });
  expect(back).toContain('pod/box');
});

// kubernetes.io "Configuring Redis using a ConfigMap": `kubectl exec -it redis -- redis-cli` gives
// redis-cli's prompt `127.0.0.1:6379> ` (redis src/redis-cli.c repl()), each typed line is a redis
// command answered in redis-cli's terminal form, and `quit` gives `$ ` back.
test('kubectl exec -it redis -- redis-cli gives redis-cli\'s prompt; CONFIG GET answers as the page shows; quit returns', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoApp(page);
  await setSpeed(page, 100);
  await typeCommand(page, 'kubectl run redis --image=redis:5', { expectOutput: /pod\/redis created/ });
  await waitPodStatus(page, 'default', 'redis', 'Running');
  await typeCommand(page, 'kubectl exec -it redis -- redis-cli', { wait: false });
  await expect.poll(() => page.locator('.xterm-rows').innerText()).toMatch(/^127\.0\.0\.1:6379>\s*$/m);
  await page.keyboard.type('CONFIG GET maxmemory');
  await page.keyboard.press('Enter');
  await expect.poll(() => terminalText(page)).toContain('127.0.0.1:6379> CONFIG GET maxmemory\n1) "maxmemory"\n2) "0"\n');
  await page.keyboard.type('CONFIG GET maxmemory-policy');
  await page.keyboard.press('Enter');
  await expect.poll(() => terminalText(page)).toContain('1) "maxmemory-policy"\n2) "noeviction"\n');
  await shotSizes(page, 'terminal-exec-it-redis-cli', { graph: false });
  await page.keyboard.type('quit');
  await page.keyboard.press('Enter');
  const back = await typeCommand(page, 'kubectl get pod redis -o name', { expectOutput: /pod\/redis/ });
  expect(back).toContain('pod/redis');
});

test('Tab completes kubectl from the worker\'s verb table: a verb, then that verb\'s own flag', async ({ page }) => {
  await gotoApp(page);
  await typeCommand(page, 'kubectl version --client', { expectOutput: /Client Version/ });
  await page.keyboard.type('kubectl expl');
  await page.keyboard.press('Tab');
  await page.keyboard.type('svc.spec.ports --recu');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.locator('.xterm-rows').innerText()).toContain('kubectl explain svc.spec.ports --recursive ');
  await page.keyboard.press('Enter');
  await expect.poll(() => terminalText(page)).toContain('FIELD: ports <[]ServicePort>');
  await shot(page, 'terminal-tab-explain', { graph: false });
  await expectNoAxeViolations(page, { exclude: ['[data-testid=graph]'] });
});
