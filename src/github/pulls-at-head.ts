/**
 * The open pull requests of a repository whose head is a given branch: `GET /pulls?head=owner:branch`.
 * A fork's pull request is found the same way (GitHub filters by the head repository's owner), which
 * matters in the two-stage set-up: there the `workflow_run` payload's own `pull_requests` list is
 * empty for a fork. Each entry is read with the fields a snapshot needs, and checked like every
 * list (paged-list.ts); the caller checks head repository and commit.
 */
import { boolean, integer, nullable, object, optional, string } from '../domain/shape';
import { wrapListFailure, readRestList } from './paged-list';
import { pullSnapshot } from './pull-head';
import type { PullRequestSnapshot } from './pull-head';
import type { GitHubClient } from './octokit';

/** Open pull requests read at most: more than this many on one branch is not a set-up anyone has. */
const MAX_PULLS = 1_000;

const LISTED_PULL = object({
  number: integer,
  state: string,
  draft: optional(boolean),
  head: object({ sha: string, ref: string, repo: nullable(object({ full_name: string })) }),
  base: object({ sha: string, ref: string }),
});

export async function listOpenPullsOfBranch(
  octokit: GitHubClient,
  repository: { owner: string; repo: string },
  head: { owner: string; branch: string },
  now: () => number = Date.now,
): Promise<Array<PullRequestSnapshot & { number: number }>> {
  const what = `the open pull requests of ${repository.owner}/${repository.repo} from ${head.owner}:${head.branch}`;
  try {
    const listed = await readRestList({ what, entry: LISTED_PULL, identity: (pull) => `#${pull.number}`, perPage: 100, maxEntries: MAX_PULLS }, (page) =>
      octokit.rest.pulls.list({ ...repository, state: 'open', head: `${head.owner}:${head.branch}`, per_page: 100, page }),
    );
    const readAt = now();
    return listed.map((pull) => ({ number: pull.number, ...pullSnapshot(pull, readAt) }));
  } catch (error) {
    throw wrapListFailure(`Listing ${what}`, error);
  }
}
