import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../../src/cli';
import { DEMO_KEY, startSimulator } from '../../src/simulator';
import type { RunningSimulator } from '../../src/simulator';

let repo: string;
let simulator: RunningSimulator;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'pipe' });

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'review-gate-cli-'));
  git('init', '-q', '-b', 'main');
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src/app.py'), 'def total(xs):\n    return sum(xs)\n');
  writeFileSync(join(repo, 'README.md'), '# demo\n');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  simulator = await startSimulator();
});

afterEach(async () => {
  await simulator.close();
  rmSync(repo, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = { REVIEW_GATE_API_KEY: DEMO_KEY }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env, cwd: repo });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the review-gate command on a local git diff', () => {
  it('reviews the changed lines of the working tree and fails on an error finding', async () => {
    writeFileSync(join(repo, 'src/app.py'), 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n');
    writeFileSync(join(repo, 'README.md'), '# demo, changed\n');
    const result = await cli(['--api-url', simulator.url]);

    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toMatch(/^src\/app\.py:6 error eval\(\)/m);
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
    expect(result.out).toMatch(/^src\/new\.py:3 warning/m);
  });

  it('exits 2 with the reason on a missing key or a bad flag value, before any request', async () => {
    const noKey = await cli(['--api-url', simulator.url], {});
    expect(noKey.code).toBe(EXIT.usage);
    expect(noKey.err).toBe('REVIEW_GATE_API_KEY is not set: export the service key (svc_live_…) in the environment.');

    const bad = await cli(['--api-url', simulator.url, '--min-score', '150']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain("Invalid min-score '150'");

    const unknown = await cli(['--bogus']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain('Usage: review-gate');
    expect(simulator.requests).toEqual([]);
  });
});
