/**
 * The pull request as GitHub lists it: changed files (every page, up to GitHub's cap) and file
 * contents at the head commit.
 */
import { GITHUB_LISTED_FILES_CAP } from '../domain/pull-request';
import type { ChangeStatus, ChangedFile, ChangedFileList, ListingWatch, PlannedReads, PullRequestRef, PullRequestSource, ReadFileOptions, TreeEntry } from '../domain/pull-request';
import { FileNotFoundError, GitHubApiError, GitHubListError, describePr } from '../github/errors';
import { plural } from '../domain/words';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { HeadMovedError, readBaseSha, readPullRequest } from '../github/pull-head';
import { integer, object, optional, string } from '../github/entry-shape';
import { readRestList } from '../github/paged-list';
import { proveUnchanged } from './base-blobs';
import { createBlobBatches } from './blob-batches';
import type { BatchStats, BlobBatches, BlobName } from './blob-batches';
import { fileTooLarge } from './errors';
import { readBlob } from './read-blob';
import { readFileAtCommit } from './read-at-commit';
import { refillPatches } from './patch-refill';

/** GitHub lists at most this many files of a pull request; later files are not reachable. */
export const MAX_LISTED_FILES = GITHUB_LISTED_FILES_CAP;

/** The listing plus what GitHub told about the pull request's size. */
export interface GitHubChangedFileList extends ChangedFileList {
  /** The pull request's own count of changed files, when it was read (only at the cap). */
  totalChangedFiles?: number;
}

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
  /** What `path` holds in the pull request's head commit (a file or a symbolic link…): api-tree-entries.ts. */
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

const KNOWN_STATUSES: ReadonlySet<string> = new Set<ChangeStatus>([
  'added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged',
]);

