/**
 * GitHub's list of a pull request's changed files, every page up to GitHub's cap, tied to the
 * head commit the run is about and checked to be whole before anything is reviewed from it.
 */
import { GITHUB_LISTED_FILES_CAP } from '../../domain/pull-request';
import type { ChangedFile, ChangedFileList, ListingWatch, PullRequestRef } from '../../domain/pull-request';
import { GitHubListError, describePr } from '../../github/errors';
import { plural } from '../../domain/words';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { HeadMovedError, readPullRequest } from '../../github/pull-head';
import { readRestList } from '../../github/paged-list';
import type { ApiFileReads } from './file-reads';
import { proveUnchanged } from './base-blobs';
import type { FileListPages } from './file-list-pages';
import { LISTED_FILE, toChangedFile } from './listed-file';
import { refillPatches } from './patch-refill';

/** GitHub lists at most this many files of a pull request; later files are not reachable. */
export const MAX_LISTED_FILES = GITHUB_LISTED_FILES_CAP;

/** The listing plus what GitHub told about the pull request's size. */
export interface GitHubChangedFileList extends ChangedFileList {
  /** The pull request's own count of changed files, when it was read (only at the cap). */
  totalChangedFiles?: number;
}

export class ChangedFileLister {
  constructor(
    private readonly octokit: GitHubClient,
    private readonly pages: FileListPages,
    private readonly reads: ApiFileReads,
    private readonly log: GitHubLog | undefined,
  ) {}

  async list(pr: PullRequestRef, watch: ListingWatch = {}): Promise<GitHubChangedFileList> {
    let tieAll: () => void = () => undefined;
    /** Resolved once the whole list is tied to the head (below): nothing else is known of later pages. */
    const allTied = new Promise<void>((resolve) => {
      tieAll = resolve;
    });
    const files = await this.readPages(pr, watch, allTied);
    // GitHub lists the files of the head it has when asked, not of the commit the run is about:
    // after a push (or from an event that lagged behind one) they are another commit's. The head
    // read after the last page ties the list to `pr.headSha`, or the run stops here.
    const after = await readPullRequest(this.octokit, pr);
    if (after.headSha !== pr.headSha) throw new HeadMovedError(pr.headSha, after.headSha);
    const total = after.changedFiles;
    checkWhole(pr, files, total);
    this.reads.knowBaseSha(pr, after.baseSha);
    tieAll();
    await proveUnchanged(this.octokit, pr, () => this.reads.baseShaOf(pr), files, this.log);
    if (files.length < MAX_LISTED_FILES) return { files, truncated: false };

    // Exactly at the cap is ambiguous (a pull request may change exactly 3,000 files): the pull
    // request's own count, read with the head, settles it.
    const truncated = total === undefined || total > files.length;
    if (truncated) {
      const past = total === undefined ? 'any files' : `${total - files.length} of ${total} files`;
      this.log?.warning(
        `${describePr(pr)}: GitHub lists only the first ${MAX_LISTED_FILES} changed files; ${past} past the cap were not listed and will not be reviewed. ` +
          'A checkout with both commits (actions/checkout with fetch-depth: 0) has no such cap.',
      );
    }
    return total === undefined ? { files, truncated } : { files, truncated, totalChangedFiles: total };
  }

  /** Every page, each told to `watch` as it comes: the same objects are returned, and proven unchanged, at the end. */
  private async readPages(pr: PullRequestRef, watch: ListingWatch, allTied: Promise<void>): Promise<ChangedFile[]> {
    const { perPage } = this.pages;
    const files: ChangedFile[] = [];
    await readRestList(
      {
        what: `the files of ${describePr(pr)}`,
        entry: LISTED_FILE,
        identity: (file) => `'${file.filename}'`,
        perPage,
        // GitHub's cap, and one page more: the bound only guards against a list that never ends.
        maxEntries: MAX_LISTED_FILES,
        maxPages: Math.ceil(MAX_LISTED_FILES / perPage) + 1,
        onPage: (entries, at) => {
          const page = entries.map(toChangedFile);
          files.push(...page);
          watch.onPage?.(page, at.page === 1 && at.more ? this.firstPageTied(pr, allTied) : allTied);
        },
      },
      async (page) => {
        const early = page === 1 ? this.pages.takeStarted(pr) : undefined;
        const answer = await (early ?? this.pages.page(pr, perPage, page));
        const refill = (size: number, at: number) => this.pages.page(pr, size, at).then((a) => a.data);
        return { ...answer, data: await refillPatches(answer.data, { perPage, page }, refill) };
      },
    );
    return files;
  }

  /**
   * When the first page's files are known to be the head's: GitHub lists the files of the head it
   * has when asked, so a head read after the page, still `pr.headSha`, ties the page. That read
   * rides along with the first query of contents (no request of its own when files are planned);
   * when GraphQL cannot say, or names another head, the page waits for the whole list's tie.
   */
  private firstPageTied(pr: PullRequestRef, allTied: Promise<void>): Promise<void> {
    return this.reads.headNow(pr).then((head) => (head === pr.headSha ? undefined : allTied));
  }
}

/**
 * Below GitHub's cap the list holds every file the pull request changes: fewer is a list that
 * lost some on the way (a page cut short, pages that shifted), and what is missing is unseen.
 */
function checkWhole(pr: PullRequestRef, files: readonly ChangedFile[], total: number | undefined): void {
  if (total === undefined || files.length >= Math.min(total, MAX_LISTED_FILES)) return;
  throw new GitHubListError(
    `GitHub's list of the files of ${describePr(pr)} has ${plural(files.length, 'file')}, but the pull request changes ${total.toLocaleString('en-US')} (changed_files): ` +
      'the list is incomplete, so nothing is reviewed from it; run again',
  );
}
