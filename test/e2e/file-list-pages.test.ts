/**
 * End to end (issue 15 round 2b), through the action: the file list is read while
 * GitHub links a next page, and a list shorter than the pull request's own count fails closed.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHubOptions } from '../doubles/fake-github';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import { pullRequestRuns, reviewBodies, EVAL_PY, CLEAN_PY } from './pull-request-runs';

const harness = useAction();
const { runOn } = pullRequestRuns(harness);

describe('the file list ends only where GitHub ends it', () => {
  const clean = Array.from({ length: 29 }, (_, i) => added(`pkg/m${String(i).padStart(2, '0')}.py`, CLEAN_PY));
  const files = [...clean, added('pkg/z_run.py', EVAL_PY)];
  const fileList = (pages: (items: unknown[]) => unknown[][]): Partial<FakeGitHubOptions> => ({
    listPages: ({ path, items }) => (path.endsWith('/files') ? pages(items) : undefined),
  });

  it('reads the page GitHub links after a short one, and fails the check for the eval() there', async () => {
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 28), items.slice(28)]) });

    expect(run.github.requests.filter((r) => r.path.endsWith('/files')).map((r) => r.query.page)).toEqual(['1', '2']);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '30' });
    expect(run.github.reviewComments.map((c) => c.path)).toContain('pkg/z_run.py');
  });

  it('fails closed, reviewing nothing, when GitHub lists fewer files than the pull request changes', async () => {
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 29)]) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('failed');
    expect(run.outputs.reasons).toContain("GitHub's list of the files of acme/shop#42 has 29 files, but the pull request changes 30 (changed_files)");
    expect(reviewBodies(run.simulator)).toEqual([]);
    expect(run.github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });
});