export function createPullRequestSource(octokit: GitHubClient, options: PullRequestSourceOptions = {}): GitHubPullRequestSource {
  const perPage = options.perPage ?? 100;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new TypeError(`Expected \`perPage\` to be an integer from 1 to 100, got ${perPage}`);
  }
  const log = options.log;

  async function listChangedFiles(pr: PullRequestRef, watch: ListingWatch = {}): Promise<GitHubChangedFileList> {
    /** The files as each page added them: the same objects are returned, and proven unchanged, at the end. */
    const files: ChangedFile[] = [];
    let tieAll: () => void = () => undefined;
    /** Resolved once the whole list is tied to the head (below): nothing else is known of later pages. */
    const allTied = new Promise<void>((resolve) => {
      tieAll = resolve;
    });
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
          watch.onPage?.(page, at.page === 1 && at.more ? firstPageTied(pr, allTied) : allTied);
        },
      },
      async (page) => {
        const early = page === 1 ? takeStarted(pr) : undefined;
        const answer = await (early ?? listPage(pr, perPage, page));
        return { ...answer, data: await refillPatches(answer.data, { perPage, page }, (size, at) => listPage(pr, size, at).then((a) => a.data)) };
      },
    );
    // GitHub lists the files of the head it has when asked, not of the commit the run is about:
    // after a push (or from an event that lagged behind one) they are another commit's. The head
    // read after the last page ties the list to `pr.headSha`, or the run stops here.
    const after = await readPullRequest(octokit, pr);
    if (after.headSha !== pr.headSha) throw new HeadMovedError(pr.headSha, after.headSha);
    // Below GitHub's cap the list holds every file the pull request changes: fewer is a list that
    // lost some on the way (a page cut short, pages that shifted), and what is missing is unseen.
    const total = after.changedFiles;
    if (total !== undefined && files.length < Math.min(total, MAX_LISTED_FILES)) {
      throw new GitHubListError(
        `GitHub's list of the files of ${describePr(pr)} has ${plural(files.length, 'file')}, but the pull request changes ${total.toLocaleString('en-US')} (changed_files): ` +
          'the list is incomplete, so nothing is reviewed from it; run again',
      );
    }
    if (!baseShas.has(pr.number)) baseShas.set(pr.number, Promise.resolve(after.baseSha));
    tieAll();
    await proveUnchanged(octokit, pr, () => baseShaOf(pr), files, log);
    if (files.length < MAX_LISTED_FILES) return { files, truncated: false };

    // Exactly at the cap is ambiguous (a pull request may change exactly 3,000 files): the pull
    // request's own count, read with the head, settles it.
    const truncated = total === undefined || total > files.length;
    if (truncated) {
      const past = total === undefined ? 'any files' : `${total - files.length} of ${total} files`;
      log?.warning(
        `${describePr(pr)}: GitHub lists only the first ${MAX_LISTED_FILES} changed files; ${past} past the cap were not listed and will not be reviewed. ` +
          'A checkout with both commits (actions/checkout with fetch-depth: 0) has no such cap.',
      );
    }
    return total === undefined ? { files, truncated } : { files, truncated, totalChangedFiles: total };
  }

  /**
   * When the first page's files are known to be the head's: GitHub lists the files of the head it
   * has when asked, so a head read after the page, still `pr.headSha`, ties the page. That read
   * rides along with the first query of contents (no request of its own when files are planned);
   * when GraphQL cannot say, or names another head, the page waits for the whole list's tie.
   */
  const firstPageTied = (pr: PullRequestRef, allTied: Promise<void>): Promise<void> =>
    batchesOf(pr)
      .headNow()
      .then((head) => (head === pr.headSha ? undefined : allTied));

  /** One page of GitHub's list of the pull request's files; `ahead`: asked before it is wanted (startListing). */
  const listPage = (pr: PullRequestRef, size: number, page: number, ahead?: AbortSignal) =>
    octokit.rest.pulls
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
        throw new GitHubApiError(`Listing the files of ${describePr(pr)} (page ${page}${size === perPage ? '' : ` of ${size} files`})`, error);
      });

  /** First pages asked for by `startListing`, by pull request and head, each with what stops it. */
  const started = new Map<string, { page: ReturnType<typeof listPage>; stop: AbortController }>();
  const startedKey = (pr: PullRequestRef): string => `${pr.number}@${pr.headSha}`;
  /** The first page asked ahead, if any: a failed one is asked again, as the list always asks. */
  const takeStarted = (pr: PullRequestRef): ReturnType<typeof listPage> | undefined => {
    const early = started.get(startedKey(pr));
    started.delete(startedKey(pr));
    return early?.page.catch(() => listPage(pr, perPage, 1));
  };
  const startListing = (pr: PullRequestRef): void => {
    if (started.has(startedKey(pr))) return;
    const stop = new AbortController();
    const page = listPage(pr, perPage, 1, stop.signal);
    // A page never taken is dropped, failure included: nothing waits on it.
    page.catch(() => undefined);
    started.set(startedKey(pr), { page, stop });
  };
  /** Stops the pages asked ahead and never taken (the run ended before its list): none keeps the process up. */
  const dropStarted = (): void => {
    for (const { stop } of started.values()) stop.abort();
    started.clear();
  };

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

  /** The batched reads of each pull request (blob-batches.ts); a file never planned is read on its own. */
  const batches = new Map<number, BlobBatches>();
  const batchesOf = (pr: PullRequestRef): BlobBatches => {
    let found = batches.get(pr.number);
    if (found === undefined) {
      found = createBlobBatches(octokit, pr, log);
      batches.set(pr.number, found);
    }
    return found;
  };
  /** Base versions are planned once the base commit is known; a read waits for that plan. */
  let basePlanned: Promise<void> = Promise.resolve();
  const readStats: BatchStats = { queries: 0, fromQueries: 0, toRest: 0 };

  /** The planned outcome's bytes; a blob the batch could not vouch for is read by `rest`. */
  const batched = async (
    pr: PullRequestRef,
    name: BlobName,
    path: string,
    options: ReadFileOptions | undefined,
    rest: () => Promise<Uint8Array>,
  ): Promise<Uint8Array> => {
    const outcome = await batches.get(pr.number)?.take(name);
    if (outcome === undefined) return rest();
    if (outcome.kind === 'bytes') return outcome.bytes;
    if (outcome.kind === 'too-large') throw fileTooLarge(path, outcome.size, outcome.maxBytes);
    log?.debug(`Reading '${path}' through REST: ${outcome.why}`);
    return rest();
  };

  return {
    listChangedFiles,
    startListing,
    dropStarted,
    get readStats() {
      const all = [...batches.values()].map((b) => b.stats);
      return all.reduce((sum, s) => ({ queries: sum.queries + s.queries, fromQueries: sum.fromQueries + s.fromQueries, toRest: sum.toRest + s.toRest }), readStats);
    },
    willRead(pr, files, options) {
      if (options.base !== true) {
        const names = files.flatMap((file) => (file.blobSha === undefined ? [] : [{ oid: file.blobSha }]));
        batchesOf(pr).plan(names, options);
        batchesOf(pr).planEntries(files.map((file) => file.path));
        return;
      }
      basePlanned = baseShaOf(pr).then(
        (sha) => batchesOf(pr).plan(files.map((file) => ({ expression: `${sha}:${file.previousPath ?? file.path}` })), options),
        // No base commit: each read fails on its own, as it would unplanned.
        () => undefined,
      );
    },
    entryAt: (pr, path) => batchesOf(pr).entryAt(path),
    async readFile(pr, file, options) {
      const { blobSha } = file;
      if (blobSha === undefined) throw new FileNotFoundError(file.path, undefined);
      return batched(pr, { oid: blobSha }, file.path, options, () => readBlob(octokit, pr, { ...file, blobSha }, options));
    },
    async readBaseFile(pr, file, options) {
      await basePlanned;
      const path = file.previousPath ?? file.path;
      const sha = await baseShaOf(pr);
      return batched(pr, { expression: `${sha}:${path}` }, path, options, () => readFileAtCommit(octokit, pr, path, sha, options));
    },
  };
}

/** The fields of an entry of `GET /pulls/{n}/files` (and of a comparison's `files`) the action reads. */
export const LISTED_FILE = object({
  filename: string,
  status: string,
  sha: optional(string),
  previous_filename: optional(string),
  additions: integer,
  deletions: integer,
  patch: optional(string),
});

/** GitHub's entry → the domain's. An absent patch stays absent: it means "diff unknown". */
export function toChangedFile(entry: ReturnType<typeof LISTED_FILE>): ChangedFile {
  // An unknown status (GitHub adding one) is treated as a modification rather than dropped.
  const status = (KNOWN_STATUSES.has(entry.status) ? entry.status : 'modified') as ChangeStatus;
  const file: ChangedFile = { path: entry.filename, status, additions: entry.additions, deletions: entry.deletions };
  if (entry.previous_filename !== undefined) file.previousPath = entry.previous_filename;
  // A removed file has no blob at the head commit, whatever `sha` GitHub shows for it.
  if (status !== 'removed' && entry.sha !== undefined && entry.sha !== '') file.blobSha = entry.sha;
  if (entry.patch !== undefined) file.patch = entry.patch;
  return file;
}
