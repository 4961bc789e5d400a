/**
 * A changed file's bytes in the working tree, read as git would store them — never through a
 * symbolic link.
 *
 * Why: a branch can commit `settings.py` as a link to `~/.aws/credentials`, and an untracked link
 * is as easy. Reading the path would send the credentials to the review service. For a link, git
 * stores (and the action, which reads git objects, reviews) the link's target path as text; so
 * this returns that text too — the same content whether the link is committed, staged, untracked
 * or compared in the working tree, and what the pull request will show. Skipping links instead
 * would make the terminal disagree with the action on the same change.
 *
 * A path whose folder is a link in the working tree (a tracked folder replaced by a link to
 * `~/.aws`) is not read through it: the file is not reviewed, with that reason.
 */
import { lstat, readlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { NotReviewableError, fileTooLarge } from './errors';
import { isRealFolder, isUnsafePathError, openRegularFile } from '../safety/no-follow';

/** The bytes of `path` (relative to the repository's top level `top`); throws NotReviewableError with the reason, or the system's error. */
export async function readWorkingTreeFile(top: string, path: string, maxBytes?: number): Promise<Buffer> {
  if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '')) {
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
