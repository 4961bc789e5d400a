/** The terminal command's result cache: on by default in the user's cache folder, off with --no-cache. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../../src/cli/run';
import { CACHE_FORMAT_VERSION } from '../../src/review/cache';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { repoTemplate } from '../support/repo-copies';

let repo: string;
let cacheHome: string;
let simulator: RunningSimulator;

/** src/app.py committed on main; the working tree adds an eval() to it and adds src/util.py. Built once, copied for each test. */
const changed = repoTemplate('review-gate-cli-cache-', (r) => {
  r.write('src/app.py', 'def total(xs):\n    return sum(xs)\n');
  r.commit('base');
  r.write('src/app.py', 'def total(xs):\n    return eval("sum(xs)")\n');
  r.write('src/util.py', 'def one():\n    return 1\n');
});
afterAll(() => changed.remove());

beforeEach(async () => {
  repo = changed.copy().r.dir;
  cacheHome = mkdtempSync(join(tmpdir(), 'review-gate-xdg-'));
  simulator = await startSimulator();
});

afterEach(async () => {
  await simulator.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(cacheHome, { recursive: true, force: true });
});

async function cli(args: string[]) {
  const out: string[] = [];
  const code = await runCli(['--api-url', simulator.url, ...args], {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    env: { REVIEW_GATE_API_KEY: DEMO_KEY, XDG_CACHE_HOME: cacheHome },
    cwd: repo,
  });
  return { code, out: out.join('\n') };
}
const reviews = () => simulator.requests.filter((r) => r.path === '/v1/agent/review').length;

describe('the terminal command and the result cache', () => {
  it('answers unchanged files from the user cache folder on the next run, with the same verdict', async () => {
    const first = await cli([]);
    expect(first.code).toBe(EXIT.failed);
    // Two files, and app.py again with its string blanked (injection-check): util.py holds no text.
    expect(reviews()).toBe(3);
    expect(existsSync(join(cacheHome, 'review-gate', `v${CACHE_FORMAT_VERSION}`))).toBe(true);

    // Both of app.py's answers are in the cache: the re-run sends nothing.
    const again = await cli([]);
    expect(again.code).toBe(EXIT.failed);
    expect(reviews()).toBe(3);
    expect(again.out).toContain('2 changed files: 2 reviewed (2 from the result cache), 0 skipped');
    expect(again.out).toMatch(/^src\/app\.py:2 {2}error {2}eval\(\)/m);
  });

  it('reviews every file again and stores nothing with --no-cache', async () => {
    await cli(['--no-cache']);
    await cli(['--no-cache']);
    expect(reviews()).toBe(6);
    expect(existsSync(join(cacheHome, 'review-gate'))).toBe(false);
  });

  it('uses the folder given with --cache-dir, which git then ignores, inside the repository too', async () => {
    await cli(['--cache-dir', 'my-cache']);
    const again = await cli(['--cache-dir', 'my-cache']);
    expect(reviews()).toBe(3);
    expect(existsSync(join(repo, 'my-cache', `v${CACHE_FORMAT_VERSION}`))).toBe(true);
    // The cache's entries are not changes of the repository: not listed, not reviewed, not in git status.
    expect(again.out).toContain('2 changed files: 2 reviewed (2 from the result cache), 0 skipped');
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo, encoding: 'utf8' });
    expect(status.split('\n').filter(Boolean).sort()).toEqual([' M src/app.py', '?? src/util.py']);
  });
});
