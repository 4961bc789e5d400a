#!/usr/bin/env node
/** Entry of the terminal command (dist/cli/index.js). */
import { runCli } from './run';

process.exitCode = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  cwd: process.cwd(),
});
