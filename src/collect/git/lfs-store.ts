/**
 * The content of a Git LFS pointer in a local repository, where git-lfs puts it: its object store
 * (`<git common dir>/lfs/objects/<oid[0:2]>/<oid[2:4]>/<oid>`, filled by `git lfs fetch`, as
 * actions/checkout with `lfs: true` does) and the working tree (a checkout smudges each pointer
 * into its content). The pointer pins the content: bytes are returned only when their size and
 * SHA-256 are the pointer's, so a file the change wrote at that path, or an object that is not
 * the one named, is never taken for it. Nothing is read through a symbolic link.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { gitEnvironment } from '../../config/environment';
import type { LfsContents, ReadFileOptions } from '../../domain/pull-request';
import { openRegularFile } from '../../safety/no-follow';
import { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';
import { readWorkingTreeFile } from './working-tree-file';

/** Where a repository keeps its LFS objects and its working tree. */
export interface LfsPlaces {
  /** git's common folder (`.git` of the main working tree). */
  gitDir: string;
  /** The working tree's top folder, when there is one. */
  workTree?: string;
}

/** The repository at `cwd`: its common git folder and the top of its working tree (none when bare). */
export function lfsPlacesOf(cwd: string, env: NodeJS.ProcessEnv = gitEnvironment()): Promise<LfsPlaces | undefined> {
  return new Promise((resolve) => {
    execFile('git', [...NO_PROGRAM_ARGS, 'rev-parse', '--git-common-dir', '--show-toplevel'], { cwd, env: noProgramEnv(env) }, (error, stdout) => {
      if (error !== null) return resolve(undefined);
      const [gitDir = '', workTree = ''] = stdout.split('\n');
      if (gitDir === '') return resolve(undefined);
      resolve({ gitDir: isAbsolute(gitDir) ? gitDir : join(cwd, gitDir), ...(workTree === '' ? {} : { workTree }) });
    });
  });
}

/** The LFS contents of the repository `places` finds (asked once); `missing` says what to do when one is not there. */
export function localLfsContents(places: () => Promise<LfsPlaces | undefined>, missing: string): LfsContents {
  let where: Promise<LfsPlaces | undefined> | undefined;
  return {
    missing,
    async read(pointer, path, options = {}) {
      const found = await (where ??= places());
      if (found === undefined) return undefined;
      const object = join(found.gitDir, 'lfs', 'objects', pointer.oid.slice(0, 2), pointer.oid.slice(2, 4), pointer.oid);
      const stored = await readStoredObject(object, pointer.size, options);
      if (stored !== undefined && isContentOf(stored, pointer)) return stored;
      if (found.workTree === undefined) return undefined;
      const smudged = await readWorkingTreeFile(found.workTree, path, options.maxBytes).catch(() => undefined);
      return smudged !== undefined && isContentOf(smudged, pointer) ? smudged : undefined;
    },
  };
}

/** The object file's bytes when it has the pointer's size; undefined when absent, another size, or not a regular file. */
async function readStoredObject(path: string, size: number, options: ReadFileOptions): Promise<Buffer | undefined> {
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(path);
  } catch {
    return undefined;
  }
  try {
    if (opened.size !== size || (options.maxBytes !== undefined && size > options.maxBytes)) return undefined;
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}

function isContentOf(bytes: Buffer, pointer: { oid: string; size: number }): boolean {
  return bytes.length === pointer.size && createHash('sha256').update(bytes).digest('hex') === pointer.oid;
}

/** The LFS contents of the action's checkout at `workspace`: what actions/checkout with `lfs: true` fetched. */
export function checkoutLfsContents(workspace: string): LfsContents {
  return localLfsContents(
    () => lfsPlacesOf(workspace),
    'the checkout does not hold that content (no object of that SHA-256 and size in .git/lfs/objects, nor in the working tree); ' +
      'use actions/checkout with lfs: true to have it reviewed',
  );
}
