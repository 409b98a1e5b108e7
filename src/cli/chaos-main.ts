// The entry point of `npm run chaos` (see chaos.ts).
import { chaosMain } from './chaos';

process.exitCode = chaosMain(process.argv.slice(2), (s) => process.stdout.write(s));
