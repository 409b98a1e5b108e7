#!/usr/bin/env node
// `npx kubeplay ...`: runs the TypeScript CLI (src/cli/main.ts) through tsx's loader, so there is
// no build step between editing the simulation and running a scenario.
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
