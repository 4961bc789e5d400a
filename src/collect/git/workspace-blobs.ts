/**
 * Reads file contents from the runner's checkout instead of the GitHub API when it can: a blob
 * SHA names its content exactly, so a blob found in the workspace's git objects *is* the file at
 * the head commit, whatever commit is checked out (actions/checkout's merge commit holds most of
 * the head's blobs). Blobs it does not have are read through the API as before: fewer API calls,
 * never different content. Nothing from the pull request is executed: `git cat-file` only reads.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { isObjectName } from '../../domain/object-name';
import type { LfsContents, PullRequestSource, TreeEntry } from '../../domain/pull-request';
import { lsTreeEntries } from './tree-entry';
import { gitEnvironment } from '../../config/environment';
import { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';
import { openGitObjects } from './objects';

export interface BlobReadStats {
  fromWorkspace: number;
  fromApi: number;
}

/** Reads a blob by SHA from the git objects in `cwd`; undefined when the object is not there. */
export type BlobReader = (sha: string) => Promise<Buffer | undefined>;

/** Which of these blob SHAs the git objects in `cwd` hold (without reading them). */
export type BlobPresence = (shas: readonly string[]) => Promise<Set<string>>;

/** git's object name of a blob: the hash of `blob <size>\0<content>`, SHA-1 or SHA-256 by length. */
export function blobObjectName(content: Buffer, shaLength: number): string {
  const hash = createHash(shaLength === 64 ? 'sha256' : 'sha1');
  hash.update(`blob ${content.length}\0`);
  hash.update(content);
  return hash.digest('hex');
}

/** The largest blob read from the workspace; a larger one is read through the API, with its limits. */
const MAX_WORKSPACE_BLOB_BYTES = 64 * 1024 * 1024;

/**
 * Reads blobs from the git objects in `cwd` through one `git cat-file --batch` (objects.ts), which
 * ends whenever no read is pending: the files a run reads together share one process, where a
 * process per file cost a fork of the action's process each. Anything git cannot give (a missing
 * object, a blob over 64 MiB, a git that fails) is undefined, so the file is read through the API.
 */
export function gitBlobReader(cwd: string): BlobReader {
  const objects = openGitObjects(cwd, gitEnvironment(), { closeWhenIdle: true });
  return async (sha) => {
    const bytes = await objects.read(sha, undefined, MAX_WORKSPACE_BLOB_BYTES).catch(() => undefined);
    // A loose object is not re-hashed by git when read: check it names what GitHub listed.
    return bytes !== undefined && blobObjectName(bytes, sha.length) === sha ? bytes : undefined;
  };
}

/** The blobs among `shas` that `git cat-file --batch-check` finds in `cwd`; none when git fails. */
export function gitBlobPresence(cwd: string): BlobPresence {
  return (shas) =>
    new Promise((resolve) => {
      const wanted = shas.filter(isObjectName);
      if (wanted.length === 0) return resolve(new Set());
      const child = execFile(
        'git',
        [...NO_PROGRAM_ARGS, 'cat-file', '--batch-check=%(objectname) %(objecttype)'],
        { cwd, maxBuffer: 64 * 1024 * 1024, env: noProgramEnv(gitEnvironment()) },
        (error, stdout) => {
          if (error !== null) return resolve(new Set());
          resolve(new Set(stdout.split('\n').flatMap((line) => (/^[0-9a-f]+ blob$/.test(line) ? [line.slice(0, line.indexOf(' '))] : []))));
        },
      );
      child.stdin?.end(`${wanted.join('\n')}\n`);
    });
}

/**
 * What each path holds in `commit`'s tree in the git objects of `cwd`: one `git ls-tree -r -t`,
 * run on first use; undefined when the objects lack the commit (a checkout of another commit).
 * The objects are what actions/checkout fetched from GitHub, not files of the pull request's.
 */
export function gitCommitTree(cwd: string, commit: string): () => Promise<Map<string, TreeEntry> | undefined> {
  let listed: Promise<Map<string, TreeEntry> | undefined> | undefined;
  return () =>
    (listed ??= new Promise((resolve) => {
      if (!isObjectName(commit)) return resolve(undefined);
      execFile(
        'git',
        [...NO_PROGRAM_ARGS, 'ls-tree', '-r', '-t', '-z', '--full-tree', commit],
        { cwd, maxBuffer: 512 * 1024 * 1024, env: noProgramEnv(gitEnvironment()) },
        (error, stdout) => resolve(error === null ? lsTreeEntries(stdout) : undefined),
      );
    }));
}

/** What the workspace adds to a source read through the API. */
export interface WorkspaceReads {
  /** Which blobs the workspace holds, so that only the others are planned through the API. */
  present?: BlobPresence;
  /** The LFS contents the workspace holds. */
  lfs?: LfsContents;
  /** The head commit's tree, when the workspace has it: what paths hold, without asking GitHub. */
  headTree?: () => Promise<Map<string, TreeEntry> | undefined>;
}

/**
 * A source whose `readFile` tries the workspace first; `stats` counts where files came from. The
 * reads it plans (`willRead`) are the blobs the workspace lacks: only those go to `source`'s batches.
 * What a path holds (`entryAt`) is the workspace's head tree's answer when it has that commit,
 * else `source`'s; LFS contents are the workspace's.
 */
export function withWorkspaceBlobs(
  source: PullRequestSource,
  readBlob: BlobReader,
  workspace: WorkspaceReads = {},
): PullRequestSource & { stats: BlobReadStats } {
  const { present, lfs, headTree } = workspace;
  const stats: BlobReadStats = { fromWorkspace: 0, fromApi: 0 };
  /** A read through `source` waits until the plans made so far reached it. */
  let planned: Promise<void> = Promise.resolve();
  return {
    stats,
    listChangedFiles: (pr) => source.listChangedFiles(pr),
    async readFile(pr, file, options) {
      const sha = file.blobSha;
      const local = sha !== undefined && isObjectName(sha) ? await readBlob(sha) : undefined;
      if (local !== undefined) {
        stats.fromWorkspace += 1;
        return local;
      }
      stats.fromApi += 1;
      await planned;
      return source.readFile(pr, file, options);
    },
    // Base versions are read by path at the base commit: no blob SHA to look up here.
    ...(source.readBaseFile === undefined ? {} : { readBaseFile: source.readBaseFile.bind(source) }),
    ...(source.entryAt === undefined && headTree === undefined
      ? {}
      : {
          async entryAt(pr, path, options) {
            const tree = await headTree?.();
            return tree === undefined ? source.entryAt?.(pr, path, options) : tree.get(path);
          },
        }),
    ...(lfs === undefined ? {} : { lfs }),
    ...(source.willRead === undefined
      ? {}
      : {
          willRead(pr, files, options) {
            const plan = source.willRead?.bind(source);
            if (plan === undefined) return;
            if (options.base === true || present === undefined) return plan(pr, files, options);
            const before = planned;
            planned = (async () => {
              const here = await present(files.flatMap((f) => (f.blobSha === undefined ? [] : [f.blobSha])));
              await before;
              plan(pr, files.filter((f) => f.blobSha === undefined || !here.has(f.blobSha)), options);
            })();
          },
        }),
  };
}
