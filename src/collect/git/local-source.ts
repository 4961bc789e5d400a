/**
 * A `PullRequestSource` over a local git checkout, so the same pipeline runs from a terminal
 * before a pull request exists. What it compares is chosen in `git/base.ts`; this module lists
 * the changed files with their patches and reads their contents from the side that holds the
 * change: the working tree (new untracked files included, ignored ones not), the index
 * (`--staged`), or a commit (a range `A...B`). A symlink is listed as what it is (git's mode, or
 * the working tree's) and read as git stores it, its target path as text, never through the file
 * system (working-tree-file.ts): the review follows it inside the same side's tree (`entryAt`,
 * running-content.ts). A Git LFS pointer's content is found where git-lfs keeps it (lfs-store.ts).
 */
import { decodeSource } from '../text/decode';
import { candidateLanguage, languageOf } from '../select';
import { NotReviewableError, fileTooLarge, isNotReviewableError } from '../errors';
import { locateRepository, resolveComparison } from './base';
import { NoBaseError } from './base-hint';
import type { Comparison, ComparisonRequest } from './base';
import { readGitFileAt } from './file-at';
import { readWorkingTreeFile, workingTreeEntry } from './working-tree-file';
import { lsFilesEntry, lsTreeArgs, lsTreeEntry } from './tree-entry';
import { lfsPlacesOf, localLfsContents } from './lfs-store';
import { gitRunner } from './run';
import type { GitRunner } from './run';
import type { ChangedFile, PullRequestSource, TreeEntry } from '../../domain/pull-request';
import { isNoObject, parseRawDiff, sameBlob } from './raw-diff';
import { BlobTooLargeError, openGitObjects } from './objects';
import { countChanges } from './patch';
import { filePatches } from './file-patches';
import type { FilePatch, PatchPlan } from './file-patches';
import type { GitObjects } from './objects';
import type { RawDiffEntry } from './raw-diff';
import { blobObjectName } from './workspace-blobs';

export { GitError, GitUsageError, UnknownRevisionError } from './run';
export type { Comparison } from './base';

/** Stands in for a blob SHA: working-tree files are read from disk, not by SHA. */
export const WORKING_TREE = 'working-tree';

export interface GitSource extends PullRequestSource {
  /** What is compared; resolved once, on first use. */
  comparison(): Promise<Comparison>;
}

/**
 * Once one `git rev-parse` in the given folder has found the repository and its HEAD, every git
 * call runs at the repository's top level (git names paths from there, whatever folder the command
 * was started in), never converts contents through textconv filters, and ends options before the
 * user's revision.
 */
