/**
 * dist/build.json: the commit the bundles come from, whether it is the release tag `v<version>`
 * (left out in a shallow clone, which may lack the tags), and whether the work tree had changes.
 * git ignores the file — a committed bundle cannot name the commit that holds it, and dist/ is
 * checked against a fresh build — but the package ships it. `npm run build` ends with this, and
 * so does npm's `prepare`, which npm runs on `npm pack` and in the clone of an install from git
 * (`npm install git+https://…#<sha>`, as the GitLab recipe does): so a tarball and a git install
 * tell which commit they came from (src/cli/build-identity.ts reads it). Outside a git clone
 * nothing is written.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function buildInfo(root: string, version: string): { commit: string; tagged?: boolean; modified: boolean } | undefined {
  const commit = git(root, ['rev-parse', 'HEAD']);
  if (commit === undefined || !/^[0-9a-f]{40}$/.test(commit)) return undefined;
  const shallow = git(root, ['rev-parse', '--is-shallow-repository']) === 'true';
  const tagged = shallow ? undefined : (git(root, ['tag', '--points-at', 'HEAD', '--list', `v${version}`]) ?? '') !== '';
  // What the bundles are built from; dist/ itself is what is being written.
  const modified = (git(root, ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!dist']) ?? '') !== '';
  return { commit, ...(tagged === undefined ? {} : { tagged }), modified };
}

/** Writes `build.json` into `out` (a folder under `root`), or removes it outside a git clone. */
export function writeBuildInfo(root: string, out: string): void {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const info = buildInfo(root, version);
  const file = join(root, out, 'build.json');
  if (info === undefined) rmSync(file, { force: true });
  else writeFileSync(file, `${JSON.stringify(info)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) writeBuildInfo(join(import.meta.dirname, '..'), 'dist');
