/**
 * `npm run release -- X.Y.Z [--dry-run] [--push] [--remote origin]`: tags a release.
 *
 * It checks that the work tree is clean, that dist/ is what a fresh build gives, that
 * package.json says X.Y.Z, that CHANGELOG.md has a dated `## [X.Y.Z] - YYYY-MM-DD` section, and
 * that X.Y.Z is above every `v*` tag; then creates the annotated tag vX.Y.Z and moves the major
 * tag vX to the same commit. Then it writes the recipes' pinned reference (scripts/pins.ts): every
 * workflow of the README and docs/ and the GitLab job name that commit's SHA with `# vX.Y.Z`, in
 * one commit on top — a commit cannot hold its own SHA. With --push, it pushes both tags (vX with
 * --force, since it moves) and that commit.
 * --dry-run checks everything and prints the git commands instead of running them.
 * Exit status: 0 done (or would be), 1 a check failed, 2 bad usage.
 */
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pinsIn, withPins } from './pins';

export interface ReleaseOptions {
  /** Any folder of the repository to release. */
  cwd: string;
  /** Builds dist/ (default `npm run build`); a shell command. */
  buildCommand?: string;
  log?: (line: string) => void;
  /** Where a failed check or bad usage is told (default stderr). */
  error?: (line: string) => void;
}

class ReleaseCheckError extends Error {}
class UsageError extends Error {}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const USAGE = 'Usage: npm run release -- X.Y.Z [--dry-run] [--push] [--remote NAME]';

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, { cwd });
  // Only the line end: porcelain status lines start with a meaningful space.
  return stdout.replace(/\n+$/, '');
}

function shell(cwd: string, command: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const compare = (a: number[], b: number[]): number => (a[0]! - b[0]!) || (a[1]! - b[1]!) || (a[2]! - b[2]!);

function parseArgs(args: string[]): { version: string; dryRun: boolean; push: boolean; remote: string } {
  const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--remote');
  const unknown = args.filter((a) => a.startsWith('--') && !['--dry-run', '--push', '--remote'].includes(a));
  if (unknown.length > 0) throw new UsageError(`Unknown option '${unknown[0]}'. ${USAGE}`);
  if (positional.length !== 1) throw new UsageError(USAGE);
  const version = positional[0] ?? '';
  if (!VERSION.test(version)) throw new UsageError(`Invalid version '${version}'. Expected X.Y.Z, such as 0.2.0 (no leading v).`);
  const at = args.indexOf('--remote');
  const remote = at === -1 ? 'origin' : (args[at + 1] ?? '');
  if (remote === '' || remote.startsWith('-')) throw new UsageError(`--remote needs a remote's name. ${USAGE}`);
  return { version, dryRun: args.includes('--dry-run'), push: args.includes('--push'), remote };
}

/** The documents that pin review-gate: the README and the pages of docs/. */
async function pinningDocuments(root: string): Promise<string[]> {
  const pages = (await readdir(join(root, 'docs')).catch(() => [])).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`);
  return ['README.md', ...pages];
}

/** Each document whose pins change, with its new text: every reference at `commit`, labelled with the version. */
async function pinnedDocuments(root: string, commit: string, version: string): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  for (const file of await pinningDocuments(root)) {
    const text = await readFile(join(root, file), 'utf8').catch(() => '');
    const pinned = withPins(text, commit, `v${version}`);
    if (pinned !== text) changed.set(file, pinned);
  }
  return changed;
}

/** Every check of a release; the git commands that make it, in order. */
async function plan(root: string, version: string, options: ReleaseOptions, push: boolean, remote: string): Promise<string[][]> {
  const dirty = await git(root, ['status', '--porcelain', '--untracked-files=all']);
  if (dirty !== '') throw new ReleaseCheckError(`The work tree has changes that are not committed:\n${dirty}\nCommit or stash them, then release again.`);

  const built = await shell(root, options.buildCommand ?? 'npm run build');
  if (built.code !== 0) throw new ReleaseCheckError(`The build failed (exit ${built.code}):\n${built.output.trim()}`);
  const stale = await git(root, ['status', '--porcelain', '--untracked-files=all', '--', 'dist/']);
  if (stale !== '') throw new ReleaseCheckError(`dist/ differs from a fresh build:\n${stale}\nCommit the rebuilt dist/, then release again.`);

  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  if (pkg.version !== version) {
    throw new ReleaseCheckError(
      `package.json says version ${JSON.stringify(pkg.version)}, not "${version}": run \`npm version ${version} --no-git-tag-version\`, commit, then release again.`,
    );
  }
  const changelog = await readFile(join(root, 'CHANGELOG.md'), 'utf8').catch(() => '');
  const heading = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm');
  if (!heading.test(changelog)) {
    throw new ReleaseCheckError(`CHANGELOG.md has no section '## [${version}] - YYYY-MM-DD': move the [Unreleased] notes under it, commit, then release again.`);
  }

  const wanted = VERSION.exec(version)!.slice(1).map(Number);
  const released = (await git(root, ['tag', '--list', 'v*']))
    .split('\n')
    .map((tag) => ({ tag, parts: VERSION.exec(tag.slice(1))?.slice(1).map(Number) }))
    .filter((t): t is { tag: string; parts: number[] } => t.parts !== undefined);
  if (released.some((t) => t.tag === `v${version}`)) throw new ReleaseCheckError(`The tag v${version} exists already: a release tag never moves. Release a higher version.`);
  const newest = released.sort((a, b) => compare(b.parts, a.parts))[0];
  if (newest !== undefined && compare(wanted, newest.parts) < 0) {
    throw new ReleaseCheckError(`v${version} is below the newest release, ${newest.tag}. Release a higher version.`);
  }

  const readme = await readFile(join(root, 'README.md'), 'utf8').catch(() => '');
  if (pinsIn(readme).length === 0) {
    throw new ReleaseCheckError('README.md pins no commit of review-gate (uses: OWNER/review-gate@<SHA>): the release writes its SHA there. Restore the pinned workflow, then release again.');
  }

  const major = `v${wanted[0]}`;
  const commands = [
    ['tag', '--annotate', `v${version}`, '--message', `review-gate v${version}`, 'HEAD'],
    ['tag', '--force', '--annotate', major, '--message', `review-gate ${major}: v${version}`, 'HEAD'],
  ];
  if (push) commands.push(['push', remote, `refs/tags/v${version}`], ['push', '--force', remote, `refs/tags/${major}`]);
  return commands;
}