export function createGitSource(options: {
  cwd: string;
  /** The environment git runs with: the terminal's own (its HOME, its global configuration). */
  env: NodeJS.ProcessEnv;
} & ComparisonRequest): GitSource {
  let resolved: Promise<Resolved> | undefined;
  const resolve = () =>
    (resolved ??= (async () => {
      const { env } = options;
      const { top, head } = await locateRepository(gitRunner(options.cwd, env));
      const git = gitRunner(top, env);
      // The files read from blobs (the index, a commit) share one `cat-file --batch` while reads are under way.
      return { git, comparison: await resolveComparison(git, options, head), blobs: openGitObjects(top, env, { closeWhenIdle: true }) };
    })());

  return {
    lfs: localLfsContents(
      async () => lfsPlacesOf((await resolve()).git.cwd, options.env),
      'this repository does not hold that content (no object of that SHA-256 and size in .git/lfs/objects, nor in the working tree): ' +
        'run git lfs pull to fetch it, then review again',
    ),
    entryAt: async (_pr, path) => entryOnSide(await resolve(), path),
    comparison: async () => (await resolve()).comparison,
    async listChangedFiles() {
      const { git, comparison } = await resolve();
      const sides = diffSides(comparison);
      const diffArgs = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', ...sides];
      const listing = await git.text([...diffArgs, '--raw', '-z', '--no-abbrev', '--']);
      const entries = parseRawDiff(listing);
      const inWorkingTree = comparison.side.kind === 'working-tree';
      const plans: PatchPlan[] = [];
      // Blobs whose first bytes decide whether a patch can be read (see patchPlan): one process for all.
      const objects = openGitObjects(git.cwd, options.env);
      try {
        for (const entry of entries) plans.push(await patchPlan(git, objects, entry, inWorkingTree));
      } finally {
        await objects.close();
      }
      const patches = await filePatches(git, diffArgs, entries, plans);
      const files = entries.map((entry, i) => changedFileOf(entry, inWorkingTree, patches[i] ?? { additions: 0, deletions: 0 }));
      if (comparison.side.kind === 'working-tree') files.push(...(await untrackedFiles(git)));
      // A base that is HEAD only for want of another: nothing changed says nothing, so no pass on it.
      if (files.length === 0 && comparison.ifNothing !== undefined) throw new NoBaseError(comparison.ifNothing);
      return { files, truncated: false };
    },
    async readFile(_pr, file, limits = {}) {
      try {
        return await readChanged(await resolve(), file, limits.maxBytes);
      } catch (error) {
        // Deleted since it was listed, unreadable, a blob git cannot show: this file is not
        // reviewed, with git's or the system's own words (never an internal class name).
        if (isNotReviewableError(error)) throw error;
        throw new NotReviewableError(file.path, `not reviewed: could not read it: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    /** The file before the change: at the comparison's base commit, under its old name if renamed. */
    async readBaseFile(_pr, file, limits = {}) {
      const { git, comparison } = await resolve();
      return readGitFileAt(git.cwd, comparison.base, file.previousPath ?? file.path, limits, options.env);
    },
  };
}

const LINK_MODE = '120000';

/** A listed file, `blobSha` naming where its content is read: the working tree, or its blob. */
function changedFileOf(entry: RawDiffEntry, inWorkingTree: boolean, patch: FilePatch): ChangedFile {
  return {
    path: entry.path,
    status: entry.status,
    ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
    ...(entry.status === 'removed' ? {} : { blobSha: inWorkingTree ? WORKING_TREE : entry.newSha, entry: entry.newMode === LINK_MODE ? 'link' : 'file' }),
    ...(sameBlob(entry) ? { sameBlobAsBase: true as const } : {}),
    ...patch,
  };
}

/** What `path` holds on the side that holds the change: the working tree, the index, or the commit. */
async function entryOnSide({ git, comparison }: Resolved, path: string): Promise<TreeEntry | undefined> {
  switch (comparison.side.kind) {
    case 'working-tree':
      return workingTreeEntry(git.cwd, path, WORKING_TREE);
    case 'index':
      return lsFilesEntry(await git.text(['ls-files', '--stage', '-z', '--', path]), path);
    case 'commit':
      return lsTreeEntry(await git.text(lsTreeArgs(comparison.side.sha, path)), path);
  }
}

/** git calls a file binary when a NUL byte is in its first 8,000 bytes, unless an attribute says otherwise. */
const BINARY_PROBE_BYTES = 8000;

/**
 * How the file's patch is made (git/file-patches.ts): none when git would show none (binary), or
 * when the review could not trust it. A file that changes kind gets the hunks of its new kind
 * (git/patch.ts).
 *
 * A file the action may review (in a supported language, or without an extension: a script,
 * maybe) is diffed without the repository's attributes having a say: `.gitattributes` in the working tree or the index — a branch may commit one — can make git
 * print "Binary files differ" for a text file (`-diff`, `binary`) or diff a binary one as text
 * (`diff`). So it is diffed `--text`, and its patch dropped when either side has a NUL byte in its
 * first 8,000 bytes: git's own rule when no attribute speaks, and GitHub's. Other files are not
 * reviewed, and are diffed as git shows them.
 */
async function patchPlan(git: GitRunner, objects: GitObjects, entry: RawDiffEntry, inWorkingTree: boolean): Promise<PatchPlan> {
  if (candidateLanguage(entry.path) === undefined) return 'as-git-shows';
  const sides = [
    isNoObject(entry.oldSha) ? undefined : () => objects.read(entry.oldSha),
    entry.status === 'removed' ? undefined : inWorkingTree ? () => readWorkingTreeFile(git.cwd, entry.path) : () => objects.read(entry.newSha),
  ];
  for (const [i, read] of sides.entries()) {
    // A side that cannot be read has no patch to trust: reading the file for review says why.
    const bytes = read === undefined ? Buffer.alloc(0) : await read().catch(() => undefined);
    if (bytes === undefined || bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return 'none';
    if (i === 1 && inWorkingTree && !(await diffedAsRead(git, entry, bytes))) return 'none';
  }
  return 'as-text';
}

/**
 * Whether git diffs the working-tree file as the review reads it. git takes the index's blob for
 * a file whose stat data has not changed since it was added, without reading the file: when a
 * clean filter made that blob (an LFS pointer), the patch would be the pointer's while the review
 * reads the code, and a finding on the code would fall outside it. git's object name for the file
 * as read — raw, or after the conversions that keep lines (end of line, ident, encoding; filters
 * are off) — must be the blob's; otherwise the file has no patch and every line of it counts.
 */
async function diffedAsRead(git: GitRunner, entry: RawDiffEntry, bytes: Buffer): Promise<boolean> {
  // All zeros: git found the file changed and read it itself, filters off.
  if (isNoObject(entry.newSha) || blobObjectName(bytes, entry.newSha.length) === entry.newSha) return true;
  const converted = await git.text(['hash-object', `--path=${entry.path}`, '--stdin'], bytes).catch(() => '');
  return converted.trim() === entry.newSha;
}

interface Resolved {
  git: GitRunner;
  comparison: Comparison;
  blobs: GitObjects;
}

/** The file's bytes from the side that holds the change: the working tree, or a blob of the index or a commit. */
async function readChanged({ git, blobs }: Resolved, file: ChangedFile, maxBytes: number | undefined): Promise<Uint8Array> {
  if (file.blobSha === undefined || file.blobSha === WORKING_TREE) return readWorkingTreeFile(git.cwd, file.path, maxBytes);
  const read = await blobs.read(file.blobSha, undefined, maxBytes).catch((error: unknown) => {
    if (error instanceof BlobTooLargeError && maxBytes !== undefined) throw fileTooLarge(file.path, error.size, maxBytes);
    throw error;
  });
  if (read !== undefined) return read;
  // Not a blob git holds: git's own words say why (a partial clone that lacks it, say).
  const size = Number((await git.text(['cat-file', '-s', file.blobSha])).trim());
  if (maxBytes !== undefined && size > maxBytes) throw fileTooLarge(file.path, size, maxBytes);
  return await git.bytes(['cat-file', 'blob', file.blobSha]);
}

/** The revisions `git diff` takes for a comparison. */
function diffSides(comparison: Comparison): string[] {
  switch (comparison.side.kind) {
    case 'working-tree':
      return [comparison.base];
    case 'index':
      return ['--cached', comparison.base];
    case 'commit':
      return [comparison.base, comparison.side.sha];
  }
}

/** New files never added to git are changes too; .gitignore'd ones are not. */
async function untrackedFiles(git: GitRunner): Promise<ChangedFile[]> {
  const paths = (await git.text(['ls-files', '-z', '--others', '--exclude-standard'])).split('\0').filter((p) => p !== '');
  const files: ChangedFile[] = [];
  for (const path of paths) {
    // Decoded as the review will decode it, so the patch's lines are the reviewed lines; a file
    // that is not text, or cannot be read, keeps no patch, and reading it later says why.
    const bytes = await readWorkingTreeFile(git.cwd, path).catch(() => undefined);
    const decoded = bytes === undefined ? undefined : decodeSource(bytes, languageOf(path));
    const patch = decoded?.kind === 'text' ? addedFilePatch(decoded.text) : undefined;
    const entry = (await workingTreeEntry(git.cwd, path, WORKING_TREE))?.kind === 'link' ? 'link' : 'file';
    files.push({ path, status: 'added', blobSha: WORKING_TREE, entry, ...(patch === undefined ? { additions: 0, deletions: 0 } : { patch, ...countChanges(patch) }) });
  }
  return files;
}

/** The patch of a new file: every line added. */
function addedFilePatch(content: string): string {
  const lines = content.replace(/\n$/, '').split('\n');
  if (content === '') return '';
  return [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n');
}
