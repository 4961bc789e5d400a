/**
 * Running git for the local source: one place that spawns it, so every call gets the same
 * safety flags and every failure the same typed, user-readable error. The flags that keep git
 * from running programs (git/no-programs.ts) are applied here, and by the few modules that spawn
 * git themselves (a long-lived `cat-file --batch`), through `NO_PROGRAM_ARGS` and `noProgramEnv`.
 */
import { execFile } from 'node:child_process';
import { NO_PROGRAM_ARGS, convertsWorkingTree, filterDriverOverrides, noProgramEnv, withSubcommandFlags } from './no-programs';
import { ExplainedError } from '../../domain/errors';

export { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';

export class GitError extends ExplainedError {
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
  /** stdout of `git <args>`, as text; throws GitError with git's own message. `input` is written to its standard input. */
  text(args: readonly string[], input?: Uint8Array): Promise<string>;
  /** stdout of `git <args>`, as bytes (blob contents). */
  bytes(args: readonly string[]): Promise<Buffer>;
  /**
   * stdout of `git <args>` whatever its exit status, with the GitError it failed with: for a
   * command whose options each print a line, where a failing last one (a `--verify` name that is
   * no commit) must not cost the answers printed before it.
   */
  attempt(args: readonly string[]): Promise<{ stdout: string; failure?: GitError }>;
  /** The folder git runs in. */
  readonly cwd: string;
}

/**
 * Every call takes paths literally (a file named `a*.py` is not a pattern) and never quotes
 * non-ASCII paths. `GIT_OPTIONAL_LOCKS=0`: a review is read-only, so `git diff` must not take the
 * index lock to refresh it (a pre-push hook runs while the user may be committing elsewhere).
 * No configuration runs a program (git/no-programs.ts); the filter drivers, whose names only the
 * configuration knows, are read once, before the first command that reads the working tree.
 */
export function gitRunner(cwd: string, env: NodeJS.ProcessEnv): GitRunner {
  const safeEnv = { ...noProgramEnv(env), GIT_OPTIONAL_LOCKS: '0' };
  /** `git <options> <args>`: `options` are global ones (the drivers' overrides), `args` the subcommand and its own. */
  const spawnGit = (options: readonly string[], args: readonly string[], encoding: 'utf8' | 'buffer', input?: Uint8Array): Promise<Ran> =>
    new Promise((resolve) => {
      const child = execFile(
        'git',
        ['--literal-pathspecs', ...NO_PROGRAM_ARGS, '-c', 'core.quotePath=false', ...options, ...withSubcommandFlags(args)],
        { cwd, encoding, maxBuffer: 256 * 1024 * 1024, env: safeEnv },
        (error, stdout, stderr) => resolve(error === null ? { stdout } : { stdout, failure: gitFailure(args, error, String(stderr)) }),
      );
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    });
  let drivers: Promise<string[]> | undefined;
  const run = async (args: readonly string[], encoding: 'utf8' | 'buffer', input?: Uint8Array): Promise<Ran> => {
    const readConfig = async (list: string[]) => String(succeeded(await spawnGit([], list, 'utf8')));
    const overrides = convertsWorkingTree(args) ? await (drivers ??= filterDriverOverrides(readConfig)) : [];
    return spawnGit(overrides, args, encoding, input);
  };
  return {
    cwd,
    text: async (args, input) => String(succeeded(await run(args, 'utf8', input))),
    bytes: async (args) => succeeded(await run(args, 'buffer')) as Buffer,
    attempt: async (args) => {
      const { stdout, failure } = await run(args, 'utf8');
      return { stdout: String(stdout), ...(failure === undefined ? {} : { failure }) };
    },
  };
}

/** What one git process gave: its stdout, and the error it failed with, if it did. */
interface Ran {
  stdout: string | Buffer;
  failure?: GitError;
}

function succeeded(ran: Ran): string | Buffer {
  if (ran.failure !== undefined) throw ran.failure;
  return ran.stdout;
}

function gitFailure(args: readonly string[], error: Error & { code?: unknown }, stderr: string): GitError {
  if (error.code === 'ENOENT') return new GitError('git is not installed or not on PATH: review-gate needs it to read the changes.');
  const said = stderr.trim().split('\n').find((line) => line.trim() !== '' && !line.startsWith('warning: ')) ?? error.message;
  if (/not a git repository/i.test(said)) {
    return new GitError('This folder is not inside a git repository: run review-gate in a clone of the repository to review.');
  }
  const command = args[0] ?? '';
  if (/promisor remote|lazy fetch/i.test(stderr)) {
    return new GitError(
      `git ${command} needs objects this partial clone does not have, and review-gate never fetches (a fetch runs the programs the repository's configuration names): ` +
        'run the same comparison with git once (`git diff <base>`, which fetches what it lacks), then review-gate again.',
    );
  }
  return new GitError(`git ${command} failed: ${said.replace(/^(fatal|error): /, '')}`);
}
