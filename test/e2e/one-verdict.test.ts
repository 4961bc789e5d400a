/**
 * End to end: the gate decides once, after the review is posted, and every surface shows that
 * one verdict — exit status, outputs, job summary, the summary comment when it can be written,
 * and the final log line. Nothing changes the verdict afterwards.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { FakeGitHub } from '../doubles/fake-github';
import { runBundledAction } from '../doubles/run-action';
import type { ActionRun, RunOptions } from '../doubles/run-action';
import { useAction } from './harness';
import type { ActionRunner } from './harness';

const { demo: fixture, servers, runAgainst } = useAction({ bundles: ['dist/index.js'] });

/** Only src/service.ts: warnings and infos, no error, so the code alone would pass the gate. */
async function runOnCleanFile(prepare: (github: FakeGitHub) => void, extra: Partial<RunOptions> & { runner?: ActionRunner } = {}): Promise<{ result: ActionRun; github: FakeGitHub }> {
  const { simulator, github } = await servers();
  prepare(github);
  const result = await runAgainst(simulator, github, fixture, { include: 'src/service.ts' }, extra);
  return { result, github };
}

const summaries = (github: FakeGitHub) => github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));

describe('one verdict on every surface', () => {
  it('fails everywhere alike when GitHub refuses the review: exit status, outputs, job summary and summary comment', async () => {
    const reviews = `/repos/${fixture.owner}/${fixture.repo}/pulls/${fixture.number}/reviews`;
    const { result, github } = await runOnCleanFile((g) =>
      g.failNext({ method: 'POST', path: reviews }, { status: 500, body: { message: 'Server Error' } }, 10),
    );

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toMatch(/^the review could not be posted to GitHub: /m);
    expect(result.stepSummary.trimStart()).toMatch(/^## ❌ Failed: the review could not be posted to GitHub/);
    const [summary, ...others] = summaries(github);
    expect(others).toEqual([]);
    expect(summary?.body).toMatch(/## ❌ Failed: the review could not be posted to GitHub/);
    expect(result.stdout).toMatch(/^::error::review-gate failed: the review could not be posted to GitHub/m);
    // No surface says the opposite.
    for (const text of [result.stdout, result.stepSummary, summary?.body ?? '']) expect(text).not.toMatch(/✅ Passed|review-gate passed|✅ passed/);
  });

  it('keeps the verdict when only the summary comment cannot be written, and says so on every other surface', async () => {
    const comments = `/repos/${fixture.owner}/${fixture.repo}/issues/${fixture.number}/comments`;
    const { result, github } = await runOnCleanFile((g) =>
      g.failNext({ method: 'POST', path: comments }, { status: 500, body: { message: 'Server Error' } }, 10),
    );

    expect(summaries(github)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.stepSummary.trimStart()).toMatch(/^## ✅ Passed/);
    expect(result.stepSummary).toContain('⚠️ The summary comment could not be written');
    expect(result.stdout).toMatch(/^::warning::the summary comment could not be posted to GitHub/m);
    expect(result.stdout).toMatch(/^::notice::The summary comment could not be written/m);
    expect(result.stdout).toMatch(/^review-gate passed\.$/m);
  });

  it('states no verdict in the review itself, which is posted before the gate decides', async () => {
    const { github } = await runOnCleanFile(() => undefined);
    const [review] = github.reviews.filter((r) => r.state !== 'PENDING');
    expect(review?.body).toMatch(/^\*\*review-gate\*\* findings on lines this pull request adds, at `[0-9a-f]{12}`/);
    expect(review?.body).not.toMatch(/passed|failed/i);
  });

  it('keeps the verdict when the job summary cannot be written: a warning, the findings in the log', async () => {
    // A process of its own: @actions/core keeps the first job summary path of a process.
    const { result, github } = await runOnCleanFile(() => undefined, { env: { GITHUB_STEP_SUMMARY: '/nonexistent/review-gate/summary.md' }, runner: runBundledAction });

    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(github.checkRuns.map((c) => c.conclusion)).toEqual(['success']);
    expect(summaries(github)[0]?.body).toContain('## ✅ Passed');
    expect(result.stdout).toMatch(/^::warning::The job summary could not be written \(.*Unable to access summary file: '\/nonexistent\/review-gate\/summary\.md'.*\); the findings are listed in the log below, and the verdict stands\.$/m);
    expect(result.stdout).toContain('::group::Every finding of this run (3): the job summary could not be written');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('review-gate passed.');
  });
});
