/**
 * `npm run release`, on a temporary git repository with a bare "origin": what it refuses (with
 * what to do), what its dry run prints and leaves alone, and the tags a release makes and moves.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { release } from '../../scripts/release';
import { UNRELEASED_PIN, pinsIn } from '../../scripts/pins';
import { originCopy, repoTemplate } from '../support/repo-copies';
import type { TempRepo } from '../cli/bundled';

let copy: TempRepo;
let repo: string;
let origin: string;

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
/** The build the tests pass: a no-op, so dist/ stays as committed (fresh). Shell built-ins: no program to start. */
const FRESH_BUILD = 'exit 0';
const STALE_BUILD = 'echo rebuilt> dist/index.js';

/** A README and a recipe as the repository has them: pinned to the placeholder (the first release) or to a release. */
const README = [
  '```yaml', 'jobs:', '  review:', '    steps:', `      - uses: OWNER/review-gate@${UNRELEASED_PIN.sha}  # ${UNRELEASED_PIN.label}`, '```',
  '```yaml', 'review-gate:', '  script:', `    - npm install --global "git+https://github.com/OWNER/review-gate.git#${UNRELEASED_PIN.sha}"  # ${UNRELEASED_PIN.label}`, '```', '',
].join('\n');
const RECIPE = ['Pinned by `uses: OWNER/review-gate@<SHA>`:', '```yaml', '      - uses: OWNER/review-gate@v0', '```', ''].join('\n');

const pinsOf = (file: string) => pinsIn(readFileSync(join(repo, file), 'utf8')).map((p) => [p.ref, p.label]);

function commitRelease(version: string, at = repo): void {
  writeFileSync(join(at, 'package.json'), `${JSON.stringify({ name: 'review-gate', version }, null, 2)}\n`);
  writeFileSync(join(at, 'CHANGELOG.md'), `# Changelog\n\n## [Unreleased]\n\n## [${version}] - 2026-11-23\n\n- things\n`);
  git(at, 'add', '.');
  git(at, 'commit', '-q', '-m', `Release ${version}`);
}

async function run(args: string[], buildCommand = FRESH_BUILD): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await release(args, { cwd: repo, buildCommand, log: (l) => out.push(l), error: (l) => err.push(l) });
  return { code, out, err };
}

/** Released 0.1.0 (tags v0.1.0 and v0), then 0.2.0 committed; an empty bare origin. Built once, copied for each test. */
const released = repoTemplate(
  'review-gate-release-',
  ({ dir }) => {
    const bare = mkdtempSync(join(tmpdir(), 'review-gate-release-origin-'));
    git(bare, 'init', '-q', '--bare');
    // What `git config` and `git remote add` would write, a process each. No maintenance run after
    // each commit and push (the release's own too): a process of its own that finds nothing to do.
    appendFileSync(
      join(dir, '.git/config'),
      '[user]\n\tname = Test\n\temail = test@example.invalid\n[commit]\n\tgpgsign = false\n[tag]\n\tgpgsign = false\n[maintenance]\n\tauto = false\n' +
        `[remote "origin"]\n\turl = ${bare}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`,
    );
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/index.js'), 'bundle');
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'README.md'), README);
    writeFileSync(join(dir, 'docs/recipes.md'), RECIPE);
    commitRelease('0.1.0', dir);
    git(dir, 'tag', '-a', 'v0.1.0', '-m', 'v0.1.0');
    git(dir, 'tag', '-a', 'v0', '-m', 'v0');
    commitRelease('0.2.0', dir);
    return { origin: bare };
  },
  ({ origin: bare }) => rmSync(bare, { recursive: true, force: true }),
);
afterAll(() => released.remove());

beforeEach(() => {
  const { r, built } = released.copy();
  copy = r;
  repo = r.dir;
  origin = originCopy(r, built.origin);
});

afterEach(() => {
  copy.remove();
  rmSync(origin, { recursive: true, force: true });
});

const tagCommit = (cwd: string, tag: string): string => git(cwd, 'rev-parse', `${tag}^{commit}`);

