/**
 * A pull request as the pipeline sees it: the commit under review, its changed files, and the
 * source that lists and reads them (GitHub, a checkout, or a local git diff for the terminal).
 */
import type { ReviewLanguage } from './vocabulary';

/**
 * GitHub lists at most this many files of a pull request (`GET /pulls/{n}/files`); later files are
 * not reachable through its API. A checkout with both commits has no such cap.
 */
export const GITHUB_LISTED_FILES_CAP = 3000;

/** The commit a run reviews, in its repository. */
export interface CommitRef {
  owner: string;
  repo: string;
  /** The head commit: file contents are read from it, and the verdict's check run is written on it. */
  headSha: string;
}

/** A pull request, pinned to the head commit the review is about. */
export interface PullRequestRef extends CommitRef {
  number: number;
}

/**
 * A merge group of GitHub's merge queue: the queue's own commit (`headSha`), built on the base
 * branch at `baseSha`, that becomes the branch's head once its checks pass. What it changes is the
 * diff `baseSha...headSha`; there is no pull request to post a review or a comment to.
 */
export interface MergeGroupRef extends CommitRef {
  kind: 'merge-group';
  /** `merge_group.base_sha`: the diff starts here, never at a branch name. */
  baseSha: string;
  /** `merge_group.head_ref`, as sent: `refs/heads/gh-readonly-queue/<base>/pr-<N>-<sha>`. */
  headRef: string;
  /** The pull request(s) `headRef` names: the queue names the newest one of the group. */
  pulls: number[];
}

/** What one run reviews: a pull request at its head, or a merge group of the merge queue. */
export type ReviewTarget = PullRequestRef | MergeGroupRef;

export function isMergeGroup(target: ReviewTarget): target is MergeGroupRef {
  return 'kind' in target && target.kind === 'merge-group';
}

/** GitHub's file statuses in `GET /pulls/{n}/files`. */
export type ChangeStatus =
  | 'added'
  | 'removed'
  | 'modified'
  | 'renamed'
  | 'copied'
  | 'changed'
  | 'unchanged';

/** One entry of the pull request's changed-file list, as GitHub gives it. */
export interface ChangedFile {
  path: string;
  /** For renames: the path in the base commit. */
  previousPath?: string;
  status: ChangeStatus;
  /** Blob SHA at the head commit (GitHub's `sha`); absent for removed files. */
  blobSha?: string;
  additions: number;
  deletions: number;
  /**
   * The unified-diff hunks. Absent when GitHub left it out (binary, very large, or past the
   * per-page patch budget): that means "diff unknown", never "unchanged".
   */
  patch?: string;
  /**
   * Set only by a source that proved the content unchanged: the blob at the head is the blob the
   * diff starts from (the merge base), under `previousPath ?? path`. A pure rename or a mode
   * change; nothing was added, whatever the patch. Without this proof, a file without a patch is
   * "diff unknown" (GitHub and git show a renamed file they call binary as 0 lines, no patch).
   */
  sameBlobAsBase?: true;
  /**
   * What the path holds on the changed side, when the source learnt it with the list (git's modes
   * in a local diff). GitHub's list does not say: a source that reads through the API answers
   * `entryAt` instead.
   */
  entry?: 'file' | 'link';
}

/**
 * What a path holds in the tree of the commit under review, by git's mode: a file or a symbolic
 * link (whose blob is the link's target path), a folder, or a submodule.
 */
export type TreeEntry = { kind: 'file'; blobSha: string } | { kind: 'link'; blobSha: string } | { kind: 'folder' } | { kind: 'submodule' };

/**
 * Where a source finds the content a Git LFS pointer stands for (the object git-lfs fetched, or
 * the file it put in the working tree). Content is returned only when its SHA-256 and size are
 * the pointer's.
 */
export interface LfsContents {
  /** The content of `pointer`, read for the file at `path`; undefined when this source does not hold it. */
  read(pointer: { oid: string; size: number }, path: string, options?: ReadFileOptions): Promise<Uint8Array | undefined>;
  /** Why the content is not here, and how to get the file reviewed: the end of its "not reviewed" reason. */
  readonly missing: string;
}

/** A candidate whose language its `#!` line decides, once its content is read. */
export const BY_SHEBANG = 'by-shebang';

/** A changed file chosen for review. */
export type ReviewCandidate =
  /** Its name gives its language. */
  | { file: ChangedFile; language: ReviewLanguage }
  /**
   * Its name has no extension: its `#!` line decides when it is read (collect/text/shebang.ts), and a
   * file that is no script of a supported language is skipped then. `defaultExclude` is a
   * default exclude pattern its path matches: a script found on reading is not reviewed for it.
   */
  | { file: ChangedFile; language: typeof BY_SHEBANG; defaultExclude?: string };


/** The changed files, and whether the list was cut short. */
export interface ChangedFileList {
  files: ChangedFile[];
  /** True when the pull request changes more files than GitHub lists (3,000). */
  truncated: boolean;
}

/** How much of a file to read, and until when. */
export interface ReadFileOptions {
  /** The largest file wanted: a source that learns the size first refuses a larger file unread. */
  maxBytes?: number;
  /** Aborts the read (the run's deadline). */
  signal?: AbortSignal;
}

/** What a caller of `listChangedFiles` is told while the list is read. */
export interface ListingWatch {
  /**
   * The next page of the list, in order, as soon as it is read (a source that reads the list at
   * once never calls it). `tied` resolves once these files are known to be the list of
   * `target.headSha` — their review may start then — and never rejects: a list that fails makes
   * `listChangedFiles` reject. A file may still gain `sameBlobAsBase` until the list is returned.
   */
  onPage?(files: readonly ChangedFile[], tied: Promise<void>): void;
}

/**
 * Reads the change under review: a pull request or a merge group from GitHub or the checkout, or
 * a local git diff for the CLI. A source is opened for one change; `target` names its commit.
 */
export interface PullRequestSource {
  /** Every changed file, all pages. */
  listChangedFiles(target: CommitRef, watch?: ListingWatch): Promise<ChangedFileList>;
  /**
   * The file's bytes at the head commit, undecoded (`collect/text/decode.ts` makes them text). Over
   * `maxBytes`, a source that knows the size without reading throws `fileTooLarge` instead.
   */
  readFile(target: CommitRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * The file's bytes at the base commit of the change, at `previousPath ?? path` (for
   * `score-baseline: base`). A source without it cannot give a baseline: files are then judged
   * on their own score.
   */
  readBaseFile?(target: CommitRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * Says which files will be read next, in order (`base`: their base versions, through
   * `readBaseFile`), so a source can read them in batches ahead of `readFile`. Optional, and only
   * a hint: a file read without it is read on its own, with the same bytes.
   */
  willRead?(target: CommitRef, files: readonly ChangedFile[], options: PlannedReads): void;
  /**
   * What `path` holds in the commit under review (undefined: nothing), so that a symbolic link is
   * told from a file and followed to its target inside the repository. A source without it (the
   * base versions of score-baseline: base) reads every path as a file.
   */
  entryAt?(target: CommitRef, path: string, options?: ReadFileOptions): Promise<TreeEntry | undefined>;
  /** Where this source finds the contents of Git LFS pointers; a source without it has only the pointers. */
  lfs?: LfsContents;
}

/** What `willRead` is told about the reads it plans. */
export interface PlannedReads {
  /** max-file-size: a larger file is refused without its content. */
  maxBytes: number;
  /** The base versions (`readBaseFile`), not the head's. */
  base?: boolean;
  /** Aborts the reads (the run's deadline). */
  signal?: AbortSignal;
}
