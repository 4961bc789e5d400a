/**
 * Whether GitHub's comparison of a merge group's two SHAs lists the whole change. Its list of
 * files is the only account of what the group changes, and a file it leaves out would pass unseen,
 * so the run stops unless the list can be the whole change:
 *
 * - `files` is optional in GitHub's schema: a comparison without it says nothing of the change;
 * - it holds at most 300 files, all on the first page, and says nothing of any more;
 * - an empty list is the whole change only when the head adds nothing: no commit ahead of the
 *   merge base (`ahead_by: 0`), or commits that leave the merge base's tree as it was (the head's
 *   tree, the last of `commits`, is the merge base's). Commits ahead with a tree of their own
 *   change something the list does not show.
 *
 * A checkout holding both commits lists every file from git, with none of these limits: each
 * error says so.
 */
import { ExplainedError } from '../../domain/errors';
import type { MergeGroupRef } from '../../domain/pull-request';
import { integer, list, object, optional, string } from '../../domain/shape';
import { shortSha } from '../../domain/object-name';
import { plural } from '../../domain/words';
import { LISTED_FILE } from './listed-file';

/** GitHub's comparison of two commits lists at most this many changed files. */
export const MAX_COMPARED_FILES = 300;

const CHECKOUT_REMEDY = 'Check out both commits (actions/checkout with fetch-depth: 0) so every file is read from git';

const COMMIT = object({ sha: string, commit: optional(object({ tree: optional(object({ sha: string })) })) });

/** The fields of `GET /compare/{base}...{head}` the merge group's source reads. */
export const COMPARISON = object({
  merge_base_commit: COMMIT,
  ahead_by: optional(integer),
  commits: optional(list(COMMIT)),
  files: optional(list(LISTED_FILE)),
});

type Comparison = ReturnType<typeof COMPARISON>;

/** The comparison's list may not be the whole change: reviewing it alone would pass what was never seen. */
export class IncompleteComparisonError extends ExplainedError {
  override readonly name = 'IncompleteComparisonError' as const;
  constructor(group: MergeGroupRef, problem: string) {
    super(`GitHub's comparison of ${shortSha(group.baseSha)}...${shortSha(group.headSha)} ${problem}. ${CHECKOUT_REMEDY}`);
  }
}

/** The comparison's files, when they can be the whole change; throws IncompleteComparisonError otherwise. */
export function wholeChange(group: MergeGroupRef, comparison: Comparison): NonNullable<Comparison['files']> {
  const { files } = comparison;
  if (files === undefined) {
    throw new IncompleteComparisonError(group, 'came without its list of changed files, so what the merge group changes is unknown and nothing is reviewed from it');
  }
  if (files.length >= MAX_COMPARED_FILES) {
    throw new IncompleteComparisonError(
      group,
      `lists ${files.length} changed files, and it lists at most ${MAX_COMPARED_FILES} changed files, so the merge group may change more that would never be reviewed`,
    );
  }
  if (files.length === 0) {
    const problem = emptyListProblem(group, comparison);
    if (problem !== undefined) throw new IncompleteComparisonError(group, problem);
  }
  return files;
}

/** Why an empty list cannot be the whole change; undefined when the head adds nothing. */
function emptyListProblem(group: MergeGroupRef, comparison: Comparison): string | undefined {
  const ahead = comparison.ahead_by;
  if (ahead === 0) return undefined;
  const head = comparison.commits?.at(-1);
  const headTree = head?.sha === group.headSha ? head.commit?.tree?.sha : undefined;
  const baseTree = comparison.merge_base_commit.commit?.tree?.sha;
  if (headTree !== undefined && headTree === baseTree) return undefined;
  const commits = ahead === undefined ? 'ahead of the merge base' : `${plural(ahead, 'commit')} ahead`;
  const tree = headTree === undefined || baseTree === undefined ? 'with a tree the comparison does not show' : "with a tree that differs from the merge base's";
  return `lists no changed file, but ${shortSha(group.headSha)} is ${commits} ${tree}, so the list cannot be the whole change`;
}