describe('npm run release', () => {
  it('prints the commands of a dry run and tags nothing', async () => {
    const head = git(repo, 'rev-parse', 'HEAD');
    const { code, out, err } = await run(['0.2.0', '--dry-run', '--push']);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual([
      `Release v0.2.0 of commit ${head}: the work tree is clean, dist/ is fresh, package.json and CHANGELOG.md say 0.2.0.`,
      "would run: git tag --annotate v0.2.0 --message 'review-gate v0.2.0' HEAD",
      "would run: git tag --force --annotate v0 --message 'review-gate v0: v0.2.0' HEAD",
      `would write: the pinned reference ${head.slice(0, 12)} # v0.2.0 in README.md, docs/recipes.md`,
      `would run: git commit --quiet --message 'Recipes pin v0.2.0: ${head}' -- README.md docs/recipes.md`,
      'would run: git push origin refs/tags/v0.2.0',
      'would run: git push --force origin refs/tags/v0',
      'would run: git push origin HEAD',
      'Dry run: nothing was tagged, written or pushed.',
    ]);
    expect(git(repo, 'tag', '--list')).toBe('v0\nv0.1.0');
    expect(tagCommit(repo, 'v0')).not.toBe(head);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(pinsOf('README.md').map(([ref]) => ref)).toEqual([UNRELEASED_PIN.sha, UNRELEASED_PIN.sha]);
  });

  it('writes the released commit and its version into every pin of the README and docs/, in a commit of its own on top, and pushes it', async () => {
    const branch = git(repo, 'rev-parse', '--abbrev-ref', 'HEAD');
    git(repo, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
    const head = git(repo, 'rev-parse', 'HEAD');
    const { code, err } = await run(['0.2.0', '--push']);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(pinsOf('README.md')).toEqual([[head, 'v0.2.0'], [head, 'v0.2.0']]);
    expect(pinsOf('docs/recipes.md')).toEqual([[head, 'v0.2.0']]);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toContain(`review-gate.git#${head}"  # v0.2.0`);
    expect(git(repo, 'rev-parse', 'HEAD~1')).toBe(head);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe(`Recipes pin v0.2.0: ${head}`);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(git(origin, 'log', '-1', '--format=%s', branch)).toBe(`Recipes pin v0.2.0: ${head}`);
  });

  it('refuses a README that pins no commit: the release would have nothing to write', async () => {
    writeFileSync(join(repo, 'README.md'), '# review-gate\n');
    git(repo, 'commit', '-q', '-am', 'no pin');
    const { code, err } = await run(['0.2.0', '--dry-run']);
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/^README\.md pins no commit of review-gate/);
  });

  it('tags vX.Y.Z, moves vX to it and pushes both', async () => {
    git(repo, 'push', '-q', 'origin', 'HEAD:refs/heads/main', 'refs/tags/v0', 'refs/tags/v0.1.0');
    const head = git(repo, 'rev-parse', 'HEAD');
    const { code, err } = await run(['0.2.0', '--push']);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(tagCommit(repo, 'v0.2.0')).toBe(head);
    expect(tagCommit(repo, 'v0')).toBe(head);
    expect(tagCommit(origin, 'v0.2.0')).toBe(head);
    expect(tagCommit(origin, 'v0')).toBe(head);
    expect(tagCommit(origin, 'v0.1.0')).not.toBe(head);
  });

  it('starts a new major tag on X.0.0 and leaves the old one', async () => {
    commitRelease('1.0.0');
    const v0 = tagCommit(repo, 'v0');
    const released = git(repo, 'rev-parse', 'HEAD');
    expect((await run(['1.0.0'])).code).toBe(0);
    expect(tagCommit(repo, 'v1')).toBe(released);
    expect(tagCommit(repo, 'v0')).toBe(v0);
  });

  it.each([
    ['a work tree with changes', () => writeFileSync(join(repo, 'notes.txt'), 'x'), ['0.2.0'], /^The work tree has changes that are not committed:\n\?\? notes\.txt\nCommit or stash them/],
    ['a version package.json does not say', () => undefined, ['0.3.0'], /^package\.json says version "0\.2\.0", not "0\.3\.0": run `npm version 0\.3\.0 --no-git-tag-version`/],
    ['a changelog without a dated section', () => {
      writeFileSync(join(repo, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n');
      git(repo, 'commit', '-q', '-am', 'changelog');
    }, ['0.2.0'], /^CHANGELOG\.md has no section '## \[0\.2\.0\] - YYYY-MM-DD'/],
  ])('refuses %s, saying what to do, and tags nothing', async (_name, arrange, args, message) => {
    arrange();
    const { code, err } = await run(args);
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(message);
    expect(git(repo, 'tag', '--list')).toBe('v0\nv0.1.0');
  });

  it('refuses a stale dist/ and a version that is not above the newest release', async () => {
    const stale = await run(['0.2.0', '--dry-run'], STALE_BUILD);
    expect(stale.code).toBe(1);
    expect(stale.err.join('\n')).toBe('dist/ differs from a fresh build:\n M dist/index.js\nCommit the rebuilt dist/, then release again.');
    git(repo, 'checkout', '--', 'dist/');

    git(repo, 'tag', '-a', 'v0.2.0', '-m', 'v0.2.0');
    const again = await run(['0.2.0']);
    expect(again.err).toEqual(['The tag v0.2.0 exists already: a release tag never moves. Release a higher version.']);

    git(repo, 'tag', '-a', 'v0.9.0', '-m', 'v0.9.0');
    commitRelease('0.3.0');
    const lower = await run(['0.3.0']);
    expect(lower.err).toEqual(['v0.3.0 is below the newest release, v0.9.0. Release a higher version.']);
  });

  it('answers bad usage with exit 2 and the usage line', async () => {
    expect(await run(['v0.2.0'])).toMatchObject({ code: 2, err: ['Invalid version \'v0.2.0\'. Expected X.Y.Z, such as 0.2.0 (no leading v).'] });
    expect(await run([])).toMatchObject({ code: 2, err: ['Usage: npm run release -- X.Y.Z [--dry-run] [--push] [--remote NAME]'] });
    expect((await run(['0.2.0', '--force'])).err).toEqual(["Unknown option '--force'. Usage: npm run release -- X.Y.Z [--dry-run] [--push] [--remote NAME]"]);
  });
});
