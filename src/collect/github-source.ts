/**
 * The pull request as GitHub lists it: changed files (every page, up to GitHub's cap) and file
 * contents at the head commit.
 */
import type { ChangeStatus, ChangedFile, ChangedFileList, PullRequestRef, PullRequestSource, ReadFileOptions } from '../domain/pull-request';
import { FileNotFoundError, GitHubApiError, GitHubListError, describePr } from '../github/errors';
import { plural } from '../domain/words';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { HeadMovedError, readBaseSha, readPullRequest } from '../github/pull-head';
import { integer, object, optional, string } from '../github/entry-shape';
import { readRestList } from '../github/paged-list';
import { proveUnchanged } from './base-blobs';
import { readBlob } from './read-blob';
import { readFileAtCommit } from './read-at-commit';

/** GitHub lists at most this many files of a pull request; later files are not reachable. */
export const MAX_LISTED_FILES = 3000;

/** The listing plus what GitHub told about the pull request's size. */
export interface GitHubChangedFileList extends ChangedFileList {
  /** The pull request's own count of changed files, when it was read (only at the cap). */
  totalChangedFiles?: number;
}

/** `PullRequestSource` whose listing also carries the pull request's own file count. */
export interface GitHubPullRequestSource extends PullRequestSource {
  listChangedFiles(pr: PullRequestRef): Promise<GitHubChangedFileList>;
  readBaseFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
}

export interface PullRequestSourceOptions {
  /**
   * Files per page (1–100, default 30). GitHub stops sending `patch` once a response's patches
   * reach a size budget, so small pages keep more patches at the cost of more requests.
   */
  perPage?: number;
  log?: GitHubLog;
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set<ChangeStatus>([
  'added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged',
]);

export function createPullRequestSource(octokit: GitHubClient, options: PullRequestSourceOptions = {}): GitHubPullRequestSource {
  const perPage = options.perPage ?? 30;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new TypeError(`Expected \`perPage\` to be an integer from 1 to 100, got ${perPage}`);
  }
  const log = options.log;

  async function listChangedFiles(pr: PullRequestRef): Promise<GitHubChangedFileList> {
    const entries = await readRestList(
      {
        what: `the files of ${describePr(pr)}`,
        entry: LISTED_FILE,
        identity: (file) => `'${file.filename}'`,
        perPage,
        // GitHub's cap, and one page more: the bound only guards against a list that never ends.
        maxEntries: MAX_LISTED_FILES,
        maxPages: Math.ceil(MAX_LISTED_FILES / perPage) + 1,
      },
      (page) =>
        octokit.rest.pulls.listFiles({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: perPage, page }).catch((error: unknown) => {
          throw new GitHubApiError(`Listing the files of ${describePr(pr)} (page ${page})`, error);
        }),
    );
    // GitHub lists the files of the head it has when asked, not of the commit the run is about:
    // after a push (or from an event that lagged behind one) they are another commit's. The head
    // read after the last page ties the list to `pr.headSha`, or the run stops here.
    const after = await readPullRequest(octokit, pr);
    if (after.headSha !== pr.headSha) throw new HeadMovedError(pr.headSha, after.headSha);
    // Below GitHub's cap the list holds every file the pull request changes: fewer is a list that
    // lost some on the way (a page cut short, pages that shifted), and what is missing is unseen.
    const total = after.changedFiles;
    if (total !== undefined && entries.length < Math.min(total, MAX_LISTED_FILES)) {
      throw new GitHubListError(
        `GitHub's list of the files of ${describePr(pr)} has ${plural(entries.length, 'file')}, but the pull request changes ${total.toLocaleString('en-US')} (changed_files): ` +
          'the list is incomplete, so nothing is reviewed from it; run again',
      );
    }
    if (!baseShas.has(pr.number)) baseShas.set(pr.number, Promise.resolve(after.baseSha));
    const files = entries.map(toChangedFile);
    await proveUnchanged(octokit, pr, () => baseShaOf(pr), files, log);
    if (files.length < MAX_LISTED_FILES) return { files, truncated: false };

    // Exactly at the cap is ambiguous (a pull request may change exactly 3,000 files): the pull
    // request's own count, read with the head, settles it.
    const truncated = total === undefined || total > files.length;
    if (truncated) {
      const past = total === undefined ? 'any files' : `${total - files.length} of ${total} files`;
      log?.warning(
        `${describePr(pr)}: GitHub lists only the first ${MAX_LISTED_FILES} changed files; ${past} past the cap were not listed and will not be reviewed`,
      );
    }
    return total === undefined ? { files, truncated } : { files, truncated, totalChangedFiles: total };
  }

  /** The base commit, read once per pull request and only when a base version is wanted. */
  const baseShas = new Map<number, Promise<string>>();
  const baseShaOf = (pr: PullRequestRef): Promise<string> => {
    let sha = baseShas.get(pr.number);
    if (sha === undefined) {
      sha = readBaseSha(octokit, pr).catch((error: unknown) => {
        baseShas.delete(pr.number);
        throw error;
      });
      baseShas.set(pr.number, sha);
    }
    return sha;
  };

  return {
    listChangedFiles,
    async readFile(pr, file, options) {
      const { blobSha } = file;
      if (blobSha === undefined) throw new FileNotFoundError(file.path, undefined);
      return readBlob(octokit, pr, { ...file, blobSha }, options);
    },
    async readBaseFile(pr, file, options) {
      return readFileAtCommit(octokit, pr, file.previousPath ?? file.path, await baseShaOf(pr), options);
    },
  };
}

/** The fields of an entry of `GET /pulls/{n}/files` the action reads. */
const LISTED_FILE = object({
  filename: string,
  status: string,
  sha: optional(string),
  previous_filename: optional(string),
  additions: integer,
  deletions: integer,
  patch: optional(string),
});

/** GitHub's entry → the domain's. An absent patch stays absent: it means "diff unknown". */
function toChangedFile(entry: ReturnType<typeof LISTED_FILE>): ChangedFile {
  // An unknown status (GitHub adding one) is treated as a modification rather than dropped.
  const status = (KNOWN_STATUSES.has(entry.status) ? entry.status : 'modified') as ChangeStatus;
  const file: ChangedFile = { path: entry.filename, status, additions: entry.additions, deletions: entry.deletions };
  if (entry.previous_filename !== undefined) file.previousPath = entry.previous_filename;
  // A removed file has no blob at the head commit, whatever `sha` GitHub shows for it.
  if (status !== 'removed' && entry.sha !== undefined && entry.sha !== '') file.blobSha = entry.sha;
  if (entry.patch !== undefined) file.patch = entry.patch;
  return file;
}
