/**
 * What a local review compares: the base commit and the side that holds the change, chosen the way
 * a pull request would show it.
 *
 * - No `--base`: the merge base of HEAD with its upstream branch, else with the remote's default
 *   branch (`origin/HEAD`). An upstream that is the branch's own copy on the remote (set by
 *   `git push -u`) is never the base: the default branch is, and without one there is none.
 *   Committed work on a branch is reviewed from its branch point, never against a later tip of
 *   main (which would blame the branch for what main changed since, and list main's new files as
 *   removed). With no base found, HEAD is the base only on a repository's only branch without a
 *   remote (its uncommitted work is the change, and an empty one stops the run); otherwise the
 *   run stops with exit status 2 and what to pass (git/base-hint.ts).
 * - `--base REF`: the merge base of HEAD and REF.
 * - `A...B`: the merge base of A and B against B; `A..B`: A against B. Either side may be left
 *   out and means HEAD, as in git. The change is then read from commit B, not the working tree.
 * - `--staged`: the index against the base (default HEAD): what `git commit` would record.
 */
import type { GitRunner } from './run';
import { GitError, GitUsageError, UnknownRevisionError } from './run';
import { NoBaseError, branchLayout, noBaseMessage, onlyBranchNothing } from './base-hint';

/** git's empty tree: the base of a repository without commits. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Where the changed side of the comparison is read from. */
export type ChangeSide = { kind: 'working-tree' } | { kind: 'index' } | { kind: 'commit'; sha: string; name: string };

export interface Comparison {
  /** The base commit (or the empty tree). */
  base: string;
  side: ChangeSide;
  /** How the base was chosen, as a sentence fragment: "the merge base of HEAD and origin/main". */
  baseDescription: string;
  /** The commit the change sits on: HEAD, or B of a range; undefined before the first commit. */
  head?: string;
  /** Why this base, and what to try when the comparison shows nothing (a sentence, e.g. naming `--base BRANCH`). */
  hint?: string;
  /**
   * Set when the base is HEAD only because no other base exists: an empty comparison then says
   * nothing about the change, and the run stops (exit 2) with this message rather than pass.
   */
  ifNothing?: string;
}

export interface ComparisonRequest {
  /** `--base` as given: a revision, `A...B` or `A..B`; undefined for the default. */
  base?: string;
  staged?: boolean;
}

/** Where a local review runs: the repository's top folder, and HEAD's commit (undefined before the first commit). */
export interface RepositoryAt {
  top: string;
  head: string | undefined;
}

/**
 * The repository around `git`'s folder and its HEAD, asked in one `git rev-parse`: it prints the
 * top folder, then HEAD's commit, or fails without a word (`--quiet`) when HEAD names none, having
 * printed the top already. Nothing printed means there is no repository: git's error says why.
 */
export async function locateRepository(git: GitRunner): Promise<RepositoryAt> {
  const { stdout, failure } = await git.attempt(['rev-parse', '--show-toplevel', ...commitArgs('HEAD')]);
  const lines = stdout.replace(/\n$/, '');
  if (failure === undefined) {
    const end = lines.lastIndexOf('\n');
    return { top: lines.slice(0, end).trim(), head: lines.slice(end + 1) || undefined };
  }
  if (lines === '') throw failure;
  return { top: lines.trim(), head: undefined };
}

/** `head`: HEAD's commit, from `locateRepository`. */
export async function resolveComparison(git: GitRunner, request: ComparisonRequest, head: string | undefined): Promise<Comparison> {
  const spec = request.base?.trim();
  if (spec !== undefined && spec !== '' && spec.includes('..')) return resolveRange(git, spec, request.staged === true);
  const side: ChangeSide = request.staged === true ? { kind: 'index' } : { kind: 'working-tree' };
  const what = request.staged === true ? 'the staged changes' : 'the working tree';
  if (spec !== undefined && spec !== '') {
    const ref = await commitOf(git, spec);
    if (ref === undefined) throw unknownRevision(spec);
    if (head === undefined) return { base: EMPTY_TREE, side, baseDescription: 'the empty tree (no commit yet)' };
    const base = await mergeBase(git, head, ref, `HEAD and '${spec}'`);
    return { base, side, head, baseDescription: `the merge base of HEAD and ${spec}` };
  }
  if (head === undefined) return { base: EMPTY_TREE, side, baseDescription: 'the empty tree (no commit yet)' };
  if (request.staged === true) {
    return { base: head, side, head, baseDescription: 'HEAD', hint: 'Nothing is staged: git add the files to review, or drop --staged to review the working tree.' };
  }

  const branch = await currentBranch(git);
  // A detached HEAD has no upstream (`@{upstream}` would fail): git is not asked.
  const upstream = branch === undefined ? undefined : await upstreamOf(git);
  // After `git push -u`, the upstream is the branch's own copy on the remote: its merge base is
  // the last push, which a pull request does not compare against. The default branch is then,
  // and without one there is no base: never the own copy, whose merge base hides every pushed commit.
  // An upstream of another name is the base whatever the remotes hold: they are not asked then.
  const ownName = upstream !== undefined && (await tracksItsOwnName(git, branch));
  if (upstream !== undefined && !ownName) return upstreamBase(git, head, upstream, side, what);
  const layout = await branchLayout(git);
  const defaultBranch = await remoteDefaultBranch(git, layout.remotes);
  const ownCopy = ownName && upstream !== defaultBranch;
  if (upstream !== undefined && !ownCopy) return upstreamBase(git, head, upstream, side, what);
  if (defaultBranch !== undefined) {
    const base = await mergeBase(git, head, defaultBranch, `HEAD and ${defaultBranch}`);
    const why = ownCopy ? `the remote's default branch; the upstream ${upstream} is this branch's own copy` : "the remote's default branch";
    return { base, side, head, baseDescription: `the merge base of HEAD and ${defaultBranch} (${why})`, hint: hintFor(base === head, defaultBranch, what) };
  }
  if (branch !== undefined && layout.remotes.length === 0 && layout.localBranches.every((name) => name === branch)) {
    // No other line of history exists for a pull request to target: the uncommitted work is the change.
    return {
      base: head,
      side,
      head,
      baseDescription: 'HEAD',
      ifNothing: onlyBranchNothing(branch),
    };
  }
  throw new NoBaseError(noBaseMessage({ branch, upstream: ownCopy ? upstream : undefined, layout }));
}

