/**
 * The build the terminal command runs (domain/build.ts), from where its package sits:
 *
 * 1. a git clone (a `.git` at the package's root, not a repository around it): its HEAD, whether
 *    HEAD is the tag `v<version>`, and whether the clone has changes;
 * 2. `dist/build.json`, which `npm run build` and npm's `prepare` write (scripts/build-info.ts) and
 *    git ignores: a packed tarball, and an install from git (npm runs `prepare` in its clone),
 *    name the commit they came from;
 * 3. else the version alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildIdentity } from '../domain/build';
import { gitEnvironment } from '../config/environment';
import { NO_PROGRAM_ARGS, noProgramEnv } from '../collect/git/no-programs';

const SHA = /^[0-9a-f]{40}$/;

function git(root: string, args: string[], env: NodeJS.ProcessEnv): string | undefined {
  try {
    return execFileSync('git', [...NO_PROGRAM_ARGS, '-C', root, ...args], { encoding: 'utf8', env: noProgramEnv(gitEnvironment(env)), stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).trim();
  } catch {
    return undefined;
  }
}

function fromClone(root: string, version: string, env: NodeJS.ProcessEnv): BuildIdentity | undefined {
  if (!existsSync(join(root, '.git'))) return undefined;
  const commit = git(root, ['rev-parse', 'HEAD'], env);
  if (commit === undefined || !SHA.test(commit)) return undefined;
  const tagged = (git(root, ['tag', '--points-at', 'HEAD', '--list', `v${version}`], env) ?? '') !== '';
  const modified = (git(root, ['status', '--porcelain', '--untracked-files=no'], env) ?? '') !== '';
  return { version, commit, tagged, modified };
}

function fromBuildFile(root: string, version: string): BuildIdentity | undefined {
  try {
    const info = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8')) as { commit?: unknown; tagged?: unknown; modified?: unknown };
    if (typeof info.commit !== 'string' || !SHA.test(info.commit)) return undefined;
    return { version, commit: info.commit, ...(typeof info.tagged === 'boolean' ? { tagged: info.tagged } : {}), modified: info.modified === true };
  } catch {
    return undefined;
  }
}

/**
 * The build at `root`, the package's folder (the one holding dist/); the version alone when nothing
 * tells more. `env`: the command's environment, whose PATH and HOME git runs with.
 */
export function identifyBuild(root: string | undefined, version: string, env: NodeJS.ProcessEnv): BuildIdentity {
  if (root === undefined) return { version };
  return fromClone(root, version, env) ?? fromBuildFile(root, version) ?? { version };
}

const ownBuilds = new Map<string, BuildIdentity>();

/**
 * `identifyBuild` for the package this process runs from, asked once per process, at its first
 * use (with that call's `env`): the code the process runs does not change with a later commit or
 * edit in that folder. A terminal command asks at most once anyway; a process that runs the
 * command many times (the tests' in-process runs) would otherwise start three git processes for
 * every JSON report.
 */
export function identifyOwnBuild(root: string | undefined, version: string, env: NodeJS.ProcessEnv): BuildIdentity {
  if (root === undefined) return { version };
  const key = `${version}\0${root}`;
  const known = ownBuilds.get(key);
  if (known !== undefined) return known;
  const build = identifyBuild(root, version, env);
  ownBuilds.set(key, build);
  return build;
}
