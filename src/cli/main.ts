#!/usr/bin/env node
/** Entry of the terminal command (dist/cli/index.js, the package's `bin`). */
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { runCli } from './run';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  write: (text) => process.stdout.write(text),
  env: process.env,
  cwd: process.cwd(),
  stdoutIsTTY: process.stdout.isTTY,
  stderrIsTTY: process.stderr.isTTY,
  readStdin,
  // dist/cli/index.js (or src/cli/main.ts run from source), through npm's bin symlink: the package
  // is two folders up. Not import.meta.url: the bundler would take a path built from it for an asset.
  packageRoot: process.argv[1] === undefined ? undefined : dirname(dirname(dirname(realpathSync(process.argv[1])))),
});
