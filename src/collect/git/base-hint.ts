/**
 * When no base can be found for a review without `--base` (git/base.ts), the run stops with
 * exit status 2 rather than compare with the wrong commit, and says what to pass instead. The
 * advice is computed from the repository it runs in: the branches it has, a remote whose default
 * branch is not recorded (`git remote add` records none; `git clone` does), or no remote at all,
 * so it never names `origin` where there is none.
 */
import type { GitRunner } from './run';
import { GitUsageError } from './run';

/** No base to compare with could be found: a usage error, naming what to pass. */
export class NoBaseError extends GitUsageError {
  override readonly name = 'NoBaseError';
}

export interface BranchLayout {
  /** The remotes, `origin` first. */
  remotes: string[];
  /** Local branch names. */
  localBranches: string[];
  /** Remote-tracking branches (`origin/main`), without the `HEAD` entries. */
  remoteBranches: string[];
}

export async function branchLayout(git: GitRunner): Promise<BranchLayout> {
  const remotes = (await git.text(['remote'])).split('\n').map((r) => r.trim()).filter((r) => r !== '');
  const refs = (await git.text(['for-each-ref', '--format=%(refname)', 'refs/heads/', 'refs/remotes/'])).split('\n').filter((r) => r !== '');
  const strip = (prefix: string) => refs.filter((ref) => ref.startsWith(prefix)).map((ref) => ref.slice(prefix.length));
  return {
    remotes: remotes.includes('origin') ? ['origin', ...remotes.filter((r) => r !== 'origin')] : remotes,
    localBranches: strip('refs/heads/'),
    remoteBranches: strip('refs/remotes/').filter((name) => !name.endsWith('/HEAD')),
  };
}

/** Names a default branch usually has, in the order one is suggested. */
const USUAL_DEFAULTS = ['main', 'master', 'trunk', 'develop'];

/** The branch to suggest among `names`: a usual default's name first, else the first. */
function suggestion(names: readonly string[], nameOf: (name: string) => string): string | undefined {
  return names.find((name) => USUAL_DEFAULTS.includes(nameOf(name))) ?? names[0];
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown} and ${names.length - 8} more` : shown;
}

/**
 * Why there is no base, and what to pass. `upstream` is set when the branch's upstream was passed
 * over as its own copy on the remote.
 */
export function noBaseMessage(situation: { branch: string | undefined; upstream: string | undefined; layout: BranchLayout }): string {
  const { branch, upstream, layout } = situation;
  const why =
    branch === undefined
      ? 'HEAD is detached, so it has no upstream branch'
      : upstream !== undefined
        ? `the upstream of ${branch}, ${upstream}, is this branch's own copy on the remote, which a pull request does not compare with`
        : `${branch} has no upstream branch`;
  const remote = layout.remotes[0];
  if (remote === undefined) {
    const others = layout.localBranches.filter((name) => name !== branch);
    const pick = suggestion(others, (name) => name);
    const advice =
      pick === undefined
        ? 'Pass --base with the commit the work starts from (e.g. --base HEAD~1), or --base HEAD to review the uncommitted changes only.'
        : `Pass --base with that branch, e.g. --base ${pick} (local branches: ${listed(layout.localBranches)}).`;
    return `No base to compare with: ${why}, and the repository has no remote, so nothing says which branch this work would be merged into. ${advice}`;
  }
  const own = `${remote}/`;
  const ofRemote = layout.remoteBranches.filter((name) => name.startsWith(own) && name !== upstream);
  const pick = suggestion(ofRemote, (name) => name.slice(own.length));
  const base =
    pick === undefined
      ? `or fetch ${remote} and pass --base ${remote}/BRANCH with the branch this work would be merged into`
      : `or pass --base ${pick} (branches of ${remote}: ${listed(layout.remoteBranches.filter((name) => name.startsWith(own)))})`;
  return (
    `No base to compare with: ${why}, and ${remote} has no default branch recorded (refs/remotes/${remote}/HEAD: git clone records it, git remote add does not). ` +
    `Record it with \`git remote set-head ${remote} --auto\` (which asks ${remote}), ${base}.`
  );
}

/** What stops a run whose only base is HEAD, on the repository's only branch, when nothing is uncommitted. */
export function onlyBranchNothing(branch: string): string {
  return (
    `Nothing to compare: ${branch} is the repository's only branch and it has no remote, so only uncommitted changes can be reviewed against HEAD, and there are none. ` +
    'To review committed work, pass --base with the commit it starts from (e.g. --base HEAD~1).'
  );
}
