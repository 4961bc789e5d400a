/**
 * A pull request as the pipeline sees it: the commit under review, its changed files, and the
 * source that lists and reads them (GitHub, a checkout, or a local git diff for the terminal).
 */
import type { ReviewLanguage } from './vocabulary';

/** A pull request, pinned to the head commit the review is about. */
export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  /** The head commit: file contents are read from it and the review is anchored to it. */
  headSha: string;
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
}

/** A candidate whose language its `#!` line decides, once its content is read. */
export const BY_SHEBANG = 'by-shebang';

/** A changed file chosen for review. */
export type ReviewCandidate =
  /** Its name gives its language. */
  | { file: ChangedFile; language: ReviewLanguage }
  /**
   * Its name has no extension: its `#!` line decides when it is read (collect/shebang.ts), and a
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

/** Reads the pull request from GitHub (or a local git diff, for the CLI). */
export interface PullRequestSource {
  /** Every changed file, all pages. */
  listChangedFiles(pr: PullRequestRef): Promise<ChangedFileList>;
  /**
   * The file's bytes at the head commit, undecoded (`src/decode.ts` makes them text). Over
   * `maxBytes`, a source that knows the size without reading throws `fileTooLarge` instead.
   */
  readFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * The file's bytes at the pull request's base commit, at `previousPath ?? path` (for
   * `score-baseline: base`). A source without it cannot give a baseline: files are then judged
   * on their own score.
   */
  readBaseFile?(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
}
