/**
 * Reads file contents from the runner's checkout instead of the GitHub API when it can: a blob
 * SHA names its content exactly, so a blob found in the workspace's git objects *is* the file at
 * the head commit, whatever commit is checked out (actions/checkout's merge commit holds most of
 * the head's blobs). Blobs it does not have are read through the API as before: fewer API calls,
 * never different content. Nothing from the pull request is executed: `git cat-file` only reads.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { isObjectName } from '../domain/object-name';
import type { PullRequestSource } from '../domain/pull-request';
import { gitEnvironment } from '../config/environment';

export interface BlobReadStats {
  fromWorkspace: number;
  fromApi: number;
}

/** Reads a blob by SHA from the git objects in `cwd`; undefined when the object is not there. */
export type BlobReader = (sha: string) => Promise<Buffer | undefined>;

/** git's object name of a blob: the hash of `blob <size>\0<content>`, SHA-1 or SHA-256 by length. */
export function blobObjectName(content: Buffer, shaLength: number): string {
  const hash = createHash(shaLength === 64 ? 'sha256' : 'sha1');
  hash.update(`blob ${content.length}\0`);
  hash.update(content);
  return hash.digest('hex');
}

export function gitBlobReader(cwd: string): BlobReader {
  return (sha) =>
    new Promise((resolve) => {
      execFile(
        'git',
        ['cat-file', 'blob', sha],
        { cwd, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, env: gitEnvironment() },
        // A loose object is not re-hashed by git when read: check it names what GitHub listed.
        (error, stdout) => resolve(error === null && blobObjectName(stdout, sha.length) === sha ? stdout : undefined),
      );
    });
}

/** A source whose `readFile` tries the workspace first; `stats` counts where files came from. */
export function withWorkspaceBlobs(
  source: PullRequestSource,
  readBlob: BlobReader,
): PullRequestSource & { stats: BlobReadStats } {
  const stats: BlobReadStats = { fromWorkspace: 0, fromApi: 0 };
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
      return source.readFile(pr, file, options);
    },
    // Base versions are read by path at the base commit: no blob SHA to look up here.
    ...(source.readBaseFile === undefined ? {} : { readBaseFile: source.readBaseFile.bind(source) }),
  };
}
