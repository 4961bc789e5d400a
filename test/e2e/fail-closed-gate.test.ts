/**
 * End to end, the action against the simulator and the fake GitHub: the gate fails
 * closed on what the service says that the action cannot place or does not know, compares the
 * score as sent, and loses no finding from its listings. The service's odd answers come from the
 * simulator's `answer` fault, which patches the fields the rules would never send.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';
import { addedFile as added, modifiedLineThree, quietLines } from './thread-fixtures';

const { demo, servers, run: runAction } = useAction();

/** A pull request adding one Python file of `lines` lines that no simulator rule flags. */
function addedFile(lines: number): PullRequestFixture {
  return { ...demo, files: [added('src/app.py', quietLines(lines))] };
}

/** A pull request changing line 3 of a 6-line file: lines 2 and 4 are context, 6 is outside the diff. */
function modifiedFile(): PullRequestFixture {
  return { ...demo, files: [modifiedLineThree()] };
}

interface Issue {
  severity?: unknown;
  line?: unknown;
  message: string;
  suggestion?: string;
}

async function runWith(
  fixture: PullRequestFixture,
  patch: Record<string, unknown>,
  inputs: Record<string, string> = {},
  options: { readOnly?: boolean } = {},
) {
  const { simulator, github } = await servers({ fixture, github: options.readOnly === true ? { readOnly: true } : {} });
  simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review', times: fixture.files.length });
  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
  });
  const summaryComment = github.issueComments[0]?.body ?? '';
  return { result, github, summaryComment };
}

describe('a finding the action cannot place', () => {
  it('fails gate-scope added on an error at line 0, negative, fractional, a string, missing or past the end, and says why', async () => {
    const issues: Issue[] = [
      { severity: 'error', line: 0, message: 'at line zero' },
      { severity: 'error', line: -3, message: 'at a negative line' },
      { severity: 'error', line: 1.5, message: 'at a fractional line' },
      { severity: 'error', line: '2', message: 'at a line sent as text' },
      { severity: 'error', message: 'at no line at all' },
      { severity: 'error', line: 99, message: 'past the end of the file' },
    ];
    const { result, summaryComment } = await runWith(addedFile(5), { issues });

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '6' });
    expect(result.outputs.reasons).toBe(
      '6 error findings at a line that cannot be placed (src/app.py line 0; src/app.py line -3; src/app.py line 1.5; and 3 more) ' +
        'count toward the gate: the action cannot tell whether the pull request adds that line (fail-on-severity: error)',
    );
    expect(result.stdout).toMatch(/^::error::review-gate failed: 6 error findings at a line that cannot be placed/m);
    for (const body of [result.stepSummary, summaryComment]) {
      expect(body).toContain('<summary>At a line that does not exist in the file (6)</summary>');
      expect(body).toContain('- 🛑 `src/app.py` (line 0) — at line zero');
      expect(body).toContain('- 🛑 `src/app.py` (line "2") — at a line sent as text');
      expect(body).toContain('- 🛑 `src/app.py` (no line) — at no line at all');
      expect(body).toContain('- 🛑 `src/app.py:99` — past the end of the file');
    }
  });

  it('still passes gate-scope added on errors it places on unchanged lines (diff context, outside the diff)', async () => {
    const issues: Issue[] = [
      { severity: 'error', line: 2, message: 'on a context line' },
      { severity: 'error', line: 6, message: 'outside the diff' },
      { severity: 'info', line: 3, message: 'on the added line' },
    ];
    const { result } = await runWith(modifiedFile(), { issues });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0', infos: '1' });
  });
});

describe('a severity the action does not know', () => {
  it('counts CRITICAL and blocker as errors and shows them as received in the comment, annotation and summary', async () => {
    const issues: Issue[] = [
      { severity: 'CRITICAL', line: 1, message: 'critical thing' },
      { severity: 'blocker', line: 2, message: 'blocking thing' },
    ];
    const { result, github, summaryComment } = await runWith(addedFile(3), { issues }, { 'fail-on-severity': 'error' });

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '2', warnings: '0' });
    const reason =
      '2 error findings on added lines (fail-on-severity: error), 2 reported with a severity the action does not know ("CRITICAL"; "blocker") and counted as errors';
    expect(result.outputs.reasons).toBe(reason);
    expect(summaryComment).toContain(`## ❌ Failed: ${reason}`);
    expect(result.stepSummary).toContain(`## ❌ Failed: ${reason}`);
    const bodies = github.reviewComments.map((c) => [c.line, c.body.split('\n')[0]]);
    expect(bodies).toEqual([
      [1, '🛑 **Error** (reported as `CRITICAL`)'],
      [2, '🛑 **Error** (reported as `blocker`)'],
    ]);
    expect(result.stdout).toMatch(/^::error title=review-gate%3A Error \(reported as CRITICAL\),file=src\/app\.py,line=1::critical thing/m);
    expect(result.stdout).toMatch(/^src\/app\.py:2 error \(reported as blocker\) blocking thing$/m);
  });

  it('maps case and spacing variants of a known severity to it, with nothing shown as unknown', async () => {
    const issues: Issue[] = [
      { severity: ' Warning ', line: 1, message: 'spaced warning' },
      { severity: 'INFO', line: 2, message: 'shouted info' },
    ];
    const { result, github } = await runWith(addedFile(3), { issues });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0', warnings: '1', infos: '1' });
    expect(github.reviewComments.map((c) => c.body).join('\n')).not.toContain('reported as');
  });

  it('counts a non-string severity as an error even with on-incomplete pass, shown as received', async () => {
    const issues: Issue[] = [{ severity: 3, line: 1, message: 'numbered severity' }];
    const { result, github } = await runWith(addedFile(3), { issues }, { 'on-incomplete': 'pass' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1', 'files-reviewed': '1', 'files-failed': '0' });
    expect(github.reviewComments[0]?.body.split('\n')[0]).toBe('🛑 **Error** (reported as `3`)');
  });
});

