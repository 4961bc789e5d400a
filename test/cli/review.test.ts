/**
 * End to end: `review-gate` (run in-process: in-process.ts) on temporary git repositories against
 * the service simulator — what a pull request would show (merge base, staged and unstaged
 * changes), every output format, progress on stderr, and the walkthrough. What only the bundle's
 * own process shows (a pipe and a terminal, the lazily loaded walkthrough, the version, the bin)
 * is in review.bundled.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';
import { failingChange } from './cases';
import { useCli } from './in-process';
import { repoTemplate } from '../support/repo-copies';

const cli = useCli();
/** failingChange(), built once and copied into each test's repository. */
const failing = repoTemplate('review-gate-cli-', failingChange);
afterAll(() => failing.remove());
const { reviewGate } = cli;
const reviewed = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').length;

/**
 * main has app.py with an eval(); the feature branch adds feature.py; after the branch point
 * main fixes the eval and adds main_only.py. The branch tracks main.
 */
function branchAfterMainMoved(): void {
  cli.repo.write('app.py', 'def run(rule):\n    return eval(rule)\n');
  cli.repo.commit('base');
  cli.repo.git('checkout', '-q', '-b', 'feature');
  cli.repo.write('feature.py', 'def add(a, b):\n    return a + b\n');
  cli.repo.commit('feature');
  cli.repo.git('checkout', '-q', 'main');
  cli.repo.write('app.py', 'import ast\n\n\ndef run(rule):\n    return ast.literal_eval(rule)\n');
  cli.repo.write('main_only.py', 'x = 1\n');
  cli.repo.commit('main fixes app.py');
  cli.repo.git('checkout', '-q', 'feature');
  cli.repo.git('branch', '-q', '--set-upstream-to=main');
}

