/**
 * End to end, `review-gate` (in-process): what reaches the review service is the
 * code that runs, as in the action.
 *
 * - A Git LFS pointer is reviewed as the content it points at when the repository holds that
 *   content (git-lfs keeps it in `.git/lfs/objects`, and the working tree after a checkout) under
 *   the pointer's SHA-256 and size; otherwise the file counts as not reviewed, saying to fetch it.
 * - A symbolic link is reviewed as its target in the repository, in the target's language, read
 *   from git or the working tree without following any link on disk; a target of a type no
 *   review reads counts as not reviewed.
 * - A script whose `#!` interpreter is unknown counts as not reviewed.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { lfsPointer, storeLfsObject } from '../support/placeholders';
import { useCli } from './in-process';
import { repoTemplate } from '../support/repo-copies';

const cli = useCli();

const EVAL_PY = 'import os\n\n\ndef load():\n    return eval(os.environ["PLUGIN"])\n';
const CLEAN_PY = 'def total(values):\n    return sum(values)\n';
const EVAL_JS = 'export function run(input) {\n  return eval(input);\n}\n';

interface Report {
  result: string;
  files: Array<{ path: string; status: string; reason?: string }>;
}

const sentCode = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => (JSON.parse(r.body ?? '{}') as { code: string }).code);
const sent = () =>
  cli.simulator.requests
    .filter((r) => r.path === '/v1/agent/review')
    .map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string })
    .map((b) => `${b.language}: ${b.code}`);
const fileOf = (report: Report, path: string) => report.files.find((f) => f.path === path);

/** main holds README.md; the feature branch checked out. Built once, copied into each test's repository. */
const featureBranch = repoTemplate('review-gate-cli-', (r) => {
  r.write('README.md', '# shop\n');
  r.commit('base');
  r.git('checkout', '-q', '-b', 'feature');
});
afterAll(() => featureBranch.remove());

/** main holds README.md; the feature branch is checked out, with `change` made on it. */
function onFeatureBranch(change: () => void): void {
  featureBranch.into(cli.repo);
  change();
}

function link(path: string, target: string): void {
  mkdirSync(dirname(join(cli.repo.dir, path)), { recursive: true });
  symlinkSync(target, join(cli.repo.dir, path));
}

describe('a Git LFS pointer in the terminal', () => {
  it('is reviewed as the content git-lfs keeps for it, committed or in the working tree, and not reviewed without it', async () => {
    const other = EVAL_PY.replace('PLUGIN', 'OTHER');
    onFeatureBranch(() => {
      cli.repo.write('models/loader.py', lfsPointer(EVAL_PY));
      cli.repo.write('models/absent.py', lfsPointer(other));
      cli.repo.commit('models');
    });
    storeLfsObject(join(cli.repo.dir, '.git'), EVAL_PY);

    // One review a content: injection-check's blanked second reviews are its own tests'.
    const committed = await cli.reviewGate(['--format', 'json', '--injection-check', 'off', 'main...feature']);
    const inWorkingTree = await cli.reviewGate(['--format', 'json', '--injection-check', 'off', '--base', 'main']);

    for (const run of [committed, inWorkingTree]) {
      expect(run.code).toBe(EXIT.failed);
      const report = JSON.parse(run.out) as Report;
      expect(fileOf(report, 'models/loader.py')?.status).toBe('reviewed');
      expect(fileOf(report, 'models/absent.py')?.status).toBe('failed');
      expect(fileOf(report, 'models/absent.py')?.reason).toMatch(/stored in Git LFS .* git lfs pull/);
    }
    expect(sentCode()).toEqual([EVAL_PY, EVAL_PY]);
  });
});

describe('a symbolic link in the terminal', () => {
  it('is reviewed as its target in the repository, in the target\'s language, committed or only in the working tree', async () => {
    onFeatureBranch(() => {
      cli.repo.write('data/plugin.py', EVAL_PY);
      cli.repo.write('data/plugin.cfg', EVAL_PY);
      cli.repo.write('web/widget.js', EVAL_JS);
      link('app/plugin.py', '../data/plugin.py');
      link('app/widget.py', '../web/widget.js');
      link('app/config.py', '../data/plugin.cfg');
      cli.repo.commit('plugin');
    });
    link('app/untracked.py', '../data/plugin.py');

    const run = await cli.reviewGate(['--format', 'json', '--injection-check', 'off', '--base', 'main']);

    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as Report;
    for (const path of ['app/plugin.py', 'app/untracked.py', 'app/widget.py']) expect(fileOf(report, path)?.status).toBe('reviewed');
    // Python runs the .cfg through app/config.py, but no review reads a .cfg: the link counts against the change.
    expect(fileOf(report, 'app/config.py')).toMatchObject({
      path: 'app/config.py',
      status: 'failed',
      reason:
        'not reviewed: it is a symbolic link to data/plugin.cfg, whose code runs as Python through app/config.py, but a .cfg file is not a type review-gate reviews; ' +
        'give the target the extension of its language (.py) to have it reviewed, or list app/config.py in exclude to skip the link on purpose',
    });
    // One request per content, in its target's language, whichever names reach it.
    expect(sent().sort()).toEqual([`javascript: ${EVAL_JS}`, `python: ${EVAL_PY}`]);
  });
});

describe('an unknown #! interpreter in the terminal', () => {
  it('counts the script as not reviewed, so the gate fails instead of passing', async () => {
    onFeatureBranch(() => {
      cli.repo.write('src/ok.py', CLEAN_PY);
      cli.repo.write('bin/job', `#!/usr/bin/env python3.14t-custom\n${EVAL_PY}`);
    });

    const run = await cli.reviewGate(['--format', 'json', '--base', 'main']);

    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as Report;
    expect(fileOf(report, 'bin/job')?.status).toBe('failed');
    expect(fileOf(report, 'bin/job')?.reason).toContain('python3.14t-custom');
  });
});