async function upstreamBase(git: GitRunner, head: string, upstream: string, side: ChangeSide, what: string): Promise<Comparison> {
  const base = await mergeBase(git, head, upstream, `HEAD and ${upstream}`);
  return { base, side, head, baseDescription: `the merge base of HEAD and ${upstream} (its upstream)`, hint: hintFor(base === head, upstream, what) };
}

function hintFor(baseIsHead: boolean, ref: string, what: string): string {
  return baseIsHead
    ? `HEAD is where this branch leaves ${ref}: nothing is committed on it beyond ${ref}, so only the changes in ${what} are reviewed. To compare with another branch, pass --base BRANCH.`
    : 'To compare with another branch, pass --base BRANCH.';
}

async function resolveRange(git: GitRunner, spec: string, staged: boolean): Promise<Comparison> {
  if (staged) throw new GitUsageError(`--staged compares the index with a base; the range '${spec}' names its own end. Use one or the other.`);
  const symmetric = spec.includes('...');
  const [left = '', right = ''] = spec.split(symmetric ? '...' : '..');
  if (left.includes('..') || right.includes('..')) throw unknownRevision(spec);
  const leftName = left === '' ? 'HEAD' : left;
  const rightName = right === '' ? 'HEAD' : right;
  const from = await commitOf(git, leftName);
  const to = await commitOf(git, rightName);
  if (from === undefined) throw unknownRevision(leftName, spec);
  if (to === undefined) throw unknownRevision(rightName, spec);
  const side: ChangeSide = { kind: 'commit', sha: to, name: rightName };
  if (!symmetric) return { base: from, side, head: to, baseDescription: leftName };
  const base = await mergeBase(git, from, to, `'${leftName}' and '${rightName}'`);
  return { base, side, head: to, baseDescription: `the merge base of ${leftName} and ${rightName}` };
}

function unknownRevision(name: string, range?: string): UnknownRevisionError {
  const within = range === undefined ? '' : ` in '${range}'`;
  return new UnknownRevisionError(
    `Unknown revision '${name}'${within} for --base: expected a commit such as HEAD, main or origin/main, or a range A...B or A..B.`,
  );
}

/**
 * The commit a revision names, or undefined. `--end-of-options` keeps a revision that starts with
 * `-` from being read as an option (`--base=--output=x` must not write a file).
 */
async function commitOf(git: GitRunner, revision: string): Promise<string | undefined> {
  try {
    const sha = (await git.text(['rev-parse', ...commitArgs(revision)])).trim();
    return sha === '' ? undefined : sha;
  } catch (error) {
    // rev-parse --verify --quiet fails without a word for a name that is no commit; anything
    // else (not a repository, no git) is an error of its own.
    if (error instanceof GitError && error.message.startsWith('git rev-parse failed')) return undefined;
    throw error;
  }
}

/** `rev-parse` arguments that print the commit `revision` names, or fail without a word. */
function commitArgs(revision: string): string[] {
  return ['--verify', '--quiet', '--end-of-options', `${revision}^{commit}`];
}

async function mergeBase(git: GitRunner, a: string, b: string, names: string): Promise<string> {
  try {
    return (await git.text(['merge-base', a, b])).trim();
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    throw new GitUsageError(`${names} have no common ancestor, so there is no branch point to review from: pass --base with a revision of the same history.`);
  }
}

/** The upstream of the current branch (`origin/feature`), or undefined (detached HEAD, none set). */
async function upstreamOf(git: GitRunner): Promise<string | undefined> {
  try {
    const name = (await git.text(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])).trim();
    return name === '' || (await commitOf(git, name)) === undefined ? undefined : name;
  } catch {
    return undefined;
  }
}

/** The branch HEAD is on, or undefined when it is detached. */
async function currentBranch(git: GitRunner): Promise<string | undefined> {
  try {
    const branch = (await git.text(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim();
    return branch === '' ? undefined : branch;
  } catch {
    return undefined;
  }
}

/** Whether the current branch's upstream is the branch of the same name (`feature` → `refs/heads/feature`). */
async function tracksItsOwnName(git: GitRunner, branch: string | undefined): Promise<boolean> {
  if (branch === undefined) return false;
  try {
    const merge = (await git.text(['config', '--get', `branch.${branch}.merge`])).trim();
    return merge === `refs/heads/${branch}`;
  } catch {
    return false;
  }
}

/** `origin/main` when `refs/remotes/origin/HEAD` points there; the first of `remotes` (`origin` first) that records one. */
async function remoteDefaultBranch(git: GitRunner, remotes: readonly string[]): Promise<string | undefined> {
  for (const remote of remotes) {
    try {
      const ref = (await git.text(['symbolic-ref', '--quiet', '--short', `refs/remotes/${remote}/HEAD`])).trim();
      if (ref !== '' && (await commitOf(git, ref)) !== undefined) return ref;
    } catch {
      // No default branch recorded for this remote: try the next.
    }
  }
  return undefined;
}
