/**
 * The content that runs at a changed file's path, which is what the service must review: not
 * always the blob the diff shows.
 *
 * - A symbolic link runs its target: it is followed inside the repository (links.ts), and the
 *   target's content is read. A link the tree cannot follow to a file is not reviewed.
 * - A placeholder another tool keeps the content for (placeholders.ts) runs as that content: a Git
 *   LFS pointer is replaced by the content the source holds under its SHA-256 and size (an LFS
 *   checkout), and is not reviewed when the source holds none; a git-annex or git-fat placeholder
 *   is never reviewed (their content is not in git, and review-gate fetches nothing else).
 *
 * What was read in place of the blob is said (`insteadOf`): its lines are not the diff's.
 */
import type { ChangedFile, CommitRef, PullRequestSource, ReadFileOptions } from '../../domain/pull-request';
import { NotReviewableError, fileTooLarge } from '../errors';
import { resolveLink } from './links';
import type { LinkTree } from './links';
import { describePlaceholder, readPlaceholder } from './placeholders';
import type { Placeholder } from './placeholders';

export interface RunningContent {
  bytes: Uint8Array;
  /** The path the content is at: the file's own, or its link's target's (whose name may give the language). */
  path: string;
  /** What was read in place of the file's blob, for the log: `the file its link leads to, data/plugin.cfg`. */
  insteadOf?: string;
}

/** Where a pointer's content is, when the source has no LFS contents: through the API only the pointer is read. */
const ONLY_THE_POINTER =
  'only its pointer was read: the GitHub API gives the pointer, and review-gate fetches nothing from other hosts; ' +
  'check out the pull request with actions/checkout with lfs: true (and fetch-depth: 0) to have its content reviewed';

export async function readRunningContent(
  source: PullRequestSource,
  target: CommitRef,
  file: ChangedFile,
  options: ReadFileOptions,
): Promise<RunningContent> {
  let bytes = await source.readFile(target, file, options);
  let path = file.path;
  const instead: string[] = [];
  if (await isLink(source, target, file, options)) {
    const found = await resolveLink(file.path, bytes, treeOf(source, target, options));
    if (found.kind === 'none') throw new NotReviewableError(file.path, `not reviewed: ${found.why}`);
    bytes = await source.readFile(target, asChangedFile(found.path, found.blobSha), options);
    path = found.path;
    instead.push(`the file its link leads to, ${found.path}`);
  }
  const placeholder = readPlaceholder(bytes);
  if (placeholder !== undefined) {
    bytes = await placeholderContent(source, file.path, path, placeholder, options);
    instead.push(`the content of its ${describePlaceholder(placeholder).tool} pointer`);
  }
  return { bytes, path, ...(instead.length === 0 ? {} : { insteadOf: instead.join(': ') }) };
}

/** Whether the file is a symbolic link: as the list said (git's modes), else as the source's tree says. */
async function isLink(source: PullRequestSource, target: CommitRef, file: ChangedFile, options: ReadFileOptions): Promise<boolean> {
  if (file.entry !== undefined) return file.entry === 'link';
  if (source.entryAt === undefined) return false;
  const entry = await source.entryAt(target, file.path, options);
  if (entry === undefined) throw new NotReviewableError(file.path, 'not reviewed: the head commit holds no file at this path, though the list of changed files names it');
  if (entry.kind === 'folder' || entry.kind === 'submodule') throw new NotReviewableError(file.path, `not reviewed: the head commit holds a ${entry.kind} at this path`);
  return entry.kind === 'link';
}

function treeOf(source: PullRequestSource, target: CommitRef, options: ReadFileOptions): LinkTree {
  return {
    entryAt: async (path) => source.entryAt?.(target, path, options),
    readLink: (path, blobSha) => source.readFile(target, asChangedFile(path, blobSha), options),
  };
}

/** A file of the tree the change did not list, to read through the source by its blob. */
function asChangedFile(path: string, blobSha: string): ChangedFile {
  return { path, blobSha, status: 'modified', additions: 0, deletions: 0 };
}

async function placeholderContent(
  source: PullRequestSource,
  path: string,
  contentPath: string,
  placeholder: Placeholder,
  options: ReadFileOptions,
): Promise<Uint8Array> {
  const { tool, detail } = describePlaceholder(placeholder);
  const stored = `it is stored in ${tool} (${detail})`;
  if (placeholder.kind !== 'lfs') {
    throw new NotReviewableError(
      path,
      `not reviewed: it is a ${tool} pointer (${detail}): its content is kept outside git, and review-gate reads only git; ` +
        'commit the file itself to have it reviewed, or list it in exclude to skip it on purpose',
    );
  }
  if (placeholder.extensions) {
    throw new NotReviewableError(path, `not reviewed: ${stored} with LFS extensions, whose checked-out content no SHA-256 of the pointer pins`);
  }
  if (options.maxBytes !== undefined && placeholder.size > options.maxBytes) throw fileTooLarge(path, placeholder.size, options.maxBytes);
  const content = await source.lfs?.read(placeholder, contentPath, options);
  if (content === undefined) throw new NotReviewableError(path, `not reviewed: ${stored}, and ${source.lfs?.missing ?? ONLY_THE_POINTER}`);
  return content;
}
