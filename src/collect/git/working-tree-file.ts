/**
 * A changed file's bytes in the working tree, read as git would store them — never through a
 * symbolic link.
 *
 * Why: a branch can commit `settings.py` as a link to `~/.aws/credentials`, and an untracked link
 * is as easy. Reading the path would send the credentials to the review service. For a link, git
 * stores the link's target path as text, and so this returns that text: the same content whether
 * the link is committed, staged, untracked or compared in the working tree. The review then
 * follows the link inside the repository, one name at a time with `workingTreeEntry`
 * (running-content.ts), and reads only a regular file it leads to.
 *
 * A path whose folder is a link in the working tree (a tracked folder replaced by a link to
 * `~/.aws`) is not read through it: the file is not reviewed, with that reason.
 */
import { lstat, readlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { TreeEntry } from '../../domain/pull-request';
import { NotReviewableError, fileTooLarge } from '../errors';
import { isRealFolder, isUnsafePathError, openRegularFile } from '../../safety/no-follow';

/** Whether `path` names a place inside the repository: relative, without `..` or empty names. */
function isInside(path: string): boolean {
  return !path.startsWith('/') && !path.split('/').some((part) => part === '..' || part === '');
}

/**
 * What `path` holds in the working tree, found without following any link: a link, a file (both
 * read by `readWorkingTreeFile`, their blob named `marker`), a folder; undefined for nothing, or
 * when a folder on the way is a link (the tree would not go through it either).
 */
export async function workingTreeEntry(top: string, path: string, marker: string): Promise<TreeEntry | undefined> {
  if (!isInside(path)) return undefined;
  const full = join(top, path);
  const inRealFolders = await isRealFolder(dirname(full), top).catch(() => false);
  if (!inRealFolders) return undefined;
  const info = await lstat(full).catch(() => undefined);
  if (info?.isSymbolicLink() === true) return { kind: 'link', blobSha: marker };
  if (info?.isFile() === true) return { kind: 'file', blobSha: marker };
  return info?.isDirectory() === true ? { kind: 'folder' } : undefined;
}

/** The bytes of `path` (relative to the repository's top level `top`); throws NotReviewableError with the reason, or the system's error. */
export async function readWorkingTreeFile(top: string, path: string, maxBytes?: number): Promise<Buffer> {
  if (!isInside(path)) {
    throw new NotReviewableError(path, `not reviewed: '${path}' is not a path inside the repository`);
  }
  const full = join(top, path);
  try {
    // A folder that does not exist shows as ENOENT below.
    await isRealFolder(dirname(full), top);
  } catch (error) {
    if (!isUnsafePathError(error)) throw error;
    throw new NotReviewableError(path, `not reviewed: its folder ${relative(top, error.path)} ${error.reason} in the working tree, and review-gate never reads through one`);
  }
  if ((await lstat(full)).isSymbolicLink()) {
    // What git stores for a link: its target, as bytes (readlink's, not re-encoded).
    const target = await readlink(full, { encoding: 'buffer' });
    if (maxBytes !== undefined && target.length > maxBytes) throw fileTooLarge(path, target.length, maxBytes);
    return target;
  }
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(full);
  } catch (error) {
    // A link put in place since the check above, or a folder or a FIFO where git listed a file.
    if (isUnsafePathError(error)) throw new NotReviewableError(path, `not reviewed: it ${error.reason} in the working tree`);
    throw error;
  }
  const { handle, size } = opened;
  try {
    if (maxBytes !== undefined && size > maxBytes) throw fileTooLarge(path, size, maxBytes);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
