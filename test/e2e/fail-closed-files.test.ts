/**
 * End to end: the action with GITHUB_WORKSPACE holding a checkout the pull request wrote into.
 * What it commits there — a cache entry of its own making, a symlink where the action writes its
 * SARIF file or its cache — must neither turn the check green nor make the action read or write
 * outside the folder an input names. The runs are in this process, but for one whose point is a
 * file another process left: the bundled dist/index.js trusts the entry a run before it wrote (a
 * fresh process, so nothing held in memory can answer for the file).
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, REVIEW_ONLY_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';
import type { ActionRunner } from './harness';
import { added } from '../support/fixture-files';

const { demo, closeAfterTest, run: runInProcess } = useAction({ bundles: ['dist/index.js'] });
let simulator: RunningSimulator;
let workspace: string;
/** Where a file the pull request must not reach lives: outside the workspace. */
let outside: string;

beforeEach(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
  outside = mkdtempSync(join(tmpdir(), 'review-gate-outside-'));
  // One service for every run of a test: the cache's entries name its URL.
  simulator = await startSimulator();
  closeAfterTest(simulator);
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const EVIL = 'function run(rule) {\n  return eval(rule);\n}\n';
const CLEAN = 'function add(a, b) {\n  return a + b;\n}\n';
const CACHE_DIR = '.review-gate-cache';

const pullRequest = (...files: Array<[string, string]>): PullRequestFixture => ({
  ...demo,
  headSha: '1'.repeat(40),
  files: files.map(([name, content]) => added(name, content)),
});

async function run(fixture: PullRequestFixture, inputs: Record<string, string>, key = DEMO_KEY, runner: ActionRunner = runInProcess) {
  const github = await startFixtureGitHub(fixture);
  closeAfterTest(github);
  const before = reviewRequests();
  const result = await runner({
    inputs: { 'api-key': key, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
    env: { GITHUB_WORKSPACE: workspace },
  });
  // Warnings and errors of the run itself: not the findings' annotations, nor the verdict's line.
  const warnings = result.stdout.split('\n').filter((l) => /^::(warning|error)::/.test(l) && !l.startsWith('::error::review-gate failed'));
  return { ...result, reviews: reviewRequests() - before, warnings };
}
const reviewRequests = () => simulator.requests.filter((r) => r.path === '/v1/agent/review').length;

/** Every regular file below `dir`, by its path relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/**
 * The entry name a pull request's author can compute for a file, as the action of `version` names
 * it: the hash of what is sent (the author knows all of it) and the service's URL.
 */
function entryName(version: number, code: string, language: string): string {
  return createHash('sha256').update(JSON.stringify([version, simulator.url, language, [], code])).digest('hex');
}

const cleanAnswer = { model: 'review-1', summary: 'Looks good.', issues: [], suggestions: [], security_flags: [], quality_score: 100, usage: { total_tokens: 1 }, latency_ms: 1 };

describe('a result cache in the workspace holding entries the pull request wrote', () => {
  it('reviews a file whose entry the pull request forged from a genuine one, and fails the check on its eval()', async () => {
    const fixture = pullRequest(['src/run.js', EVIL]);
    // The genuine entry, as a run with the cache elsewhere writes it (the author can run the action too).
    const elsewhere = join(outside, 'cache');
    const genuine = await run(fixture, { 'cache-dir': elsewhere });
    expect(genuine.outputs.result).toBe('failed');
    // Its copy in the workspace, every field kept but the answer: "no issues, score 100".
    for (const path of filesBelow(elsewhere).filter((p) => p.endsWith('.json'))) {
      const entry = JSON.parse(readFileSync(join(elsewhere, path), 'utf8')) as { result: Record<string, unknown> };
      entry.result = { ...entry.result, ...cleanAnswer };
      mkdirSync(dirname(join(workspace, CACHE_DIR, path)), { recursive: true });
      writeFileSync(join(workspace, CACHE_DIR, path), JSON.stringify(entry));
    }

    const forged = await run(fixture, { 'cache-dir': CACHE_DIR });

    expect(forged.reviews).toBe(1);
    expect(forged.exitCode).toBe(1);
    expect(forged.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1' });
    expect(forged.stdout).toMatch(/^::error .*file=src\/run\.js,line=2::eval\(\) runs arbitrary code/m);
    expect(forged.warnings).toEqual([
      expect.stringMatching(new RegExp(`^::warning::.*${join(workspace, CACHE_DIR).replace(/[.\\/]/g, '\\$&')}.*\\b1 entry\\b.*src/run\\.js`)),
    ]);
  });

  it('ignores, once, an entry in the format an earlier version wrote, and trusts its own entry after that', async () => {
    const fixture = pullRequest(['src/run.js', EVIL]);
    const name = entryName(1, EVIL, 'javascript');
    const path = join(workspace, CACHE_DIR, 'v1', name.slice(0, 2), `${name}.json`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ format: 'review-gate/review-result', version: 1, key: name, result: { ...cleanAnswer, requestId: 'svc_req_1' } }));

    const first = await run(fixture, { 'cache-dir': CACHE_DIR });
    // In a process of its own: the entry on disk, not anything the first run held, answers it.
    const again = await run(fixture, { 'cache-dir': CACHE_DIR }, DEMO_KEY, runBundledAction);

    expect(first.reviews).toBe(1);
    expect(first.outputs.result).toBe('failed');
    expect(again.reviews).toBe(0);
    expect(again.outputs).toEqual(first.outputs);
    expect(again.warnings).toEqual([]);
  });

  it('reviews every file once more after the API key changes, and then trusts the new entries', async () => {
    const fixture = pullRequest(['src/run.js', EVIL], ['src/add.js', CLEAN]);
    await run(fixture, { 'cache-dir': CACHE_DIR }, DEMO_KEY);
    const rotated = await run(fixture, { 'cache-dir': CACHE_DIR }, REVIEW_ONLY_KEY);
    const again = await run(fixture, { 'cache-dir': CACHE_DIR }, REVIEW_ONLY_KEY);

    expect(rotated.reviews).toBe(2);
    expect(rotated.warnings).toEqual([expect.stringMatching(/^::warning::.*\b2 entries\b/)]);
    expect(again.reviews).toBe(0);
    expect(again.outputs).toEqual(rotated.outputs);
    expect(again.outputs.result).toBe('failed');
  });

  it('never reads an entry through a symlink, even one pointing at a genuine entry', async () => {
    const fixture = pullRequest(['src/add.js', CLEAN]);
    const elsewhere = join(outside, 'cache');
    await run(fixture, { 'cache-dir': elsewhere });
    for (const path of filesBelow(elsewhere).filter((p) => p.endsWith('.json'))) {
      mkdirSync(dirname(join(workspace, CACHE_DIR, path)), { recursive: true });
      symlinkSync(join(elsewhere, path), join(workspace, CACHE_DIR, path));
    }

    const linked = await run(fixture, { 'cache-dir': CACHE_DIR });

    expect(linked.reviews).toBe(1);
    expect(linked.outputs.result).toBe('passed');
    expect(linked.warnings).toEqual([expect.stringMatching(/^::warning::.*\b1 entry\b.*src\/add\.js.*symbolic link/)]);
  });
});

describe('symlinks the pull request committed where the action writes', () => {
  it('never writes sarif-file through a symlink at its path: the target keeps its content, and the step says why it failed', async () => {
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(workspace, 'review-gate.sarif'));

    const result = await run(pullRequest(['src/add.js', CLEAN]), { 'sarif-file': 'review-gate.sarif' });

    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(workspace, 'review-gate.sarif')).isSymbolicLink()).toBe(true);
    expect(result.outputs['sarif-file']).toBe('');
    // The verdict is about the code; the step fails so a missing upload is not overlooked.
    expect(result.outputs.result).toBe('passed');
    expect(result.exitCode).toBe(1);
    expect(result.warnings).toEqual([expect.stringMatching(/^::error::.*sarif-file .*review-gate\.sarif.*symbolic link/)]);
  });

  it('never writes sarif-file into a folder that is a symlink', async () => {
    symlinkSync(outside, join(workspace, 'reports'));

    const result = await run(pullRequest(['src/add.js', CLEAN]), { 'sarif-file': 'reports/review-gate.sarif' });

    expect(readdirSync(outside)).toEqual([]);
    expect(result.outputs['sarif-file']).toBe('');
    expect(result.exitCode).toBe(1);
    expect(result.warnings).toEqual([expect.stringMatching(/^::error::.*sarif-file .*reports.*symbolic link/)]);
  });

  it('creates nothing through a symlink committed at the cache-dir path, and reviews as without a cache', async () => {
    symlinkSync(outside, join(workspace, CACHE_DIR));

    const result = await run(pullRequest(['src/run.js', EVIL], ['src/add.js', CLEAN]), { 'cache-dir': CACHE_DIR });

    expect(readdirSync(outside)).toEqual([]);
    expect(result.reviews).toBe(2);
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '2' });
    expect(result.warnings).toEqual([expect.stringMatching(new RegExp(`^::warning::.*${CACHE_DIR.replace('.', '\\.')}.*symbolic link`))]);
  });

  // The folders below the one named: the entries' folder of any format version, and their subfolders.
  const below: Array<[string, (version: number) => string]> = [
    ['the entries\' folder', (version) => `v${version}`],
    ['an entry\'s subfolder', (version) => `v${version}/${entryName(version, EVIL, 'javascript').slice(0, 2)}`],
  ];
  it.each(below)('creates nothing through a symlink committed as %s', async (_what, folder) => {
    for (const version of [1, 2, 3]) {
      mkdirSync(dirname(join(workspace, CACHE_DIR, folder(version))), { recursive: true });
      symlinkSync(outside, join(workspace, CACHE_DIR, folder(version)));
    }

    const result = await run(pullRequest(['src/run.js', EVIL]), { 'cache-dir': CACHE_DIR });

    expect(readdirSync(outside)).toEqual([]);
    expect(result.reviews).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.warnings).toEqual([expect.stringMatching(/^::warning::.*symbolic link/)]);
    expect(existsSync(join(outside, '.gitignore'))).toBe(false);
  });
});
