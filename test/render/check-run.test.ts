import { readRunnerEnvironment } from '../../src/config/environment';
import { stoppedVerdict } from '../../src/gate/decide';
import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/domain/vocabulary';
import { MAX_CHECK_RUN_ANNOTATIONS, annotationsLeftOutNote, checkAnnotations, checkRunContent, stoppedRunContent, verdictTitle } from '../../src/render/check-run';
import { canReportStop, checksPermissionMessage } from '../../src/write/check-run/write';
import { GitHubApiError } from '../../src/github/errors';
import { GitHubTimeoutError } from '../../src/github/octokit';
import type { GateVerdict } from '../../src/domain/verdict';
import type { PullRequestRef } from '../../src/domain/pull-request';
import { finding } from '../support/findings';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abcdef0123456789abcdef0123456789abcdef01' };
const verdict = (result: GateVerdict['result'], reasons: string[] = []): GateVerdict => ({
  result,
  reasons: reasons.map((text) => ({ text, cause: 'findings' })),
  notices: [],
  counted: { error: 0, warning: 0, info: 0 },
});

describe('the check run content', () => {
  it('annotates every finding on an added line, with no cap per level, most severe first', () => {
    const severities: Severity[] = ['info', 'warning', 'error'];
    const findings = Array.from({ length: 120 }, (_, i) => finding({ line: i + 1, severity: severities[i % 3] as Severity }));
    const { annotations, leftOut } = checkAnnotations([...findings, finding({ location: 'outside-diff' })]);
    expect(leftOut).toBe(0);
    expect(annotations).toHaveLength(120);
    expect(annotations.map((a) => a.annotation_level)).toEqual([
      ...Array<string>(40).fill('failure'),
      ...Array<string>(40).fill('warning'),
      ...Array<string>(40).fill('notice'),
    ]);
    expect(annotations[0]).toEqual({ path: 'src/app.py', start_line: 3, end_line: 3, annotation_level: 'failure', title: 'review-gate: Error', message: 'Variable shadows a builtin' });
  });

  it(`carries at most ${MAX_CHECK_RUN_ANNOTATIONS} annotations: every counted error before any warning, and counts the rest`, () => {
    const severities: Severity[] = ['info', 'warning', 'error'];
    // 150 of each severity, interleaved, across two files; two errors that are not on an added line still count.
    const findings = Array.from({ length: 450 }, (_, i) => finding({ path: i % 2 === 0 ? 'src/a.py' : 'src/b.py', line: i + 1, severity: severities[i % 3] as Severity }));
    const unplaced = [finding({ path: 'src/z.py', line: 0, location: 'impossible-line', severity: 'error' }), finding({ path: 'src/z.py', line: 9, location: 'diff-unknown', severity: 'error', reportedSeverity: 'CRITICAL' })];
    const dismissed = finding({ severity: 'error', disposition: { kind: 'dismissed', by: 'maintainer', reason: 'upstream checks it' } });
    const { annotations, leftOut } = checkAnnotations([...findings, ...unplaced, dismissed, finding({ location: 'outside-diff', severity: 'error' })]);

    expect(annotations).toHaveLength(MAX_CHECK_RUN_ANNOTATIONS);
    expect(leftOut).toBe(452 - MAX_CHECK_RUN_ANNOTATIONS);
    expect(annotations.map((a) => a.annotation_level)).toEqual([...Array<string>(152).fill('failure'), ...Array<string>(98).fill('warning')]);
    expect(annotations.filter((a) => a.path === 'src/z.py').map((a) => a.start_line)).toEqual([1, 9]);
  });

  it('says in the summary how many annotations the cap left out and where every finding is, and nothing when none was', () => {
    const many = Array.from({ length: MAX_CHECK_RUN_ANNOTATIONS + 3 }, (_, i) => finding({ line: i + 1, severity: 'warning' }));
    const notes: Array<string | undefined> = [];
    const content = checkRunContent({ pr, verdict: verdict('passed'), findings: many }, (note) => {
      notes.push(note);
      return note ?? '';
    }, { name: 'gate' });
    expect(content.annotations).toHaveLength(MAX_CHECK_RUN_ANNOTATIONS);
    expect(notes).toEqual([
      `3 more findings on added lines are not annotated here: a check run carries the ${MAX_CHECK_RUN_ANNOTATIONS} most severe. ` +
        'Every finding is listed in the job summary of this run (in the log of its step when the summary has no room for them all), and in the SARIF file when sarif-file is set.',
    ]);
    expect(annotationsLeftOutNote(1)).toMatch(/^1 more finding on added lines is not annotated here/);
    expect(annotationsLeftOutNote(0)).toBeUndefined();
    checkRunContent({ pr, verdict: verdict('passed'), findings: many.slice(0, MAX_CHECK_RUN_ANNOTATIONS) }, (note) => {
      expect(note).toBeUndefined();
      return '';
    }, { name: 'gate' });
  });

  it('concludes as the verdict and titles it with the verdict line', () => {
    const cases: Array<[GateVerdict['result'], string]> = [['passed', 'success'], ['failed', 'failure'], ['neutral', 'neutral']];
    for (const [result, conclusion] of cases) {
      const content = checkRunContent({ pr, verdict: verdict(result, ['a reason']), findings: [] }, () => '## summary', { name: 'gate' });
      expect(content).toMatchObject({ name: 'gate', headSha: pr.headSha, conclusion, summary: '## summary' });
    }
    expect(verdictTitle(verdict('passed'))).toBe('Passed');
    expect(verdictTitle(verdict('neutral', ['1 file could not be reviewed: a.py (x) (on-incomplete: neutral)']))).toBe(
      'Neutral: 1 file could not be reviewed: a.py (x) (on-incomplete: neutral)',
    );
    expect(verdictTitle(verdict('failed', ['one', 'two\nlines']))).toBe('Failed: one; two lines');
    expect(Array.from(verdictTitle(verdict('failed', ['x'.repeat(400)])))).toHaveLength(255);
  });

  it('fails the check of a run that stopped before the gate decided, saying why', () => {
    const content = stoppedRunContent(pr, stoppedVerdict('review-gate could not complete: GitHubApiError: Listing the files failed'), { name: 'review-gate', detailsUrl: 'https://x/run' });
    expect(content).toMatchObject({ conclusion: 'failure', title: 'Failed: review-gate could not complete: GitHubApiError: Listing the files failed', annotations: [], detailsUrl: 'https://x/run' });
    expect(content.summary).toMatch(/^## ❌ Failed\n\nreview-gate could not complete/);
  });

  it('links to the workflow run when the runner says which, and names the permission a refused token needs', () => {
    const runUrl = (env: NodeJS.ProcessEnv) => readRunnerEnvironment(env, '/work').runUrl;
    expect(runUrl({ GITHUB_SERVER_URL: 'https://github.com/', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '42' })).toBe('https://github.com/acme/shop/actions/runs/42');
    expect(runUrl({ GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '42' })).toBeUndefined();
    expect(checksPermissionMessage(pr, 403, 'Resource not accessible by integration')).toBe(
      'No check run was written on abcdef012345: the GitHub token may not write check runs in acme/shop (GitHub answered 403: Resource not accessible by integration). ' +
        'Add `checks: write` to the job\'s permissions; a pull request from a fork gets a read-only token (see "Pull requests from forks" in the README). The verdict stands',
    );
  });

  it('reports a stopped run on its check run unless GitHub gave no answer in time', () => {
    const answered = new GitHubApiError('Listing the files', Object.assign(new Error('Server Error'), { status: 500 }));
    const timedOut = new GitHubApiError('Listing the files', Object.assign(new Error('x', { cause: new GitHubTimeoutError('no answer') }), { status: 500 }));
    expect(canReportStop(answered)).toBe(true);
    expect(canReportStop(new Error('a bug'))).toBe(true);
    expect(canReportStop(timedOut)).toBe(false);
    expect(canReportStop(new GitHubApiError('Listing the files', new Error('socket hang up')))).toBe(false);
  });
});
