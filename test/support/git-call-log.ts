/**
 * A `git` first on PATH that notes each call's arguments and hands it to the real git: how many
 * git processes a piece of review-gate starts, and with what, seen from outside.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitCallLog {
  /** PATH with the noting git first. */
  readonly path: string;
  /** Each call since the last `clear()`, its arguments joined by spaces. */
  calls(): string[];
  clear(): void;
  remove(): void;
}

export function gitCallLog(): GitCallLog {
  const bin = mkdtempSync(join(tmpdir(), 'review-gate-git-log-'));
  const log = join(bin, 'calls');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  return {
    path: `${bin}:${process.env.PATH ?? ''}`,
    calls: () => readFileSync(log, 'utf8').split('\n').filter((line) => line !== ''),
    clear: () => writeFileSync(log, ''),
    remove: () => rmSync(bin, { recursive: true, force: true }),
  };
}
