import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../../src/cli/run';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { repoTemplate } from '../support/repo-copies';
import type { TempRepo } from './bundled';

let local: TempRepo;
let repo: string;
let simulator: RunningSimulator;

const git = (...args: string[]) => local.git(...args);

/** src/app.py and README.md committed on main: built once, copied for each test. */
const committed = repoTemplate('review-gate-cli-', (r) => {
  r.write('src/app.py', 'def total(xs):\n    return sum(xs)\n');
  r.write('README.md', '# demo\n');
  r.commit('base');
});
afterAll(() => committed.remove());

beforeEach(async () => {
  ({ r: local } = committed.copy());
  repo = local.dir;
  simulator = await startSimulator();
});

afterEach(async () => {
  await simulator.close();
  local.remove();
});

async function cli(args: string[], env: Record<string, string> = { REVIEW_GATE_API_KEY: DEMO_KEY }, cwd = repo) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env, cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the review-gate command on a local git diff', () => {
  it('reviews the changed lines of the working tree and fails on an error finding', async () => {
    writeFileSync(join(repo, 'src/app.py'), 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n');
    writeFileSync(join(repo, 'README.md'), '# demo, changed\n');
    const result = await cli(['--api-url', simulator.url]);

    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toMatch(/^src\/app\.py:6 {2}error {2}eval\(\)/m);
    expect(result.out).toContain('review-gate failed: 1 error finding on added lines');
    expect(simulator.requests.map((r) => r.path)).toEqual(['/v1/agent/review']);
  });

  it('passes when the change has nothing to review', async () => {
    writeFileSync(join(repo, 'README.md'), '# demo, changed\n');
    const result = await cli(['--api-url', simulator.url]);
    expect(result.code).toBe(EXIT.passed);
    expect(result.out).toContain('Nothing to review');
    expect(simulator.requests).toEqual([]);
  });

  it('diffs against a base revision, including committed changes', async () => {
    git('checkout', '-q', '-b', 'feature');
    writeFileSync(join(repo, 'src/new.py'), 'try:\n    pass\nexcept:\n    pass\n');
    git('add', '.');
    git('commit', '-q', '-m', 'feature');
    const result = await cli(['--api-url', simulator.url, '--base', 'main', '--fail-on-severity', 'warning']);
    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toMatch(/^src\/new\.py:3 {2}warning/m);
  });

  it('exits 2 with the reason on a missing key or a bad flag value, before any request', async () => {
    const noKey = await cli(['--api-url', simulator.url], {});
    expect(noKey.code).toBe(EXIT.usage);
    expect(noKey.err).toBe('review-gate: The environment variable REVIEW_GATE_API_KEY is not set: export the service key (svc_live_…) in it.');

    const bad = await cli(['--api-url', simulator.url, '--min-score', '150']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toBe("review-gate: Invalid --min-score '150'. Expected a whole number from 0 to 100.");

    const spacedKey = await cli(['--api-url', simulator.url], { REVIEW_GATE_API_KEY: 'svc_live_abc def' });
    expect(spacedKey.code).toBe(EXIT.usage);
    expect(spacedKey.err).not.toContain('svc_live_abc def');
    expect(spacedKey.err).not.toMatch(/\n\s+at /);

    // The action's wording ("the action adds it") has no place in a terminal.
    const withV1 = await cli(['--api-url', `${simulator.url}/v1`]);
    expect(withV1.code).toBe(EXIT.usage);
    expect(withV1.err).toBe(`review-gate: Invalid --api-url '${simulator.url}/v1'. Give the base URL without '/v1', such as ${simulator.url}: review-gate adds /v1 to each request.`);

    const unknown = await cli(['--bogus']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toBe("review-gate: Unknown option '--bogus' for review-gate review. See 'review-gate review --help'.");
    expect(simulator.requests).toEqual([]);
  });

  it('works from a folder below the top of the repository', async () => {
    writeFileSync(join(repo, 'src/app.py'), 'def total(xs):\n    return eval(xs)\n');
    const result = await cli(['--api-url', simulator.url], { REVIEW_GATE_API_KEY: DEMO_KEY }, join(repo, 'src'));
    expect(result.out).toMatch(/^src\/app\.py:2 {2}error {2}eval\(\)/m);
    expect(result.code).toBe(EXIT.failed);
  });

  it('reviews new files git does not track yet, but not ignored ones', async () => {
    writeFileSync(join(repo, '.gitignore'), 'build/\n');
    mkdirSync(join(repo, 'build'));
    writeFileSync(join(repo, 'build/out.py'), 'eval(x)\n');
    writeFileSync(join(repo, 'src/new.py'), 'import os\nvalue = eval(os.environ["X"])\n');
    const result = await cli(['--api-url', simulator.url]);
    expect(result.out).toMatch(/^src\/new\.py:2 {2}error/m);
    expect(result.out).not.toContain('build/out.py');
  });

  it('treats --base as a revision only, never as an option for git', async () => {
    const target = join(repo, 'pwned.txt');
    const result = await cli(['--api-url', simulator.url, `--base=--output=${target}`]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain("Unknown revision '--output=");
    expect(existsSync(target)).toBe(false);
    expect(simulator.requests).toEqual([]);
  });

  it('takes file names literally, not as git patterns', async () => {
    writeFileSync(join(repo, 'src/a*.py'), 'x = 1\n');
    git('add', '.');
    git('commit', '-q', '-m', 'star');
    writeFileSync(join(repo, 'src/a*.py'), 'x = eval(y)\n');
    const result = await cli(['--api-url', simulator.url]);
    expect(result.out).toMatch(/^src\/a\*\.py:1 {2}error/m);
    expect(result.out).not.toContain('app.py:');
  });
});
