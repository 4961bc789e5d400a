/**
 * End to end, the bundled dist/index.js on symbolic links, through the GitHub API and from a
 * checkout: a link is judged by its target. What runs when `app/plugin.py` is imported is the file
 * it points at, whatever that file's name, so the target's content is what the service reviews:
 * as the language of the link's name (the name it runs under), or of the target's when the link's
 * name has none. A link whose target is a folder, is missing, or lies outside the repository
 * counts as not reviewed. A content reached by several names is reviewed once.
 */
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { added } from '../support/fixture-files';
import type { FixtureFile } from '../support/fixture-files';
import { buildPullRequestRepo } from '../support/git-pull-request';
import type { PullRequestRepo } from '../support/git-pull-request';
import { runAgainst, useBundledAction } from './harness';

/** What content each path is reviewed as: one review a file (injection-check's blanked second reviews are its own tests'). */
const ONE_REVIEW = { 'injection-check': 'off' };

const { demo, servers } = useBundledAction();

const evalPy = (name: string) => `import os\n\n\ndef load():\n    return eval(os.environ["${name}"])\n`;
const PLUGIN_CFG = evalPy('PLUGIN');
const LEGACY_CFG = evalPy('LEGACY');
const UTIL_PY = 'def total(values):\n    return sum(values)\n';

/** Every link the pull request adds: its path and its target, as git stores it. */
const LINKS: Array<[string, string]> = [
  ['app/plugin.py', '../data/plugin.cfg'],
  ['app/legacy.py', '../data/legacy.cfg'],
  ['app/chain.py', 'plugin.py'],
  ['lib/alias.py', 'util.py'],
  ['bin/tool', '../lib/util.py'],
  ['app/folder.py', '../data'],
  ['app/outside.py', '../../outside.py'],
  ['app/absolute.py', '/etc/hostname'],
  ['app/dangling.py', 'missing.py'],
];
/** Links that cannot be judged by a target in the repository, and what their reason says. */
const NOT_REVIEWED: Array<[string, RegExp]> = [
  ['app/folder.py', /not reviewed: it is a symbolic link to data, a folder/],
  ['app/outside.py', /not reviewed: it is a symbolic link to \.\.\/\.\.\/outside\.py, outside the repository/],
  ['app/absolute.py', /not reviewed: it is a symbolic link to \/etc\/hostname, outside the repository/],
  ['app/dangling.py', /not reviewed: it is a symbolic link to app\/missing\.py, which is no file at the head commit/],
];

const sent = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string });

function expectJudgedByTargets(result: Awaited<ReturnType<typeof runAgainst>>, simulator: RunningSimulator): void {
  // Each content once, whatever the names that reach it: the cfg behind two links, util.py behind three names.
  expect(sent(simulator).map((b) => `${b.language}: ${b.code}`).sort()).toEqual([LEGACY_CFG, PLUGIN_CFG, UTIL_PY].map((code) => `python: ${code}`).sort());
  expect(result.exitCode).toBe(1);
  expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '6', 'files-failed': String(NOT_REVIEWED.length), 'files-skipped': '1' });
  // The eval() behind each link counts: the link's own diff is one line, its target's lines are all new code under its name.
  expect(Number(result.outputs.errors)).toBe(3);
  for (const path of ['app/plugin.py', 'app/legacy.py', 'app/chain.py']) expect(result.stepSummary).toContain(path);
  for (const [path, reason] of NOT_REVIEWED) {
    expect(result.stdout.split('\n').find((l) => l.includes(`✗ ${path}: `)) ?? '').toMatch(reason);
  }
  expect(result.stdout).toContain('– data/plugin.cfg: skipped, language not supported by the review service');
}

describe('a symbolic link through the GitHub API', () => {
  it('is reviewed as its target in the repository, and counts as not reviewed when it has none', async () => {
    const link = ([path, target]: [string, string]): FixtureFile => ({ ...added(path, target), mode: '120000' });
    const fixture: PullRequestFixture = {
      ...demo,
      files: [added('data/plugin.cfg', PLUGIN_CFG), added('lib/util.py', UTIL_PY), ...LINKS.map(link)],
      tree: { 'README.md': '# shop\n', 'data/legacy.cfg': LEGACY_CFG },
    };
    const { simulator, github } = await servers({ fixture });

    const result = await runAgainst(simulator, github, fixture, ONE_REVIEW);

    expectJudgedByTargets(result, simulator);
  });
});

describe('a symbolic link in a checkout of the pull request', () => {
  let pull: PullRequestRepo;
  beforeAll(() => {
    pull = buildPullRequestRepo({
      prefix: 'review-gate-links-',
      base: { 'README.md': '# shop\n', 'data/legacy.cfg': LEGACY_CFG },
      change: ({ dir, write }) => {
        write({ 'data/plugin.cfg': PLUGIN_CFG, 'lib/util.py': UTIL_PY });
        for (const [path, target] of LINKS) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          symlinkSync(target, join(dir, path));
        }
      },
      mainMovesOn: { 'NOTES.md': 'main moves on\n' },
    });
  });
  afterAll(() => rmSync(pull.repo, { recursive: true, force: true }));

  it('is judged the same way from git\'s objects, never through the working tree', async () => {
    const fixture: PullRequestFixture = { ...demo, headSha: pull.head, baseSha: pull.base, files: [] };
    const { simulator, github } = await servers({ fixture });

    const result = await runAgainst(simulator, github, fixture, ONE_REVIEW, { env: { GITHUB_WORKSPACE: pull.repo } });

    expect(result.stdout).toMatch(/Changed files, patches and contents: from the checkout/);
    expectJudgedByTargets(result, simulator);
  });
});
