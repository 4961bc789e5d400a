/**
 * Which build of review-gate is running: its version, and the commit it was built from when that
 * can be known. The bundle cannot hold the SHA of the commit that holds it (dist/ is committed, and
 * checked against a fresh build), so the commit is found where the build was installed from: a
 * git clone, the file `npm run build` writes beside the bundle (shipped in a packed tarball), npm's
 * record of a git install, or the ref the Actions runner checked the action out at.
 */

export interface BuildIdentity {
  /** package.json's version. */
  version: string;
  /** The commit, 40 hex digits, when known. */
  commit?: string;
  /** A ref that is not a commit (the action used at a tag or branch, `OWNER/review-gate@v0`). */
  ref?: string;
  /** Whether the commit is the release tag `v<version>`; undefined when that cannot be told. */
  tagged?: boolean;
  /** The clone's files differ from the commit's. */
  modified?: boolean;
}

/** `0.1.0` for a release; `0.1.0 (untagged commit 1d925954f88c)`, `0.1.0 (commit unknown)`, … otherwise. */
export function describeBuild(build: BuildIdentity): string {
  const changes = build.modified === true ? ', with local changes' : '';
  if (build.commit !== undefined) {
    if (build.tagged === true && build.modified !== true) return build.version;
    const untagged = build.tagged === false ? 'untagged ' : '';
    return `${build.version} (${untagged}commit ${build.commit.slice(0, 12)}${changes})`;
  }
  if (build.ref !== undefined) return `${build.version} (${build.ref})`;
  return `${build.version} (commit unknown)`;
}

/** The action's build, from the ref the runner checked it out at: a pinned commit, or a tag or branch. */
export function actionBuild(version: string, checkedOut: { repository: string; ref: string } | undefined): BuildIdentity {
  if (checkedOut === undefined) return { version };
  return /^[0-9a-f]{40}$/.test(checkedOut.ref) ? { version, commit: checkedOut.ref } : { version, ref: `${checkedOut.repository}@${checkedOut.ref}` };
}
