/**
 * File-system access that never goes through a symbolic link the change under review may have
 * put in the way. A checkout holds whatever the pull request committed, links included, and a
 * path an input names (`sarif-file`, `cache-dir`) may lie in it: `mkdir -p` and `writeFile` would
 * walk through a committed `review-gate.sarif -> ~/.bashrc` or `.review-gate-cache -> /etc` and
 * write outside the workspace. So:
 *
 * - every folder below the trusted base is checked with `lstat` and created one level at a time
 *   (`mkdir` without `recursive`, so a link put in place meanwhile is seen, not walked);
 * - files are written to a new temporary file (O_CREAT|O_EXCL, O_NOFOLLOW) in the checked folder
 *   and renamed into place: `rename` replaces a link at the destination, it never follows it, so
 *   a link swapped in between the check and the write changes nothing;
 * - files are opened with O_NOFOLLOW (where the platform has it) and must be regular files.
 *
 * What this cannot close: a folder already checked being swapped for a link by another process
 * running at the same time (Node has no `openat`). That needs code running on the runner beside
 * the action, which could write anywhere anyway; what a pull request commits is static.
 */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, mkdir, open, readlink, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { systemErrorCode } from './system-error';

/** A path refused because using it would go through a symbolic link (or it is not what it must be). */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError' as const;
  constructor(
    /** The component refused: the link itself, not the path asked for. */
    readonly path: string,
    /** Why, as a sentence fragment: "is a symbolic link (to /etc)". */
    readonly reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}

export function isUnsafePathError(error: unknown): error is UnsafePathError {
  return error instanceof UnsafePathError;
}

// Absent on Windows: there the lstat checks stand alone.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/** Whether `path` is `folder` or below it (both absolute and resolved). */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The folder above which the components of `path` are the user's own: `workspace` (the action's
 * checkout, the terminal's folder) when `path` lies in it, since a checkout holds what the pull
 * request committed; otherwise the deepest part of `path` that already exists, which only the
 * user or the runner made (a `RUNNER_TEMP`, a `~/.cache` that is a link on purpose). Everything
 * below the base is created or checked by `ensureRealFolder` / `isRealFolder`.
 */
export async function trustedBase(path: string, workspace: string): Promise<string> {
  if (isWithin(resolve(path), resolve(workspace))) return resolve(workspace);
  for (let current = resolve(path); ; current = dirname(current)) {
    if (await exists(current)) return current;
    if (dirname(current) === current) return current;
  }
}

/**
 * Makes sure every component of `folder` below `base` is a real folder, creating missing ones one
 * level at a time. Throws UnsafePathError naming the first component that is a link, an ENOTDIR
 * error for one that is a file, and other errors (EACCES, ENOSPC) as the system gives them.
 */
export async function ensureRealFolder(folder: string, base: string): Promise<void> {
  await walk(folder, base, true);
}

/** Whether `folder` exists with every component below `base` a real folder; throws UnsafePathError for a link, as `ensureRealFolder` does. */
export async function isRealFolder(folder: string, base: string): Promise<boolean> {
  return walk(folder, base, false);
}

async function walk(folder: string, base: string, create: boolean): Promise<boolean> {
  if (!isWithin(folder, base)) throw new Error(`${folder} is not below ${base}`);
  const rel = relative(base, folder);
  let current = base;
  for (const part of rel === '' ? [] : rel.split(sep)) {
    current = join(current, part);
    let info = await lstatOrUndefined(current);
    if (info === undefined) {
      if (!create) return false;
      // One level, never `recursive`: that would walk through a link created meanwhile.
      await mkdir(current).catch((error: unknown) => {
        if (systemErrorCode(error) !== 'EEXIST') throw error;
      });
      info = await lstat(current);
    }
    if (info.isSymbolicLink()) throw new UnsafePathError(current, await linkReason(current));
    if (!info.isDirectory()) {
      // Not a way out of the folder, only a dead end: a miss to a reader, the system's ENOTDIR to a writer.
      if (!create) return false;
      throw Object.assign(new Error(`${current} is not a folder`), { code: 'ENOTDIR' });
    }
  }
  return true;
}

/**
 * Writes `data` as `folder/name` through a temporary file renamed into place. `folder` must have
 * been checked (`ensureRealFolder`). A link at `folder/name` is replaced, never followed: callers
 * that must refuse one check it first (`refuseLink`).
 */
export async function writeFileNoFollow(folder: string, name: string, data: string | Uint8Array): Promise<void> {
  const temporary = join(folder, `.${name}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
    await handle.writeFile(data);
    await handle.close();
    handle = undefined;
    await rename(temporary, join(folder, name));
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes `data` as the file `path` that an input names (`sarif-file`, `--summary`), never through a
 * link: its folders below the trusted base (`trustedBase`) are checked or created, and a link at
 * `path` itself is refused rather than replaced, so the user hears of it. Throws UnsafePathError
 * for a refused path, and the system's error otherwise.
 */
export async function writeNamedFile(path: string, workspace: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  await ensureRealFolder(folder, await trustedBase(folder, workspace));
  await refuseLink(path);
  await writeFileNoFollow(folder, basename(path), data);
}

/** Throws UnsafePathError when `path` is a symbolic link (to anything, or to nothing). */
export async function refuseLink(path: string): Promise<void> {
  const info = await lstatOrUndefined(path);
  if (info?.isSymbolicLink() === true) throw new UnsafePathError(path, await linkReason(path));
}

/**
 * Opens `path` for reading without following a link at it; it must be a regular file (not a
 * folder, a FIFO or a device, which could block or never end). The caller closes the handle.
 */
export async function openRegularFile(path: string): Promise<{ handle: FileHandle; size: number }> {
  await refuseLink(path);
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW | NON_BLOCK);
  } catch (error) {
    // ELOOP: O_NOFOLLOW met a link put there after the check above.
    if (systemErrorCode(error) === 'ELOOP') throw new UnsafePathError(path, 'is a symbolic link');
    throw error;
  }
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!info.isFile()) {
    await handle.close();
    throw new UnsafePathError(path, 'is not a regular file');
  }
  return { handle, size: info.size };
}

/** "is a symbolic link (to /etc)": the target is the pull request's own text, shown so the user can find it. */
async function linkReason(path: string): Promise<string> {
  const target = await readlink(path).catch(() => undefined);
  return target === undefined ? 'is a symbolic link' : `is a symbolic link (to ${target})`;
}

async function lstatOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
