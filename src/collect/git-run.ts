/**
 * Running git for the local source: one place that spawns it, so every call gets the same
 * safety flags and every failure the same typed, user-readable error.
 */
import { execFile } from 'node:child_process';

export class GitError extends Error {
  override readonly name: string = 'GitError';
}

/** A revision or range the user named cannot be used (no such commit, no common ancestor): a usage error. */
export class GitUsageError extends GitError {
  override readonly name: string = 'GitUsageError';
}

/** `--base` names no commit. */
export class UnknownRevisionError extends GitUsageError {
  override readonly name = 'UnknownRevisionError';
}

export interface GitRunner {
  /** stdout of `git <args>`, as text; throws GitError with git's own message. */
  text(args: readonly string[]): Promise<string>;
  /** stdout of `git <args>`, as bytes (blob contents). */
  bytes(args: readonly string[]): Promise<Buffer>;
  /** The folder git runs in. */
  readonly cwd: string;
}

/**
 * Every call takes paths literally (a file named `a*.py` is not a pattern) and never quotes
 * non-ASCII paths. `GIT_OPTIONAL_LOCKS=0`: a review is read-only, so `git diff` must not take the
 * index lock to refresh it (a pre-push hook runs while the user may be committing elsewhere).
 */
export function gitRunner(cwd: string, env: NodeJS.ProcessEnv): GitRunner {
  const run = (args: readonly string[], encoding: 'utf8' | 'buffer'): Promise<string | Buffer> =>
    new Promise((resolve, reject) => {
      execFile(
        'git',
        ['--literal-pathspecs', '-c', 'core.quotePath=false', ...args],
        { cwd, encoding, maxBuffer: 256 * 1024 * 1024, env: { ...env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' } },
        (error, stdout, stderr) => {
          if (error === null) return resolve(stdout);
          reject(gitFailure(args, error, String(stderr)));
        },
      );
    });
  return {
    cwd,
    text: async (args) => (await run(args, 'utf8')) as string,
    bytes: async (args) => (await run(args, 'buffer')) as Buffer,
  };
}

function gitFailure(args: readonly string[], error: Error & { code?: unknown }, stderr: string): GitError {
  if (error.code === 'ENOENT') return new GitError('git is not installed or not on PATH: review-gate needs it to read the changes.');
  const said = stderr.trim().split('\n').find((line) => line.trim() !== '') ?? error.message;
  if (/not a git repository/i.test(said)) {
    return new GitError('This folder is not inside a git repository: run review-gate in a clone of the repository to review.');
  }
  return new GitError(`git ${args[0] ?? ''} failed: ${said.replace(/^(fatal|error): /, '')}`);
}
