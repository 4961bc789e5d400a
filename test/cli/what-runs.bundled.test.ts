/**
 * End to end, the bundled `review-gate` in a terminal: what reaches the review service is the
 * code that runs, as in the action.
 *
 * - A Git LFS pointer is reviewed as the content it points at when the repository holds that
 *   content (git-lfs keeps it in `.git/lfs/objects`, and the working tree after a checkout) under
 *   the pointer's SHA-256 and size; otherwise the file counts as not reviewed, saying to fetch it.
 * - A symbolic link is reviewed as its target in the repository, read from git or the working
 *   tree without following any link on disk.
 * - A script whose `#!` interpreter is unknown counts as not reviewed.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/publish/exit-status';
import { lfsPointer, storeLfsObject } from '../support/placeholders';
import { useBundledCli } from './bundled';

const cli = useBundledCli();

const EVAL_PY = 'import os\n\n\ndef load():\n    return eval(os.environ["PLUGIN"])\n';
const CLEAN_PY = 'def total(values):\n    return sum(values)\n';

interface Report {
  result: string;
  files: Array<{ path: string; status: string; reason?: string }>;
}

const sentCode = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => (JSON.parse(r.body ?? '{}') as { code: string }).code);
const fileOf = (report: Report, path: string) => report.files.find((f) => f.path === path);

/** main holds README.md; the feature branch is checked out, with `change` made on it. */
function onFeatureBranch(change: () => void): void {
  cli.repo.write('README.md', '# shop\n');
  cli.repo.commit('base');
  cli.repo.git('checkout', '-q', '-b', 'feature');
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

    const committed = await cli.reviewGate(['--format', 'json', 'main...feature']);
    const inWorkingTree = await cli.reviewGate(['--format', 'json', '--base', 'main']);

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
  it('is reviewed as its target in the repository, whether committed or only in the working tree', async () => {
    onFeatureBranch(() => {
      cli.repo.write('data/plugin.cfg', EVAL_PY);
      link('app/plugin.py', '../data/plugin.cfg');
      cli.repo.commit('plugin');
    });
    link('app/untracked.py', '../data/plugin.cfg');

    const run = await cli.reviewGate(['--format', 'json', '--base', 'main']);

    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as Report;
    expect(fileOf(report, 'app/plugin.py')?.status).toBe('reviewed');
    expect(fileOf(report, 'app/untracked.py')?.status).toBe('reviewed');
    // One content, one request, whichever names reach it.
    expect(sentCode()).toEqual([EVAL_PY]);
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