describe('what a pull request would show', () => {
  it('reviews from the branch point: main\'s later fix is not blamed on the branch, its new files are not "removed"', async () => {
    branchAfterMainMoved();
    for (const args of [[], ['--base', 'main'], ['main...feature']]) {
      const run = await reviewGate(['--format', 'json', ...args]);
      const report = JSON.parse(run.out) as { result: string; files: Array<{ path: string; status: string }> };
      expect(report.files.map((f) => f.path), args.join(' ')).toEqual(['feature.py']);
      expect(report.result).toBe('passed');
      expect(run.code).toBe(0);
    }
  });

  it('says why there is nothing to review and what to try', async () => {
    cli.repo.write('app.py', 'x = 1\n');
    cli.repo.commit('base');
    cli.repo.git('checkout', '-q', '-b', 'feature');
    cli.repo.git('branch', '-q', '--set-upstream-to=main');
    const run = await reviewGate([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Nothing to review: no changes between the working tree and the merge base of HEAD and main (its upstream) (');
    expect(run.out).toContain('HEAD is where this branch leaves main: nothing is committed on it beyond main, so only the changes in the working tree are reviewed.');
    expect(reviewed()).toBe(0);
  });

  it('reviews staged and unstaged changes of the working tree, and only the staged ones with --staged', async () => {
    cli.repo.write('app.py', 'def total(xs):\n    return sum(xs)\n');
    cli.repo.commit('base');
    cli.repo.write('app.py', 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n');
    cli.repo.git('add', 'app.py');
    cli.repo.write('app.py', 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n\n\ntry:\n    run("1")\nexcept:\n    pass\n');

    const all = await reviewGate(['--fail-on-severity', 'warning']);
    expect(all.out).toMatch(/^app\.py:6 {2}error {2}eval\(\)/m);
    expect(all.out).toMatch(/^app\.py:11 {2}warning {2}Bare except/m);

    const staged = await reviewGate(['--staged', '--fail-on-severity', 'warning']);
    expect(staged.out).toMatch(/^app\.py:6 {2}error {2}eval\(\)/m);
    expect(staged.out).not.toContain('Bare except');
    expect(staged.code).toBe(1);
  });
});

describe('output formats', () => {
  it('text: the first line counts what happened, a file found empty on reading included', async () => {
    failing.into(cli.repo);
    cli.repo.write('src/empty.py', '\n\n');
    const run = await reviewGate([]);
    expect(run.err).toContain('3 changed files: 2 to read and review, 1 skipped by language or filters');
    expect(run.out.split('\n')[0]).toBe('3 changed files: 1 reviewed, 2 skipped');
    expect(run.err).toMatch(/^\[\d\/2\] – src\/empty\.py: skipped, empty at the head commit$/m);
  });

  it('progress shows pauses and retries on stderr', async () => {
    failing.into(cli.repo);
    cli.simulator.inject({ kind: 'overloaded', retryAfter: 0, path: '/v1/agent/review' });
    const run = await reviewGate([]);
    expect(run.err).toMatch(/^ {2}⏸ src\/app\.py: the service asked to wait; every request pauses for 0s$/m);
    expect(run.err).toMatch(/^ {2}↻ src\/app\.py: Review service answered 503 overloaded[^\n]*; retry 1 in 0s$/m);
    expect(run.code).toBe(1);
  });

  it('text: colour with FORCE_COLOR, none with NO_COLOR', async () => {
    failing.into(cli.repo);
    const forced = await reviewGate(['-q'], { FORCE_COLOR: '1' });
    expect(forced.out).toContain('\u001b[31merror\u001b[39m');
    const plain = await reviewGate(['-q'], { NO_COLOR: '1' });
    expect(plain.out).not.toContain('\u001b[');
    expect(plain.err).toBe('');
  });

  it('json: the documented version 1 shape, and nothing but JSON on stdout', async () => {
    failing.into(cli.repo);
    const run = await reviewGate(['--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as Record<string, unknown> & { findings: Array<Record<string, unknown>> };
    expect(Object.keys(report)).toEqual(['version', 'tool', 'source', 'result', 'reasons', 'notices', 'counted', 'scores', 'files', 'findings', 'tokensUsed', 'walkthrough', 'policy']);
    expect(report).toMatchObject({ version: 1, result: 'failed', source: { side: 'working-tree', baseDescription: 'HEAD' } });
    expect(report.findings[0]).toMatchObject({ path: 'src/app.py', line: 6, severity: 'error', location: 'added-line', countsTowardGate: true });
    expect(report.policy).toBeNull();
    expect((report.files as Array<Record<string, unknown>>)[0]).toMatchObject({ path: 'src/app.py', settings: { failOnSeverity: 'error', minScore: 0, gateScope: 'added', rules: [] } });
    expect(run.err).toContain('review-gate failed: 1 error finding on added lines');
  });

  it('sarif: valid SARIF 2.1.0 that code scanning accepts, also written with --sarif-file', async () => {
    failing.into(cli.repo);
    const file = join(cli.repo.dir, 'out.sarif');
    const run = await reviewGate(['--format', 'sarif', '--sarif-file', file]);
    expect(run.code).toBe(1);
    expect(sarifSchemaErrors(JSON.parse(run.out))).toEqual([]);
    expect(codeScanningProblems(run.out)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(`${run.out.trimEnd()}\n`);
    const result = (JSON.parse(run.out) as { runs: Array<{ results: Array<Record<string, unknown>> }> }).runs[0]?.results[0];
    expect(result).toMatchObject({ level: 'error', locations: [{ physicalLocation: { artifactLocation: { uri: 'src/app.py' }, region: { startLine: 6 } } }] });
  });

  it('markdown: the summary the action posts, without pull-request wording', async () => {
    failing.into(cli.repo);
    const run = await reviewGate(['--format', 'markdown']);
    expect(run.code).toBe(1);
    expect(run.out.startsWith('## ❌ Failed: 1 error finding on added lines')).toBe(true);
    expect(run.out).toContain('| `src/app.py` | ❌ fails (errors) |');
    expect(run.out).not.toMatch(/dry run|not posted/i);
  });

  it('--walkthrough that fails costs one line and changes nothing else', async () => {
    failing.into(cli.repo);
    cli.simulator.inject({ kind: 'error', code: 'insufficient_scope', path: '/v1/complete' });
    const run = await reviewGate(['--walkthrough']);
    expect(run.out).toContain('\nWalkthrough\nNo walkthrough: the completion request failed (insufficient_scope, request svc_req_');
    expect(run.out).toMatch(/^src\/app\.py:6 {2}error {2}eval\(\)/m);
    expect(run.code).toBe(1);
  });
});

describe('flags', () => {
  it('accepts every input of the action as a flag; those without use here are ignored with a note', async () => {
    cli.repo.write('a.py', 'x = 1\n');
    cli.repo.commit('base');
    cli.repo.write('a.py', 'x = 2\n');
    const run = await reviewGate(['--dry-run', '--github-token', 'ghs_x', '--pr-number', '7', '--allow-insecure-http', 'false']);
    expect(run.code).toBe(0);
    expect(run.err).toContain('note: --github-token is ignored here: a terminal run posts nothing to GitHub.');
    expect(run.err).toContain('note: --pr-number is ignored here');
  });
});