export async function release(args: string[], options: ReleaseOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line));
  const fail = options.error ?? ((line: string) => console.error(line));
  try {
    const { version, dryRun, push, remote } = parseArgs(args);
    const root = await git(options.cwd, ['rev-parse', '--show-toplevel']);
    const commands = await plan(root, version, options, push, remote);
    const commit = await git(root, ['rev-parse', 'HEAD']);
    log(`Release v${version} of commit ${commit}: the work tree is clean, dist/ is fresh, package.json and CHANGELOG.md say ${version}.`);
    const say = (command: string[]): void => log(`${dryRun ? 'would run' : 'running'}: git ${command.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`);
    const tags = commands.filter((c) => c[0] === 'tag');
    for (const command of tags) {
      say(command);
      if (!dryRun) await git(root, command);
    }
    // The recipes name the tagged commit, in a commit of their own on top of it.
    const pinned = await pinnedDocuments(root, commit, version);
    const files = [...pinned.keys()];
    log(`${dryRun ? 'would write' : 'writing'}: the pinned reference ${commit.slice(0, 12)} # v${version} in ${files.join(', ') || 'no document (already pinned)'}`);
    const pinCommit = ['commit', '--quiet', '--message', `Recipes pin v${version}: ${commit}`, '--', ...files];
    if (files.length > 0) {
      if (!dryRun) for (const [file, text] of pinned) await writeFile(join(root, file), text);
      say(pinCommit);
      if (!dryRun) await git(root, pinCommit);
    }
    const pushes = [...commands.filter((c) => c[0] === 'push'), ...(push && files.length > 0 ? [['push', remote, 'HEAD']] : [])];
    for (const command of pushes) {
      say(command);
      if (!dryRun) await git(root, command);
    }
    if (dryRun) log('Dry run: nothing was tagged, written or pushed.');
    else if (!push) log(`Tagged and pinned. Push with: git push ${remote} refs/tags/v${version} && git push --force ${remote} refs/tags/v${version.split('.')[0]} && git push ${remote} HEAD`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      fail(error.message);
      return 2;
    }
    fail(error instanceof ReleaseCheckError ? error.message : `Release failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await release(process.argv.slice(2), { cwd: process.cwd() });
}
