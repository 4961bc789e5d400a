import { describe, expect, it } from 'vitest';
import { COMPARISON, IncompleteComparisonError, wholeChange } from '../../../src/collect/api/comparison-files';
import type { MergeGroupRef } from '../../../src/domain/pull-request';

const GROUP: MergeGroupRef = { kind: 'merge-group', owner: 'o', repo: 'r', baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), headRef: 'refs/heads/x', pulls: [1] };
const FILE = { filename: 'src/a.py', status: 'added', sha: 'c'.repeat(40), additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' };
const commit = (sha: string, tree?: string) => ({ sha, ...(tree === undefined ? {} : { commit: { tree: { sha: tree } } }) });

/** GitHub's comparison, with these fields over a one-commit group whose tree is its own. */
function comparison(fields: Record<string, unknown>) {
  return COMPARISON({ merge_base_commit: commit(GROUP.baseSha, 't1'), ahead_by: 1, commits: [commit(GROUP.headSha, 't2')], files: [FILE], ...fields }, 'comparison');
}

describe('wholeChange: the comparison lists the whole change, or the run stops', () => {
  it('gives the listed files', () => {
    expect(wholeChange(GROUP, comparison({})).map((f) => f.filename)).toEqual(['src/a.py']);
  });

  it.each([
    ['no files field at all', { files: undefined }, /came without its list of changed files/],
    ['300 files, all it ever lists', { files: Array.from({ length: 300 }, () => FILE) }, /lists 300 changed files, and it lists at most 300/],
    ['no file while a commit ahead has its own tree', { files: [] }, /lists no changed file, but bbbbbbbbbbbb is 1 commit ahead with a tree that differs from the merge base's/],
    ['no file, and no tree shown for the head', { files: [], commits: [] }, /with a tree the comparison does not show/],
    ['no file, and the last commit shown is not the head', { files: [], commits: [commit('d'.repeat(40), 't1')] }, /with a tree the comparison does not show/],
    ['no file, no count of commits ahead', { files: [], ahead_by: undefined }, /is ahead of the merge base with a tree/],
  ])('fails closed on %s, naming the checkout as the way', (_case, fields, reason) => {
    expect(() => wholeChange(GROUP, comparison(fields))).toThrow(IncompleteComparisonError);
    expect(() => wholeChange(GROUP, comparison(fields))).toThrow(reason);
    expect(() => wholeChange(GROUP, comparison(fields))).toThrow(/actions\/checkout with fetch-depth: 0/);
  });

  it.each([
    ['no commit ahead', { files: [], ahead_by: 0 }],
    ["commits that keep the merge base's tree", { files: [], commits: [commit(GROUP.headSha, 't1')] }],
  ])('takes an empty list as the whole change after %s', (_case, fields) => {
    expect(wholeChange(GROUP, comparison(fields))).toEqual([]);
  });
});
