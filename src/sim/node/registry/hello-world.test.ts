// docker-library/hello-world hello.c (unchanged from 2023 to today but for its macros): the amd64
// binary writes its whole message to stdout in one write and exits 0; `kubectl logs` shows it line
// by line, starting and ending with an empty line.
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';

const MESSAGE = `
Hello from Docker!
This message shows that your installation appears to be working correctly.

To generate this message, Docker took the following steps:
 1. The Docker client contacted the Docker daemon.
 2. The Docker daemon pulled the "hello-world" image from the Docker Hub.
    (amd64)
 3. The Docker daemon created a new container from that image which runs the
    executable that produces the output you are currently reading.
 4. The Docker daemon streamed that output to the Docker client, which sent it
    to your terminal.

To try something more ambitious, you can run an Ubuntu container with:
 $ docker run -it ubuntu bash

Share images, automate workflows, and more with a free Docker ID:
 https://hub.docker.com/

For more examples and ideas, visit:
 https://docs.docker.com/get-started/

`;

describe('hello-world', () => {
  it('prints hello.c\'s whole message to stdout and exits 0', () => {
    const steps = programFor('hello-world', undefined, undefined).steps;
    const out = steps.flatMap((s) => (s.op === 'log' && s.stream === 'stdout' ? [s.text] : []));
    expect(`${out.join('\n')}\n`).toBe(MESSAGE);
    expect(steps.at(-1)).toEqual({ op: 'exit', code: 0 });
  });
});
