// The served API port (api-port.ts) follows the simulated kube-apiserver: closed while it does not
// run, so a connection is refused (ECONNREFUSED, as nothing listening on a TCP port makes the kernel
// answer a SYN with a reset: RFC 9293 3.10.7.1), open again on the same port after. Someone else
// taking the port meanwhile is logged and retried, not a crash.

import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { ApiPort, RELISTEN_MS } from './api-port';

const ports: ApiPort[] = [];
const others: Server[] = [];
afterEach(async () => {
  for (const p of ports.splice(0)) await p.close();
  for (const s of others.splice(0)) await new Promise((r) => s.close(r));
});

function dial(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('accepted');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

async function until(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function apiPort(log: string[], accepted: Socket[] = []): ApiPort {
  const p = new ApiPort('127.0.0.1', (s) => accepted.push(s), (l) => log.push(l));
  ports.push(p);
  return p;
}

it('refuses connections while kube-apiserver does not run, drops those it had, and listens on the same port after', async () => {
  const log: string[] = [];
  const accepted: Socket[] = [];
  const p = apiPort(log, accepted);
  const port = await p.listen(0);
  expect(await dial(port)).toBe('accepted');
  const before = accepted.length;
  const held = connect(port, '127.0.0.1');
  held.on('error', () => {});
  await until(() => accepted.length === before + 1);

  const heldClosed = new Promise((r) => held.once('close', r));
  p.follow(false);
  expect(await dial(port)).toBe('ECONNREFUSED');
  await heldClosed;
  expect(log).toEqual([`kubeplay serve: kube-apiserver is not running: 127.0.0.1:${port} refuses connections`]);

  p.follow(true);
  await until(async () => (await dial(port)) === 'accepted');
  expect(log.at(-1)).toBe(`kubeplay serve: kube-apiserver is running again: listening on 127.0.0.1:${port}`);
});

it('logs and tries again when another program took the port meanwhile, and listens once it is free', async () => {
  const log: string[] = [];
  const p = apiPort(log);
  const port = await p.listen(0);
  p.follow(false);
  const other = createServer();
  others.push(other);
  await new Promise<void>((r) => other.listen(port, '127.0.0.1', r));

  p.follow(true);
  await until(() => log.some((l) => l.startsWith(`kubeplay serve: cannot listen on 127.0.0.1:${port} again (listen EADDRINUSE`)));
  expect(log.at(-1)).toMatch(new RegExp(`trying again in ${RELISTEN_MS} ms$`));
  await new Promise((r) => other.close(r));
  others.pop();
  await until(() => log.at(-1) === `kubeplay serve: kube-apiserver is running again: listening on 127.0.0.1:${port}`, RELISTEN_MS * 3);
  expect(await dial(port)).toBe('accepted');
});

it('closes while the port is closed, and does not listen again after', async () => {
  const p = apiPort([]);
  const port = await p.listen(0);
  p.follow(false);
  await p.close();
  p.follow(true);
  await new Promise((r) => setTimeout(r, 50));
  expect(await dial(port)).toBe('ECONNREFUSED');
});

it('stays closed when kube-apiserver stopped while the first listen was under way', async () => {
  const p = apiPort([]);
  const listening = p.listen(0);
  p.follow(false);
  const port = await listening;
  expect(await dial(port)).toBe('ECONNREFUSED');
  p.follow(true);
  await until(async () => (await dial(port)) === 'accepted');
});
