/**
 * End to end, the action on a merge group read through GitHub's comparison of its
 * two SHAs: the list of changed files is the whole change, or the run fails closed before any
 * review. GitHub's schema marks the comparison's `files` optional, and an empty list says nothing
 * of a head whose commits change the tree: only a comparison whose head has the merge base's own
 * tree changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { FakeFile, FakeMergeGroup } from '../doubles/fake-github';
import { mergeGroupEvent } from '../support/merge-group-event';
import { added } from '../support/fixture-files';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

const BASE = 'b2'.repeat(20);
const HEAD = 'c3'.repeat(20);
const EVAL_PY: FakeFile = added('src/plugin.py', 'import sys\neval(sys.argv[1])\n');

/** Runs the merge group `group` through the API; the review requests it made. */
async function runGroup(group: FakeMergeGroup) {
  const { simulator, github } = await servers({ github: { mergeGroups: [group] } });
  const result = await runAgainst(simulator, github, demo, {}, { eventName: 'merge_group', event: mergeGroupEvent(BASE, HEAD, demo) });
  return { ...result, reviews: simulator.requests.filter((r) => r.path === '/v1/agent/review').length, checkRuns: github.checkRuns };
}

describe('a merge group whose comparison cannot be the whole change', () => {
  it('fails closed, reviewing nothing, when the comparison comes without its list of files', async () => {
    const result = await runGroup({
      baseSha: BASE, headSha: HEAD, files: [EVAL_PY],
      comparison: ({ files: _left, ...answer }) => answer,
    });

    expect(result.exitCode).toBe(1);
    expect(result.reviews).toBe(0);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toMatch(/GitHub's comparison of b2b2b2b2b2b2\.\.\.c3c3c3c3c3c3 came without its list of changed files/);
    expect(result.outputs.reasons).toContain('fetch-depth: 0');
    expect(result.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[HEAD, 'failure']]);
  });

  it('fails closed when the list is empty although the head is ahead with a tree of its own', async () => {
    const result = await runGroup({
      baseSha: BASE, headSha: HEAD, files: [EVAL_PY],
      comparison: (answer) => ({ ...answer, files: [] }),
    });

    expect(result.exitCode).toBe(1);
    expect(result.reviews).toBe(0);
    expect(result.outputs.reasons).toMatch(/lists no changed file, but c3c3c3c3c3c3 is 1 commit ahead with a tree that differs from the merge base's/);
    expect(result.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[HEAD, 'failure']]);
  });

  it('passes a group whose commits change nothing: the head has the merge base\'s own tree', async () => {
    const result = await runGroup({ baseSha: BASE, headSha: HEAD, files: [] });

    expect(result.exitCode).toBe(0);
    expect(result.reviews).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '0' });
    expect(result.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[HEAD, 'success']]);
  });
});
