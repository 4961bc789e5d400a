/**
 * Pages of GitHub's list of a pull request's files (`GET /pulls/{n}/files`), and the first pages
 * asked ahead of the list (`startListing`), so that the request is under way while the run reads
 * its policy file.
 */
import type { PullRequestRef } from '../../domain/pull-request';
import { GitHubApiError, describePr } from '../../github/errors';
import type { GitHubClient } from '../../github/octokit';

/** GitHub's answer for one page of the list. */
export type FileListPage = Awaited<ReturnType<GitHubClient['rest']['pulls']['listFiles']>>;

export class FileListPages {
  /** First pages asked for by `start`, by pull request and head, each with what stops it. */
  private readonly started = new Map<string, { page: Promise<FileListPage>; stop: AbortController }>();

  /** `perPage`: files per page, the size every page but a refill has. */
  constructor(
    private readonly octokit: GitHubClient,
    readonly perPage: number,
  ) {}

  /** One page of the list, of `size` files; `ahead`: asked before it is wanted (`start`). */
  page(pr: PullRequestRef, size: number, page: number, ahead?: AbortSignal): Promise<FileListPage> {
    return this.octokit.rest.pulls
      .listFiles({
        owner: pr.owner,
        repo: pr.repo,
        pull_number: pr.number,
        per_page: size,
        page,
        // Asked ahead, a page is not retried: if it fails, the list asks again, with retries.
        ...(ahead === undefined ? {} : { request: { signal: ahead, retries: 0 } }),
      })
      .catch((error: unknown) => {
        throw new GitHubApiError(`Listing the files of ${describePr(pr)} (page ${page}${size === this.perPage ? '' : ` of ${size} files`})`, error);
      });
  }

  /** Asks for the first page now, once per pull request and head. */
  start(pr: PullRequestRef): void {
    if (this.started.has(startedKey(pr))) return;
    const stop = new AbortController();
    const page = this.page(pr, this.perPage, 1, stop.signal);
    // A page never taken is dropped, failure included: nothing waits on it.
    page.catch(() => undefined);
    this.started.set(startedKey(pr), { page, stop });
  }

  /** The first page asked ahead, if any: a failed one is asked again, as the list always asks. */
  takeStarted(pr: PullRequestRef): Promise<FileListPage> | undefined {
    const early = this.started.get(startedKey(pr));
    this.started.delete(startedKey(pr));
    return early?.page.catch(() => this.page(pr, this.perPage, 1));
  }

  /** Stops the pages asked ahead and never taken (the run ended before its list): none keeps the process up. */
  dropStarted(): void {
    for (const { stop } of this.started.values()) stop.abort();
    this.started.clear();
  }
}

const startedKey = (pr: PullRequestRef): string => `${pr.number}@${pr.headSha}`;
