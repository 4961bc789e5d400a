/**
 * The pull request's head commit as GitHub has it now. Read once to pin the review when the
 * event does not say (a `pr-number` input), and again before each write: a push during the run
 * moves the head, and what the run found is then about an older commit.
 */
import { GitHubApiError, describePr, requestStatus } from './errors';
import type { GitHubClient } from './octokit';

export interface PullRequestNumber {
  owner: string;
  repo: string;
  number: number;
}

/**
 * GitHub answered 404 for the pull request. It says the same for a number that does not exist
 * and for a repository the token may not read, so the message names both causes.
 */
export class PullRequestNotFoundError extends Error {
  override name = 'PullRequestNotFoundError' as const;
  constructor(
    readonly pr: PullRequestNumber,
    options?: { cause?: unknown },
  ) {
    super(
      `Pull request #${pr.number} was not found in ${pr.owner}/${pr.repo} (GitHub answered 404). ` +
        `Check that pr-number (${pr.number}) is a pull request of ${pr.owner}/${pr.repo}, and that the token can read it: ` +
        'GitHub answers 404, not 403, to a token that may not see the repository or its pull requests ' +
        '(a token of another repository, or without contents and pull-requests read permission).',
      options,
    );
  }
}

export async function readPullHead(octokit: GitHubClient, pr: PullRequestNumber): Promise<string> {
  try {
    const { data } = await octokit.rest.pulls.get({ owner: pr.owner, repo: pr.repo, pull_number: pr.number });
    return data.head.sha;
  } catch (error) {
    if (requestStatus(error) === 404) throw new PullRequestNotFoundError(pr, { cause: error });
    throw new GitHubApiError(`Reading the head commit of ${describePr(pr)}`, error);
  }
}

/** The first 12 characters of a commit SHA, as GitHub shows them. */
export function shortSha(sha: string): string {
  return sha.slice(0, 12);
}
