/**
 * A `PullRequestSource` over a local git checkout: the changes of the working tree against a base
 * revision, so the same pipeline runs from a terminal before a pull request exists.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeSource } from './decode';
import { languageOf } from './select';
import { fileTooLarge } from './errors';
import { readGitFileAt } from './git-file-at';
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
  override readonly name: string = 'GitError';
}

/** `--base` names no commit: a usage error. */
export class UnknownRevisionError extends GitError {
  override readonly name = 'UnknownRevisionError';
}

/**
 * Every git call runs at the repository's top level (git names paths from there, whatever
 * folder the command was started in), takes paths literally (a file named `a*.py` is not a
 * pattern), never converts contents through textconv filters, and ends options before the
 * user's revision, so `--base=--output=x` is a revision git refuses, not an option it obeys.
 */
export function createGitSource(options: { cwd: string; base: string }): PullRequestSource {
  let top: string | undefined;
  const git = async (args: string[], cwd = top ?? options.cwd): Promise<string> => {
    try {
      const { stdout } = await run('git', ['--literal-pathspecs', '-c', 'core.quotePath=false', ...args], {
        cwd,
        maxBuffer: 256 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new GitError(`git ${args.join(' ')} failed: ${stderr !== undefined && stderr !== '' ? stderr : (error as Error).message}`);
    }
  };
  const diffArgs = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames'];

  async function resolveBase(): Promise<string> {
    top = (await git(['rev-parse', '--show-toplevel'], options.cwd)).trim();
    try {
      return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${options.base}^{commit}`])).trim();
    } catch {
      throw new UnknownRevisionError(`Unknown revision '${options.base}' for --base: expected a commit such as HEAD, main or origin/main.`);
    }
  }

  return {
    async listChangedFiles() {
      const base = await resolveBase();
      const listing = await git([...diffArgs, '--name-status', '-z', base, '--']);
      const files: ChangedFile[] = [];
      for (const entry of parseNameStatus(listing)) {
        const paths = entry.previousPath === undefined ? [entry.path] : [entry.previousPath, entry.path];
        const diff = await git([...diffArgs, '-U3', base, '--', ...paths]);
        const hunkStart = diff.search(/^@@/m);
        const file: ChangedFile = {
          path: entry.path,
          status: entry.status,
          additions: 0,
          deletions: 0,
          ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
          ...(entry.status === 'removed' ? {} : { blobSha: WORKING_TREE }),
        };
        if (hunkStart >= 0) addPatch(file, diff.slice(hunkStart).replace(/\n$/, ''));
        files.push(file);
      }
      // New files never added to git are changes too; .gitignore'd ones are not.
      const untracked = (await git(['ls-files', '-z', '--others', '--exclude-standard'])).split('\0').filter((p) => p !== '');
      for (const path of untracked) {
        const file: ChangedFile = { path, status: 'added', blobSha: WORKING_TREE, additions: 0, deletions: 0 };
        // Decoded as the review will decode it, so the patch's lines are the reviewed lines; a
        // file that is not text keeps no patch, and reading it later says why.
        const decoded = decodeSource(await readFile(join(top ?? options.cwd, path)), languageOf(path));
        if (decoded.kind === 'text') addPatch(file, addedFilePatch(decoded.text));
        files.push(file);
      }
      return { files, truncated: false };
    },
    async readFile(_pr, file, limits = {}) {
      if (top === undefined) top = (await git(['rev-parse', '--show-toplevel'], options.cwd)).trim();
      const path = join(top, file.path);
      const { size } = await stat(path);
      if (limits.maxBytes !== undefined && size > limits.maxBytes) throw fileTooLarge(file.path, size, limits.maxBytes);
      return await readFile(path);
    },
    async readBaseFile(_pr, file, limits = {}) {
      const base = await resolveBase();
      return readGitFileAt(top ?? options.cwd, base, file.previousPath ?? file.path, limits);
    },
  };
}

function addPatch(file: ChangedFile, patch: string): void {
  file.patch = patch;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+')) file.additions += 1;
    else if (line.startsWith('-')) file.deletions += 1;
  }
}

/** The patch of a new file: every line added. */
function addedFilePatch(content: string): string {
  const lines = content.replace(/\n$/, '').split('\n');
  if (content === '') return '';
  return [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n');
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
