/**
 * The pull request as GitHub lists it: changed files (every page, up to GitHub's cap) and file
 * contents at the head commit. The parts, each with its own state: the pages of the list and those
 * asked ahead (file-list-pages.ts), the whole list tied to the head (changed-file-list.ts), and the
 * contents, planned or not (api/file-reads.ts).
 */
import type { ChangedFile, ListingWatch, PlannedReads, PullRequestRef, PullRequestSource, ReadFileOptions, TreeEntry } from '../../domain/pull-request';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { ApiFileReads } from './file-reads';
import type { BatchStats } from './blob-batches';
import { ChangedFileLister } from './changed-file-list';
import type { GitHubChangedFileList } from './changed-file-list';
import { FileListPages } from './file-list-pages';

export { MAX_LISTED_FILES } from './changed-file-list';
export type { GitHubChangedFileList } from './changed-file-list';

/**
 * A pull request through the API: the methods of a `PullRequestSource`, for the pull request each
 * call names (its number picks the list), and a listing that carries the pull request's own file
 * count. `forPull` makes it the source of one pull request.
 */
export interface GitHubPullRequestSource {
  listChangedFiles(pr: PullRequestRef, watch?: ListingWatch): Promise<GitHubChangedFileList>;
  readFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  readBaseFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  willRead(pr: PullRequestRef, files: readonly ChangedFile[], options: PlannedReads): void;
  /** What `path` holds in the pull request's head commit (a file or a symbolic link…): api/tree-entries.ts. */
  entryAt(pr: PullRequestRef, path: string): Promise<TreeEntry | undefined>;
  /**
   * Asks GitHub for the first page of the list now, so that the request is under way while the
   * run does what comes before the list (reads its policy file): `listChangedFiles` takes that
   * answer for its first page. A page asked for and never listed is dropped, failure included.
   */
  startListing(pr: PullRequestRef): void;
  /** Stops the first pages asked ahead and never listed, so that no request outlives the run. */
  dropStarted(): void;
  /** How the planned reads went: GraphQL queries, files read by them, files read through REST. */
  readonly readStats: BatchStats;
}

/** The source of pull request `pr` alone: whatever commit a caller names, the pull request's own are read. */
export function forPull(source: GitHubPullRequestSource, pr: PullRequestRef): PullRequestSource {
  return {
    listChangedFiles: (_commit, watch) => source.listChangedFiles(pr, watch),
    readFile: (_commit, file, options) => source.readFile(pr, file, options),
    readBaseFile: (_commit, file, options) => source.readBaseFile(pr, file, options),
    willRead: (_commit, files, options) => source.willRead(pr, files, options),
    entryAt: (_commit, path) => source.entryAt(pr, path),
  };
}

export interface PullRequestSourceOptions {
  /**
   * Files per page (1–100, default 100: 3,000 files in 30 requests). GitHub stops sending `patch`
   * once a response's patches reach a size budget; the entries it cut are read again in small
   * pages (patch-refill.ts).
   */
  perPage?: number;
  log?: GitHubLog;
}

export function createPullRequestSource(octokit: GitHubClient, options: PullRequestSourceOptions = {}): GitHubPullRequestSource {
  const perPage = options.perPage ?? 100;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new TypeError(`Expected \`perPage\` to be an integer from 1 to 100, got ${perPage}`);
  }
  const pages = new FileListPages(octokit, perPage);
  const reads = new ApiFileReads(octokit, options.log);
  const lister = new ChangedFileLister(octokit, pages, reads, options.log);
  return {
    listChangedFiles: (pr, watch) => lister.list(pr, watch),
    startListing: (pr) => pages.start(pr),
    dropStarted: () => pages.dropStarted(),
    get readStats() {
      return reads.stats;
    },
    willRead: (pr, files, plan) => reads.willRead(pr, files, plan),
    entryAt: (pr, path) => reads.entryAt(pr, path),
    readFile: (pr, file, read) => reads.readFile(pr, file, read),
    readBaseFile: (pr, file, read) => reads.readBaseFile(pr, file, read),
  };
}
