/**
 * A `PullRequestSource` over a local git checkout: the changes of the working tree against a base
 * revision, so the same pipeline runs from a terminal before a pull request exists.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeText } from '../source-errors';
import type { ChangeStatus, ChangedFile, PullRequestSource } from '../types';

const run = promisify(execFile);

/** Stands in for a blob SHA: local files are read from the working tree, not by SHA. */
export const WORKING_TREE = 'working-tree';

const STATUS_BY_LETTER: Readonly<Record<string, ChangeStatus>> = {
  A: 'added',
  M: 'modified',
  D: 'removed',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

export class GitError extends Error {
  override readonly name = 'GitError' as const;
}

export function createGitSource(options: { cwd: string; base: string }): PullRequestSource {
  const git = async (args: string[]): Promise<string> => {
    try {
      const { stdout } = await run('git', ['-c', 'core.quotePath=false', ...args], {
        cwd: options.cwd,
        maxBuffer: 256 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new GitError(`git ${args.join(' ')} failed: ${stderr !== undefined && stderr !== '' ? stderr : (error as Error).message}`);
    }
  };

  return {
    async listChangedFiles() {
      const listing = await git(['diff', '--name-status', '-z', '--find-renames', options.base, '--']);
      const files: ChangedFile[] = [];
      for (const entry of parseNameStatus(listing)) {
        const paths = entry.previousPath === undefined ? [entry.path] : [entry.previousPath, entry.path];
        const diff = await git(['diff', '--no-color', '--no-ext-diff', '--find-renames', '-U3', options.base, '--', ...paths]);
        const hunkStart = diff.search(/^@@/m);
        const file: ChangedFile = {
          path: entry.path,
          status: entry.status,
          additions: 0,
          deletions: 0,
          ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
          ...(entry.status === 'removed' ? {} : { blobSha: WORKING_TREE }),
        };
        if (hunkStart >= 0) {
          const patch = diff.slice(hunkStart).replace(/\n$/, '');
          file.patch = patch;
          for (const line of patch.split('\n')) {
            if (line.startsWith('+')) file.additions += 1;
            else if (line.startsWith('-')) file.deletions += 1;
          }
        }
        files.push(file);
      }
      return { files, truncated: false };
    },
    async readFile(_pr, file) {
      return decodeText(file.path, await readFile(join(options.cwd, file.path)));
    },
  };
}

interface NameStatus {
  status: ChangeStatus;
  path: string;
  previousPath?: string;
}

/** Parses `git diff --name-status -z`: `S\0path\0` or, for renames and copies, `R100\0old\0new\0`. */
export function parseNameStatus(output: string): NameStatus[] {
  const fields = output.split('\0');
  const entries: NameStatus[] = [];
  for (let i = 0; i + 1 < fields.length; ) {
    const code = fields[i] ?? '';
    const letter = code.charAt(0);
    const status = STATUS_BY_LETTER[letter] ?? 'changed';
    if (letter === 'R' || letter === 'C') {
      entries.push({ status, previousPath: fields[i + 1] ?? '', path: fields[i + 2] ?? '' });
      i += 3;
    } else {
      entries.push({ status, path: fields[i + 1] ?? '' });
      i += 2;
    }
  }
  return entries;
}
