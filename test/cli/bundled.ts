/**
 * Runs the bundled terminal command (dist/cli/index.js) as a user does — `node dist/cli/index.js`
 * in a folder, with a clean environment — and makes temporary git repositories for it to review.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUNDLE_NODE_FLAGS } from '../doubles/node-flags';
import { ROOT } from '../doubles/run-action';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';

export const CLI = join(ROOT, 'dist/cli/index.js');

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error('dist/cli/index.js is missing: run `npm run build` first.');
}

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Written to standard input, which is then closed. */
  stdin?: string;
  /** Called with stdout as it grows (for tests that react to output as it arrives). */
  onStdout?(soFar: string): void;
  /** Runs this program with `args` instead of `node dist/cli/index.js` (e.g. `script`, for a terminal). */
  command?: string;
}

/** The simulator's URL and the demo key, as a user exports them. */
export function serviceEnv(url: string, key = DEMO_KEY): Record<string, string> {
  return { REVIEW_GATE_API_KEY: key, REVIEW_GATE_API_URL: url };
}

/**
 * The environment the command gets, as the tests give it: PATH, HOME (the folder it runs in),
 * XDG_CACHE_HOME (`cache`), then `options.env` (an undefined value leaves a variable out).
 */
export function cliEnvironment(options: CliOptions, cache: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: options.cwd, XDG_CACHE_HOME: cache };
  for (const [name, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[name] = value;
  return env;
}

/**
 * Runs `run` with a cache folder of its own (outside the repository, which HOME points into), so
 * no test is answered from another's cache; a test about the cache passes XDG_CACHE_HOME.
 */
export async function withOwnCache<T>(run: (cache: string) => Promise<T>): Promise<T> {
  const cache = mkdtempSync(join(tmpdir(), 'review-gate-cache-'));
  try {
    return await run(cache);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

export function runCliBundle(args: string[], options: CliOptions): Promise<CliRun> {
  if (options.command === undefined) assertBuilt();
  return withOwnCache(async (cache) => {
    const [command, commandArgs] = options.command === undefined ? [process.execPath, [...BUNDLE_NODE_FLAGS, CLI, ...args]] : [options.command, args];
    const child = spawn(command, commandArgs, { cwd: options.cwd, env: cliEnvironment(options, cache), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      options.onStdout?.(Buffer.concat(out).toString('utf8'));
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.end(options.stdin ?? '');
    const code = await new Promise<number>((done, fail) => {
      child.on('error', fail);
      child.on('close', (status) => done(status ?? -1));
    });
    return { code, out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8') };
  });
}

/** A git repository in a temporary folder, with a few helpers; `remove()` deletes it. */
export interface TempRepo {
  dir: string;
  git(...args: string[]): string;
  write(path: string, content: string): void;
  commit(message: string): string;
  remove(): void;
}

/**
 * What every fixture git command is given: an identity, no signing, and no `git maintenance run
 * --auto`, which git otherwise starts after each commit, fetch and merge: a process of its own
 * (about 10 ms of CPU) that finds nothing to do in a repository of a few commits.
 */
export const FIXTURE_GIT_CONFIG = ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', '-c', 'maintenance.auto=false'];

/** An empty repository's .git, made by one `git init` per test process and copied for each repository after it. */
let emptyGitDir: string | undefined;

function initRepo(dir: string): void {
  if (emptyGitDir === undefined || !existsSync(emptyGitDir)) {
    const made = mkdtempSync(join(tmpdir(), 'review-gate-empty-'));
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: made, stdio: 'pipe' });
    emptyGitDir = join(made, '.git');
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  cpSync(emptyGitDir, join(dir, '.git'), { recursive: true });
}

/**
 * The commit HEAD names, read from .git as git wrote it, where `git rev-parse HEAD` would start a
 * process: HEAD holds a SHA (detached) or names a branch, whose loose ref a commit has just written.
 */
export function headCommit(dir: string, git: (...args: string[]) => string): string {
  const head = readFileSync(join(dir, '.git', 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref: ')) return head;
  const ref = join(dir, '.git', head.slice('ref: '.length));
  return existsSync(ref) ? readFileSync(ref, 'utf8').trim() : git('rev-parse', 'HEAD').trim();
}

export function tempRepo(prefix = 'review-gate-cli-'): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync('git', [...FIXTURE_GIT_CONFIG, ...args], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
  initRepo(dir);
  return {
    dir,
    git,
    write(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '-m', message);
      return headCommit(dir, git);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A temporary repository with `files` (path → content) committed on main as 'base'. */
export function committedRepo(files: Record<string, string>, prefix?: string): TempRepo {
  const repo = tempRepo(prefix);
  for (const [path, content] of Object.entries(files)) repo.write(path, content);
  repo.commit('base');
  return repo;
}

/** A bare "remote" with main pushed and `origin/HEAD` set, as a clone has. */
export function withOrigin(repo: TempRepo): string {
  const remote = mkdtempSync(join(tmpdir(), 'review-gate-origin-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main'], { cwd: remote, stdio: 'pipe' });
  repo.git('remote', 'add', 'origin', remote);
  // The push also sets origin/main, as a fetch would.
  repo.git('push', '-q', 'origin', 'main');
  repo.git('remote', 'set-head', 'origin', 'main');
  return remote;
}

/** What `useBundledCli` and `useCli` (in-process.ts) give a test file: this test's simulator and repository, and the command. */
export interface CliFixture {
  readonly simulator: RunningSimulator;
  readonly repo: TempRepo;
  /** The command in this test's repository, against this test's simulator with the demo key. */
  readonly reviewGate: (args: string[], env?: Record<string, string | undefined>) => Promise<CliRun>;
  /** `reviewGate`, with stdin and onStdout too. */
  readonly run: (args: string[], options?: Omit<CliOptions, 'cwd' | 'command'>) => Promise<CliRun>;
}

/** A file a corpus branch changes: its content at the base (absent: the branch adds it) and at the head. */
export interface BranchFile {
  path: string;
  base?: string;
  head: string;
}

export interface CliFixtureOptions {
  /** A simulator that obeys reviewer-directed text in the code, as a swayable model might. */
  gullible?: boolean;
  /** The simulator's context window, in estimated tokens (its default otherwise). */
  contextLimitTokens?: number;
  /** Commit these files' base versions on main and their heads on a branch `feature`, checked out. */
  branch?: readonly BranchFile[];
}

/** How a fixture runs the command: `runCliBundle`, or `runCliInProcess` (in-process.ts). */
export type CliRunner = (args: string[], options: CliOptions) => Promise<CliRun>;

/** Registers, for the calling test file: the bundle must be built; a fresh simulator and temporary repository around each test. */
export function useBundledCli(options: CliFixtureOptions = {}): CliFixture {
  beforeAll(assertBuilt);
  return useCliFixture(runCliBundle, options);
}

/** Registers, for the calling test file: a fresh simulator and temporary repository around each test, the command run by `run`. */
export function useCliFixture(run: CliRunner, options: CliFixtureOptions = {}): CliFixture {
  let simulator: RunningSimulator | undefined;
  let repo: TempRepo | undefined;
  const current = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useCliFixture: only inside a test');
    return value;
  };
  beforeEach(async () => {
    simulator = await startSimulator({
      ...(options.gullible === true ? { gullible: true } : {}),
      ...(options.contextLimitTokens === undefined ? {} : { contextLimitTokens: options.contextLimitTokens }),
    });
    repo = tempRepo();
    if (options.branch !== undefined) commitBranch(repo, options.branch);
  });
  afterEach(async () => {
    await simulator?.close();
    repo?.remove();
  });
  const runHere = (args: string[], given: Omit<CliOptions, 'cwd' | 'command'> = {}): Promise<CliRun> =>
    run(args, { ...given, cwd: current(repo).dir, env: { ...serviceEnv(current(simulator).url), ...given.env } });
  return {
    get simulator() {
      return current(simulator);
    },
    get repo() {
      return current(repo);
    },
    reviewGate: (args, env = {}) => runHere(args, { env }),
    run: runHere,
  };
}

function commitBranch(repo: TempRepo, files: readonly BranchFile[]): void {
  for (const f of files) if (f.base !== undefined) repo.write(f.path, f.base);
  repo.write('README.md', '# shop\n');
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  for (const f of files) repo.write(f.path, f.head);
  repo.commit('feature');
}
