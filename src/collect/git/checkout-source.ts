/**
 * The pull request as the job's checkout holds it: when GITHUB_WORKSPACE has both the base and
 * the head commit, the changed files, their patches and their contents come from local git, on
 * the diff GitHub shows (three dots: from the merge base of base and head to head, renames
 * found). That has no 3,000-file cap, no patch left out for size, and no content read through
 * the API. Anything missing (a shallow clone without the merge base, another repository) makes
 * the source unavailable, with the reason, and the caller uses the GitHub API instead.
 *
 * git only reads here: no external diff, no textconv, no fetch, none of the action's secrets in
 * its environment, options fixed against the repository's own diff configuration, and no
 * `.gitattributes` of the pull request's (see `withoutAttributes`). A symbolic link is followed in
 * the head commit's tree (`entryAt`), never on disk; a Git LFS pointer's content is taken from
 * what `lfs: true` fetched, when its SHA-256 is the pointer's (lfs-store.ts).
 */
import { readGitFileAt } from './file-at';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileNotFoundError } from '../../github/errors';
import type { ChangedFile, PullRequestSource } from '../../domain/pull-request';
import { isNoObject, parseRawDiff, sameBlob } from './raw-diff';
import { entryPatch, sectionsByEntry } from './patch';
import { fileTooLarge } from '../errors';
import { openGitObjects } from './objects';
import { lsTreeArgs, lsTreeEntry } from './tree-entry';
import { checkoutLfsContents } from './lfs-store';
import { gitEnvironment } from '../../config/environment';
import { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';
import { isObjectName, shortSha } from '../../domain/object-name';

export interface CheckoutSource extends PullRequestSource {
  /** The commit the diff starts from. */
  readonly mergeBase: string;
  close(): Promise<void>;
}

export type CheckoutOpening = { kind: 'ready'; source: CheckoutSource } | { kind: 'unavailable'; reason: string };

const SUBMODULE_MODE = '160000';
const LINK_MODE = '120000';

/** Options that make the output GitHub's whatever the repository's configuration says. */
const DIFF_OPTIONS = [
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--find-renames',
  '--submodule=short',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];
// No configuration runs a program (git/no-programs.ts); a diff of two commits converts no file.
const CONFIG = [...NO_PROGRAM_ARGS, '-c', 'core.quotePath=false', '-c', 'diff.relative=false', '-c', 'diff.suppressBlankEmpty=false'];

/** stdout of `git <args>` in `cwd`; `input` is written to its standard input. */
function git(cwd: string, args: string[], input?: string, env: NodeJS.ProcessEnv = gitEnvironment()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', [...CONFIG, ...args], { cwd, env: noProgramEnv(env), maxBuffer: 1024 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(stderr.trim() === '' ? error.message : stderr.trim()));
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

export async function openCheckoutSource(options: { cwd: string; baseSha: string; headSha: string }): Promise<CheckoutOpening> {
  const { cwd, baseSha, headSha } = options;
  const commits = [['base', baseSha], ['head', headSha]] as const;
  for (const [what, sha] of commits) {
    if (!isObjectName(sha)) return { kind: 'unavailable', reason: `the ${what} commit '${sha}' is not a commit SHA` };
  }
  // Both asked of one process: a line `commit` for each the objects hold, `<name> missing` for one they lack.
  const found = (await git(cwd, ['cat-file', '--batch-check=%(objecttype)'], commits.map(([, sha]) => `${sha}^{commit}\n`).join('')).catch(() => '')).split('\n');
  for (const [i, [what, sha]] of commits.entries()) {
    if (found[i] !== 'commit') return { kind: 'unavailable', reason: `the checkout does not have the ${what} commit ${shortSha(sha)}` };
  }
  let mergeBase: string;
  try {
    mergeBase = (await git(cwd, ['merge-base', baseSha, headSha])).trim();
  } catch {
    return { kind: 'unavailable', reason: `the checkout's history has no merge base of ${shortSha(baseSha)} and ${shortSha(headSha)} (a shallow clone)` };
  }
  let files: ChangedFile[];
  try {
    files = await withoutAttributes(cwd, async (run) => {
      const listing = await run(['diff', ...DIFF_OPTIONS, '--raw', '-z', '--no-abbrev', mergeBase, headSha, '--']);
      const patches = await run(['diff', ...DIFF_OPTIONS, '-p', '-U3', '--inter-hunk-context=0', mergeBase, headSha, '--']);
      return changedFiles(listing, patches);
    });
  } catch (error) {
    return { kind: 'unavailable', reason: `git could not diff ${shortSha(mergeBase)}...${shortSha(headSha)}: ${error instanceof Error ? error.message : String(error)}` };
  }

  const objects = openGitObjects(cwd);
  const source: CheckoutSource = {
    mergeBase,
    listChangedFiles: () => Promise.resolve({ files, truncated: false }),
    async readFile(_pr, file, limits = {}) {
      const bytes = file.blobSha === undefined ? undefined : await objects.read(file.blobSha, limits.signal);
      if (bytes === undefined) throw new FileNotFoundError(file.path, file.blobSha);
      if (limits.maxBytes !== undefined && bytes.length > limits.maxBytes) throw fileTooLarge(file.path, bytes.length, limits.maxBytes);
      return bytes;
    },
    /** The file before the change (score-baseline: base): at the merge base, under its old name if renamed. */
    readBaseFile: (_pr, file, limits = {}) => readGitFileAt(cwd, mergeBase, file.previousPath ?? file.path, limits),
    entryAt: async (_pr, path) => lsTreeEntry(await git(cwd, ['--literal-pathspecs', ...lsTreeArgs(headSha, path)]), path),
    lfs: checkoutLfsContents(cwd),
    close: () => objects.close(),
  };
  return { kind: 'ready', source };
}

/**
 * Runs git with no `.gitattributes` to read. Even for a diff between two commits, git reads them
 * from the folder it runs in — the checkout, that is the pull request's own files — so a committed
 * `*.js -diff` (or `binary`) turns a text diff into "Binary files differ", and `diff` forces a
 * text diff of a file git would call binary. Run from an empty folder that is also its work
 * tree, with an index that does not exist, git finds none, on every version (`--attr-source` and
 * `attr.tree` are 2.40+ and 2.42+). What is left is the runner's own (`info/attributes`, the
 * global file), which no pull request writes.
 */
async function withoutAttributes<T>(cwd: string, use: (run: (args: string[]) => Promise<string>) => Promise<T>): Promise<T> {
  const gitDir = (await git(cwd, ['rev-parse', '--absolute-git-dir'])).trim();
  const empty = await mkdtemp(join(tmpdir(), 'review-gate-diff-'));
  try {
    const env = { ...gitEnvironment(), GIT_DIR: gitDir, GIT_WORK_TREE: empty, GIT_INDEX_FILE: join(empty, 'index') };
    return await use((args) => git(empty, args, undefined, env));
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
}

/**
 * The listing with each file's patch as GitHub's API shows it: the hunks only, from the first
 * `@@`. git writes the patches in the listing's order, one `diff --git` header each (a binary
 * or a pure rename has a header and no hunk) and two for a file that changes kind (git/patch.ts),
 * so each file takes the next one or two sections, and none may be left over.
 */
export function changedFiles(listing: string, patches: string): ChangedFile[] {
  const entries = parseRawDiff(listing);
  const sections = sectionsByEntry(entries, patches);
  return entries.map((entry, i) => {
    const own = sections[i] ?? [];
    const file: ChangedFile = { path: entry.path, status: entry.status, ...entryPatch(own) };
    if (entry.previousPath !== undefined) file.previousPath = entry.previousPath;
    if (entry.status !== 'removed' && entry.newMode !== SUBMODULE_MODE && !isNoObject(entry.newSha)) {
      file.blobSha = entry.newSha;
      file.entry = entry.newMode === LINK_MODE ? 'link' : 'file';
    }
    if (sameBlob(entry)) file.sameBlobAsBase = true;
    return file;
  });
}