describe('listings without a cap', () => {
  const warnings = (n: number): Issue[] =>
    Array.from({ length: n }, (_, i) => ({
      severity: 'warning',
      line: i + 1,
      // Long enough that the 65,536-character comment cannot hold every one; under the 300 shown.
      message: `finding #${i + 1}: ${'this value should come from the configuration, not a literal; '.repeat(4)}`,
    }));

  it('lists every one of 300 warnings in the job summary, and as many as fit in the comment, pointing to the rest', async () => {
    const { result, github, summaryComment } = await runWith(addedFile(300), { issues: warnings(300) });

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', warnings: '300' });
    expect(github.reviewComments).toHaveLength(25);
    const posted = new Set(github.reviewComments.map((c) => c.line));
    const overflow = Array.from({ length: 300 }, (_, i) => i + 1).filter((line) => !posted.has(line));
    expect(overflow).toHaveLength(275);

    // The job summary: every finding over max-comments, none left out.
    for (const line of overflow) expect(result.stepSummary).toContain(`\`src/app.py:${line}\` — finding #${line}: `);
    expect(result.stepSummary).not.toMatch(/more findings/);
    expect(result.stdout).toContain('… and 275 more over max-comments, listed in the job summary');

    // The comment: as many as fit, then where the rest are.
    expect(summaryComment.length).toBeLessThanOrEqual(65_536);
    const shown = summaryComment.match(/^- ⚠️ `src\/app\.py:\d+` — finding #/gm)?.length ?? 0;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(275);
    expect(summaryComment).toContain(`- ${275 - shown} more findings are listed in the job summary of this run.`);
  });

  it('says so when even the job summary cannot hold them all, and prints every finding to the log', async () => {
    const n = 4_000;
    // The check run is off: this test is about the job summary and the log.
    const { result } = await runWith(addedFile(n), { issues: warnings(n) }, { 'check-run': 'false' });

    expect(result.exitCode).toBe(0);
    expect(result.outputs.warnings).toBe(String(n));
    expect(Buffer.byteLength(result.stepSummary, 'utf8')).toBeLessThanOrEqual(1024 * 1024);
    // No sarif-file here: the log holds them all, and the summary says how to keep them in a file too.
    const where = 'the log of this step (set `sarif-file` to keep every finding in a file as well)';
    expect(result.stepSummary).toContain(`_Not every item fits in this summary (GitHub allows 1,023 KiB): what is left out is listed in ${where}._`);
    expect(result.stepSummary).toContain(`more findings are listed in ${where}.`);
    expect(result.stepSummary).toMatch(/^- [\d,]+ more findings are listed in the log of this step \(/m);
    expect(result.stdout).toContain(`Every finding of this run (${n}): the job summary has no room for them all (GitHub allows 1 MiB)`);
    for (let line = 1; line <= n; line++) {
      expect(result.stdout).toContain(`\nsrc/app.py:${line} warning finding #${line}: `);
    }
    expect(result.stdout).toContain(`… and ${n - 25} more over max-comments, listed in the log below`);
  });
});

describe('nothing lost when the token cannot write', () => {
  it('lists in the job summary every error meant for an inline comment, past the annotation cap', async () => {
    const errors: Issue[] = Array.from({ length: 20 }, (_, i) => ({ severity: 'error', line: i + 1, message: `error number ${i + 1}` }));
    const { result, github } = await runWith(addedFile(20), { issues: errors }, {}, { readOnly: true });

    expect(result.exitCode).toBe(1);
    expect(github.reviewComments).toEqual([]);
    expect(result.stdout.match(/^::error title=review-gate%3A Error,file=src\/app\.py/gm)).toHaveLength(9);
    expect(result.stepSummary).toContain('<summary>On added lines (their inline comments were not posted) (20)</summary>');
    for (let line = 1; line <= 20; line++) expect(result.stepSummary).toContain(`\`src/app.py:${line}\` — error number ${line}\n`);
    expect(result.stdout).toContain('11 more findings on added lines are not shown as annotations (GitHub\'s per-step limit); they are listed in the job summary.');
  });
});

describe('the quality score as the service sent it', () => {
  it('fails min-score 60 on a score of 59.5 and shows 59.5', async () => {
    const { result, summaryComment } = await runWith(addedFile(3), { quality_score: 59.5 }, { 'min-score': '60' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', score: '59.5', reasons: 'quality score 59.5 of src/app.py is below min-score 60' });
    expect(summaryComment).toContain('| `src/app.py` | ❌ fails (score) | 59.5 |');
  });

  it('passes min-score 60 on a score of 60', async () => {
    const { result } = await runWith(addedFile(3), { quality_score: 60 }, { 'min-score': '60' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', score: '60' });
  });
});
