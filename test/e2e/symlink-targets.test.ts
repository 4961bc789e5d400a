/**
 * End to end, the action on symbolic links, through the GitHub API and from a
 * checkout: a link is judged by its target. What runs when `app/plugin.py` is imported is the file
 * it points at, whatever that file's name, so the target's content is what the service reviews,
 * in the target's language: by the target's extension, or its `#!` line when it has none, as any
 * file is classified. A link whose target is of a type review-gate does not review, while the
 * link's name runs it as a language it does, counts as not reviewed, as does a link whose target
 * is a folder, is missing, lies outside the repository or leads back to itself. A content reached
 * by several names is reviewed once.
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
import { useAction } from './harness';

/** What content each path is reviewed as: one review a file (injection-check's blanked second reviews are its own tests'). */
const ONE_REVIEW = { 'injection-check': 'off' };

const { demo, servers, runAgainst } = useAction();

const evalPy = (name: string) => `import os\n\n\ndef load():\n    return eval(os.environ["${name}"])\n`;
const PLUGIN_CFG = evalPy('PLUGIN');
const LEGACY_PY = evalPy('LEGACY');
const UTIL_PY = 'def total(values):\n    return sum(values)\n';
const WIDGET_JS = 'export function run(input) {\n  return eval(input);\n}\n';
const RUNNER = '#!/usr/bin/env node\nconst total = (values) => values.reduce((a, b) => a + b, 0);\nmodule.exports = { total };\n';

/** The files the pull request adds besides its links. */
const CHANGED: Record<string, string> = { 'data/plugin.cfg': PLUGIN_CFG, 'lib/util.py': UTIL_PY, 'web/widget.js': WIDGET_JS, 'bin/runner': RUNNER };
/** What the base already holds. */
const BASE: Record<string, string> = { 'README.md': '# shop\n', 'data/legacy.py': LEGACY_PY };

/** Every link the pull request adds: its path and its target, as git stores it. */
const LINKS: Array<[string, string]> = [
  ['app/plugin.py', '../data/plugin.cfg'],
  ['app/relay.py', 'plugin.py'],
  ['app/legacy.py', '../data/legacy.py'],
  ['app/chain.py', 'legacy.py'],
  ['lib/alias.py', 'util.py'],
  ['bin/tool', '../lib/util.py'],
  ['app/widget.py', '../web/widget.js'],
  ['app/runner.py', '../bin/runner'],
  ['app/folder.py', '../data'],
  ['app/outside.py', '../../outside.py'],
  ['app/absolute.py', '/etc/hostname'],
  ['app/dangling.py', 'missing.py'],
  ['app/loop.py', '../lib/loop.py'],
  ['lib/loop.py', '../app/loop.py'],
];
/** Links that cannot be judged by a target in the repository, and what their reason says. */
const NOT_REVIEWED: Array<[string, RegExp]> = [
  ['app/plugin.py', /not reviewed: it is a symbolic link to data\/plugin\.cfg, whose code runs as Python through app\/plugin\.py, but a \.cfg file is not a type review-gate reviews; .*extension.*exclude/],
  ['app/relay.py', /not reviewed: it is a symbolic link to data\/plugin\.cfg, whose code runs as Python through app\/relay\.py, but a \.cfg file/],
  ['app/folder.py', /not reviewed: it is a symbolic link to data, a folder/],
  ['app/outside.py', /not reviewed: it is a symbolic link to \.\.\/\.\.\/outside\.py, outside the repository/],
  ['app/absolute.py', /not reviewed: it is a symbolic link to \/etc\/hostname, outside the repository/],
  ['app/dangling.py', /not reviewed: it is a symbolic link to app\/missing\.py, which is no file at the head commit/],
  ['app/loop.py', /not reviewed: it is a symbolic link that loops: app\/loop\.py → lib\/loop\.py → app\/loop\.py/],
  ['lib/loop.py', /not reviewed: it is a symbolic link that loops: lib\/loop\.py → app\/loop\.py → lib\/loop\.py/],
];

const sent = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string });

function expectJudgedByTargets(result: Awaited<ReturnType<typeof runAgainst>>, simulator: RunningSimulator): void {
  // Each content once, in its target's language, whatever the names that reach it.
  expect(sent(simulator).map((b) => `${b.language}: ${b.code}`).sort()).toEqual(
    [`python: ${LEGACY_PY}`, `python: ${UTIL_PY}`, `javascript: ${WIDGET_JS}`, `javascript: ${RUNNER}`].sort(),
  );
  expect(result.exitCode).toBe(1);
  // Reviewed: lib/util.py, web/widget.js, bin/runner and the links app/legacy.py, app/chain.py, lib/alias.py, bin/tool, app/widget.py, app/runner.py.
  expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '9', 'files-failed': String(NOT_REVIEWED.length), 'files-skipped': '1' });
  // The eval() behind each link counts: app/legacy.py and app/chain.py (Python), web/widget.js and app/widget.py (JavaScript).
  expect(Number(result.outputs.errors)).toBe(4);
  for (const path of ['app/legacy.py', 'app/chain.py', 'app/widget.py']) expect(result.stepSummary).toContain(path);
  for (const [path, reason] of NOT_REVIEWED) {
    expect(result.stdout.split('\n').find((l) => l.includes(`✗ ${path}: `)) ?? '').toMatch(reason);
    expect(result.stepSummary).toContain(path);
  }
  expect(result.stdout).toContain('– data/plugin.cfg: skipped, language not supported by the review service');
}

describe('a symbolic link through the GitHub API', () => {
  it('is reviewed as its target in the repository, in the target\'s language, and counts as not reviewed when it cannot be', async () => {
    const link = ([path, target]: [string, string]): FixtureFile => ({ ...added(path, target), mode: '120000' });
    const fixture: PullRequestFixture = {
      ...demo,
      files: [...Object.entries(CHANGED).map(([path, content]) => added(path, content)), ...LINKS.map(link)],
      tree: BASE,
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
      base: BASE,
      change: ({ dir, write }) => {
        write(CHANGED);
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
