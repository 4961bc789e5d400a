/**
 * The pull request as GitHub has it now. Read at the start of every pull-request run, which takes
 * its head, base and draft state from here rather than from the event's payload (a payload can be
 * older than the pull request: a re-run, a run that started late, a retarget since); again after
 * listing the changed files (GitHub lists the files of the head it has then); and before writes: a
 * push during the run moves the head, and what the run found is then about an older commit.
 */
import { shortSha } from '../domain/object-name';
import { GitHubApiError, describePr, requestStatus } from './errors';
import type { GitHubClient } from './octokit';
import { StopError } from '../domain/errors';

export interface PullRequestNumber {
  owner: string;
  repo: string;
  number: number;
}

/** The pull request as GitHub has it now: where its head is, and whether it is still open. */
export interface PullRequestSnapshot {
  headSha: string;
  /** The head branch's name (`head.ref`). */
  headBranch: string;
  /** The head repository's full name, `owner/repo`; null when it was deleted. */
  headRepository: string | null;
  state: 'open' | 'closed';
  /** The base commit: the base branch's head when GitHub last computed the pull request. */
  baseSha: string;
  /** The base branch's name (`base.ref`): a retarget changes it. */
  baseRef: string;
  /** GitHub's count of the files it changes; undefined when GitHub did not say. */
  changedFiles: number | undefined;
  /** A draft pull request. */
  draft: boolean;
  /**
   * When GitHub's answer arrived, in ms since the epoch (the runner's clock, like the verdict
   * records' `at`): verdicts are compared by how recently their run read GitHub's state.
   */
  readAt: number;
}

/**
 * GitHub answered 404 for the pull request. It says the same for a number that does not exist
 * and for a repository the token may not read, so the message names both causes.
 */
export class PullRequestNotFoundError extends StopError {
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

/**
 * The pull request's head moved away from the commit the run is about while GitHub listed its
 * files: the list is another commit's, so nothing the run could decide from it is true of
 * `reviewed`. The run on the new head decides.
 */
export class HeadMovedError extends StopError {
  override name = 'HeadMovedError' as const;
  constructor(
    readonly reviewed: string,
    readonly head: string,
  ) {
    super(
      `Not reviewed: the pull request's head moved from ${shortSha(reviewed)} to ${shortSha(head)} while its files were listed, ` +
        `so the list is not the one of ${shortSha(reviewed)}; the run on ${shortSha(head)} decides`,
    );
  }
}

export async function readPullRequest(octokit: GitHubClient, pr: PullRequestNumber, now: () => number = Date.now): Promise<PullRequestSnapshot> {
  try {
    const { data } = await octokit.rest.pulls.get({ owner: pr.owner, repo: pr.repo, pull_number: pr.number });
    return pullSnapshot(data, now());
  } catch (error) {
    if (requestStatus(error) === 404) throw new PullRequestNotFoundError(pr, { cause: error });
    throw new GitHubApiError(`Reading ${describePr(pr)}`, error);
  }
}

/** The fields of a pull request review-gate reads, as `GET /pulls/{n}` (and the list of pulls) give them. */
export interface PullRequestData {
  head: { sha: string; ref: string; repo: unknown };
  base: { sha: string; ref: string };
  state: string;
  draft?: boolean | undefined;
  changed_files?: number | undefined;
}

/** GitHub's pull request as a snapshot read at `readAt`. */
export function pullSnapshot(data: PullRequestData, readAt: number): PullRequestSnapshot {
  // The REST types say non-null; the head repository of a deleted fork is null all the same.
  const headRepo = data.head.repo as { full_name?: unknown } | null;
  return {
    headSha: data.head.sha,
    headBranch: data.head.ref,
    headRepository: typeof headRepo?.full_name === 'string' ? headRepo.full_name : null,
    state: data.state === 'open' ? 'open' : 'closed',
    baseSha: data.base.sha,
    baseRef: data.base.ref,
    changedFiles: typeof data.changed_files === 'number' ? data.changed_files : undefined,
    draft: data.draft === true,
    readAt,
  };
}

export async function readPullHead(octokit: GitHubClient, pr: PullRequestNumber): Promise<string> {
  return (await readPullRequest(octokit, pr)).headSha;
}

/** The pull request's base commit as GitHub has it now (see `PullRequestSnapshot.baseSha`). */
export async function readBaseSha(octokit: GitHubClient, pr: PullRequestNumber): Promise<string> {
  return (await readPullRequest(octokit, pr)).baseSha;
}
