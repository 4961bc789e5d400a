/**
 * Runs the action in this process — `run()` of src/action/main.ts, as @github/local-action calls
 * it — with what `runBundledAction` gives the bundle: the same clean environment, event file,
 * GITHUB_OUTPUT and job summary, and the same `ActionRun` back. About four times faster than a
 * spawn (no node to start, no bundle to load), for the end-to-end tests whose point is not the
 * process itself. What only a process shows stays with the bundle: another script, a variable
 * node reads as it starts (NODE_OPTIONS, NODE_EXTRA_CA_CERTS), two runs at once, a crash.
 *
 * A run borrows the process's own state, one run at a time, and gives it back however the run
 * ends: `process.env`, `process.stdout.write` and `process.stderr.write`, and `process.exitCode`,
 * which @actions/core's `setFailed` sets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ActionClocks } from '../../src/action/review-on-github';
import { prepareStep, readStep } from './run-action';
import type { ActionRun, RunOptions } from './run-action';

/** What the in-process run calls: the action's `run()` by default. */
export type ActionEntry = () => Promise<void>;

/** The action's `run()` on these clocks (the real ones for any left out): its waits are theirs. */
export function actionOnClocks(clocks: Partial<ActionClocks>): ActionEntry {
  return async () => {
    // Loaded on the first run, so a file that only spawns the bundle never loads the sources.
    const { run } = await import('../../src/action/main');
    await run(process.env, clocks);
  };
}

const actionRun = actionOnClocks({});

/** Runs the action in this process on these clocks: a test's virtual time instead of real waits. */
export function runActionOnClocks(clocks: Partial<ActionClocks>): (options: RunOptions) => Promise<ActionRun> {
  return (options) => runActionInProcess(options, actionOnClocks(clocks));
}

let running = false;

/** Runs the action in this process on `options`, as `runBundledAction` runs the bundle. */
export async function runActionInProcess(options: RunOptions, entry: ActionEntry = actionRun): Promise<ActionRun> {
  if (options.script !== undefined) throw new Error(`runActionInProcess runs the action's sources; ${options.script} needs a process: use runBundledAction.`);
  if (options.env?.GITHUB_STEP_SUMMARY !== undefined) {
    throw new Error('runActionInProcess cannot give a run its own GITHUB_STEP_SUMMARY (@actions/core keeps the first one of the process): use runBundledAction.');
  }
  // process.env, the output streams and process.exitCode are the process's own: one run at a time.
  if (running) throw new Error('Another in-process run of the action is under way: runs in one process take turns (use runBundledAction for runs at once).');
  running = true;
  const dir = await mkdtemp(join(tmpdir(), 'review-gate-run-'));
  try {
    const step = await prepareStep(options, dir, summaryFileOfThisProcess());
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const restore = borrowProcess(step.env, stdout, stderr);
    const spawnedAt = performance.now();
    let exitCode: number;
    try {
      await entry();
    } catch (error) {
      // run() never throws; the bundle would end with a stack trace. Fail the test that saw it.
      throw new Error(`The action's run() threw, which it must never do: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      exitCode = restore();
    }
    const exitedAt = performance.now();
    return { exitCode, ...(await readStep(step, stdout, stderr)), spawnedAt, exitedAt };
  } finally {
    running = false;
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Gives the run `env` as the whole of `process.env` (vitest's own VITEST* variables kept: the
 * worker needs them, the action reads none), and its output streams and exit status; returns
 * what gives them back, which answers the exit status the run set (0 when it set none).
 */
function borrowProcess(env: Record<string, string>, stdout: Buffer[], stderr: Buffer[]): () => number {
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  const restoreStdout = capture(process.stdout, stdout);
  const restoreStderr = capture(process.stderr, stderr);
  replaceEnv((name) => name.startsWith('VITEST'), env);
  process.exitCode = undefined;
  return () => {
    const code = process.exitCode;
    process.exitCode = savedExitCode;
    replaceEnv(() => false, savedEnv);
    restoreStderr();
    restoreStdout();
    return code === undefined || code === null ? 0 : Number(code);
  };
}

/** Makes `process.env` exactly `env`, but for the variables `keep` names. In place: the object is node's own. */
function replaceEnv(keep: (name: string) => boolean, env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) {
    if (!keep(name)) Reflect.deleteProperty(process.env, name);
  }
  Object.assign(process.env, env);
}

/** Collects what is written to `stream` instead of writing it; returns what puts the stream's own write back. */
function capture(stream: NodeJS.WriteStream, chunks: Buffer[]): () => void {
  const own = Object.getOwnPropertyDescriptor(stream, 'write');
  const write = (chunk: string | Uint8Array, encodingOrDone?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void): boolean => {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encodingOrDone === 'string' ? encodingOrDone : 'utf8') : Buffer.from(chunk));
    const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
    if (callback !== undefined) process.nextTick(callback);
    return true;
  };
  stream.write = write;
  return () => {
    if (own === undefined) Reflect.deleteProperty(stream, 'write');
    else Object.defineProperty(stream, 'write', own);
  };
}

let summaryDir: string | undefined;

/**
 * The job summary file of every in-process run (prepareStep empties it before each). @actions/core's
 * `core.summary` reads GITHUB_STEP_SUMMARY once and keeps that path for the life of the process,
 * so each run of this process must name the same file; it is removed when the process exits.
 */
function summaryFileOfThisProcess(): string {
  if (summaryDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'review-gate-summary-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    summaryDir = dir;
  }
  return join(summaryDir, 'summary.md');
}
