/**
 * Runs the bundled `dist/index.js` the way the Actions runner does — inputs as `INPUT_*`
 * variables, an event file, `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files — against the local
 * service simulator and a local fake GitHub serving a pull-request fixture. Used by the demo
 * (`npm run demo`), the benchmarks and the end-to-end tests whose point is the process; the
 * others run the action in their own process with the same step (run-action-in-process.ts).
 * Everything stays on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGitHub } from './fake-github';
import { BUNDLE_NODE_FLAGS } from './node-flags';
import type { FakeGitHub, FakeGitHubOptions, FakePull } from './fake-github';
import type { FakeTreeContent } from './fake-github-trees';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_FIXTURE = join(ROOT, 'fixtures/demo/pull-request.json');
export const GITHUB_TOKEN = 'ghs_fake_token_for_local_runs_only';

/** The shape of `fixtures/<name>/pull-request.json`. */
export interface PullRequestFixture {
  owner: string;
  repo: string;
  number: number;
  title: string;
  headSha: string;
  baseSha: string;
  headRepo: string;
  files: Array<{
    filename: string;
    status: string;
    previous_filename?: string;
    patch?: string;
    content?: string;
    /** Binary content, base64. */
    contentBase64?: string;
    additions?: number;
    deletions?: number;
    /** Lines the fake GitHub refuses with 422 although the patch shows them. */
    unresolvableLines?: number[];
    /** git's mode at the head (default a file): `120000` is a symbolic link, its content the target path. */
    mode?: '100644' | '100755' | '120000';
  }>;
  /** Files at the head the pull request does not change (fake-github-trees.ts). */
  tree?: Record<string, FakeTreeContent>;
}

export async function loadFixture(path = DEMO_FIXTURE): Promise<PullRequestFixture> {
  return JSON.parse(await readFile(path, 'utf8')) as PullRequestFixture;
}

/** The file `npm run demo` adds to the demo pull request: a persuasive comment beside an eval (injection-check). */
export const DEMO_INJECTED_FILE = join(ROOT, 'fixtures/demo/injected-file.json');

/** The demo pull request as `npm run demo` shows it: with the file whose comment talks its reviewer into green. */
export async function loadDemoWithInjection(): Promise<PullRequestFixture> {
  const demo = await loadFixture();
  const injected = JSON.parse(await readFile(DEMO_INJECTED_FILE, 'utf8')) as PullRequestFixture['files'][number];
  return { ...demo, files: [...demo.files, injected] };
}

export function fakePullOf(fixture: PullRequestFixture): FakePull {
  return {
    number: fixture.number,
    headSha: fixture.headSha,
    baseSha: fixture.baseSha,
    files: fixture.files.map(({ contentBase64, ...file }) => ({
      ...file,
      ...(contentBase64 === undefined ? {} : { content: Buffer.from(contentBase64, 'base64') }),
    })),
    ...(fixture.tree === undefined ? {} : { tree: fixture.tree }),
  };
}

export interface ActionRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Step outputs as written to GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The job summary as written to GITHUB_STEP_SUMMARY. */
  stepSummary: string;
  /** `performance.now()` just before the run started (the process spawned, or run() called in-process) and when it ended (benchmarks). */
  spawnedAt: number;
  exitedAt: number;
}

export interface RunOptions {
  /** `api-key` → `INPUT_API-KEY`, as the runner names them. */
  inputs: Record<string, string>;
  githubApiUrl: string;
  fixture: PullRequestFixture;
  eventName?: string;
  /** Replaces the event payload (default: a pull_request event for the fixture); a string is written as is. */
  event?: unknown;
  env?: Record<string, string>;
  /** The script to run instead of dist/index.js (the benchmarks' naive action), as the runner would. */
  script?: string;
  /**
   * Node's flags for the spawned bundle: the tests' (`BUNDLE_NODE_FLAGS`) unless given; the
   * benchmarks and the demo pass none, to run and measure it exactly as the runner does.
   */
  nodeFlags?: readonly string[];
}

/** Spawns `node dist/index.js` with a clean environment and collects what the runner would. */
export async function runBundledAction(options: RunOptions): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'review-gate-run-'));
  try {
    const step = await prepareStep(options, dir, join(dir, 'summary.md'));
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, [...(options.nodeFlags ?? BUNDLE_NODE_FLAGS), options.script ?? join(ROOT, 'dist/index.js')], { env: step.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const exitCode = await new Promise<number>((done, fail) => {
      child.on('error', fail);
      child.on('close', (code) => done(code ?? 1));
    });
    const exitedAt = performance.now();
    return { exitCode, ...(await readStep(step, stdout, stderr)), spawnedAt, exitedAt };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the runner gives a step: its environment, and the files it names. */
export interface PreparedStep {
  env: Record<string, string>;
  outputPath: string;
  summaryPath: string;
}

/**
 * Writes the event, an empty GITHUB_OUTPUT and an empty GITHUB_STEP_SUMMARY (at `summaryPath`)
 * for a run in `dir`, and builds the clean environment a step gets: nothing of this process's
 * but PATH and HOME, so no proxy, INPUT_* or GITHUB_* variable of the machine reaches the run.
 */
export async function prepareStep(options: RunOptions, dir: string, summaryPath: string): Promise<PreparedStep> {
  const eventPath = join(dir, 'event.json');
  const outputPath = join(dir, 'output.txt');
  const event = options.event ?? pullRequestEvent(options.fixture);
  await writeFile(eventPath, typeof event === 'string' ? event : JSON.stringify(event));
  await writeFile(outputPath, '');
  await writeFile(summaryPath, '');

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_API_URL: options.githubApiUrl,
    GITHUB_REPOSITORY: `${options.fixture.owner}/${options.fixture.repo}`,
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: dir,
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return { env, outputPath, summaryPath };
}

/** What a finished step left: its log, its outputs and its job summary. */
export async function readStep(step: PreparedStep, stdout: Buffer[], stderr: Buffer[]): Promise<Pick<ActionRun, 'stdout' | 'stderr' | 'outputs' | 'stepSummary'>> {
  return {
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: Buffer.concat(stderr).toString('utf8'),
    outputs: parseOutputFile(await readFile(step.outputPath, 'utf8')),
    stepSummary: await readFile(step.summaryPath, 'utf8'),
  };
}

export function pullRequestEvent(fixture: PullRequestFixture): unknown {
  const full = `${fixture.owner}/${fixture.repo}`;
  return {
    action: 'synchronize',
    number: fixture.number,
    pull_request: {
      number: fixture.number,
      title: fixture.title,
      head: { sha: fixture.headSha, repo: { full_name: fixture.headRepo } },
      base: { sha: fixture.baseSha, repo: { full_name: full } },
    },
    repository: { full_name: full, name: fixture.repo, owner: { login: fixture.owner } },
  };
}

/** Parses the runner's file-command format: `name<<DELIMITER\nvalue\nDELIMITER`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (match === null) {
      const simple = /^([^=]+)=(.*)$/.exec(lines[i] ?? '');
      if (simple !== null) outputs[simple[1] as string] = simple[2] as string;
      continue;
    }
    const [, name, delimiter] = match as unknown as [string, string, string];
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string);
    outputs[name] = value.join('\n');
  }
  return outputs;
}

export async function startFixtureGitHub(
  fixture: PullRequestFixture,
  extra: Partial<FakeGitHubOptions> = {},
): Promise<FakeGitHub> {
  return startFakeGitHub({
    owner: fixture.owner,
    repo: fixture.repo,
    pulls: [fakePullOf(fixture)],
    token: GITHUB_TOKEN,
    ...extra,
  });
}
