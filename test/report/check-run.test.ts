import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/review/service/types';
import { canReportStop, checkAnnotations, checkRunContent, checksPermissionMessage, stoppedRunContent, verdictTitle, workflowRunUrl } from '../../src/report/check-run';
import { GitHubApiError } from '../../src/github/errors';
import { GitHubTimeoutError } from '../../src/github/octokit';
import type { GateVerdict, PullRequestRef } from '../../src/types';
import { finding } from './markdown/helpers';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abcdef0123456789abcdef0123456789abcdef01' };
const verdict = (result: GateVerdict['result'], reasons: string[] = []): GateVerdict => ({ result, reasons, notices: [], counted: { error: 0, warning: 0, info: 0 } });

describe('the check run content', () => {
  it('annotates every finding on an added line, with no cap per level, most severe first', () => {
    const severities: Severity[] = ['info', 'warning', 'error'];
    const findings = Array.from({ length: 120 }, (_, i) => finding({ line: i + 1, severity: severities[i % 3] as Severity }));
    const annotations = checkAnnotations([...findings, finding({ location: 'outside-diff' })]);
    expect(annotations).toHaveLength(120);
    expect(annotations.map((a) => a.annotation_level)).toEqual([
      ...Array<string>(40).fill('failure'),
      ...Array<string>(40).fill('warning'),
      ...Array<string>(40).fill('notice'),
    ]);
    expect(annotations[0]).toEqual({ path: 'src/app.py', start_line: 3, end_line: 3, annotation_level: 'failure', title: 'review-gate: Error', message: 'Variable shadows a builtin' });
  });

  it('concludes as the verdict and titles it with the verdict line', () => {
    const cases: Array<[GateVerdict['result'], string]> = [['passed', 'success'], ['failed', 'failure'], ['neutral', 'neutral']];
    for (const [result, conclusion] of cases) {
      const content = checkRunContent({ pr, verdict: verdict(result, ['a reason']), findings: [] }, '## summary', { name: 'gate' });
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
    const content = stoppedRunContent(pr, 'review-gate could not complete: GitHubApiError: Listing the files failed', { name: 'review-gate', detailsUrl: 'https://x/run' });
    expect(content).toMatchObject({ conclusion: 'failure', title: 'Failed: review-gate could not complete: GitHubApiError: Listing the files failed', annotations: [], detailsUrl: 'https://x/run' });
    expect(content.summary).toMatch(/^## ❌ Failed\n\nreview-gate could not complete/);
  });

  it('links to the workflow run when the runner says which, and names the permission a refused token needs', () => {
    expect(workflowRunUrl({ GITHUB_SERVER_URL: 'https://github.com/', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '42' })).toBe('https://github.com/acme/shop/actions/runs/42');
    expect(workflowRunUrl({ GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '42' })).toBeUndefined();
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
