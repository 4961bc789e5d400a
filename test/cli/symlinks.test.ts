/**
 * End to end: `review-gate` (in-process) on a repository whose change holds symlinks to a secret
 * outside it (`settings.py -> ~/.aws/credentials`). Whatever side is compared — the working tree,
 * the index, a commit — and whether the link is committed, staged or untracked, the link is judged
 * by its target, which lies outside the repository: nothing is read there, nothing is sent, and
 * the file counts as not reviewed. Links inside the repository: test/cli/what-runs.test.ts.
 * Every test starts on a copy of one repository: app.py on main, the branch feature checked out.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { serviceEnv } from './bundled';
import { repoTemplate } from '../support/repo-copies';
import { runCliInProcess } from './in-process';
import type { TempRepo } from './bundled';

const SECRET = 'aws_secret_access_key = wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

let simulator: RunningSimulator;
let repo: TempRepo;
/** A home folder outside the repository, with `.aws/credentials` holding the secret. */
let home: string;
let credentials: string;

/** main holds app.py; the feature branch is checked out. Built once, copied for each test. */
const onFeatureBranch = repoTemplate('review-gate-cli-', (r) => {
  r.write('app.py', 'def add(a, b):\n    return a + b\n');
  r.commit('base');
  r.git('checkout', '-q', '-b', 'feature');
});
afterAll(() => onFeatureBranch.remove());

beforeEach(async () => {
  simulator = await startSimulator();
  ({ r: repo } = onFeatureBranch.copy());
  home = mkdtempSync(join(tmpdir(), 'review-gate-home-'));
  mkdirSync(join(home, '.aws'));
  credentials = join(home, '.aws', 'credentials');
  writeFileSync(credentials, `[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n${SECRET}\n`);
});
afterEach(async () => {
  await simulator.close();
  repo.remove();
  rmSync(home, { recursive: true, force: true });
});

const reviewGate = (args: string[]) => runCliInProcess(['--format', 'json', ...args], { cwd: repo.dir, env: serviceEnv(simulator.url) });
/** The code of every review request the service received. */
const sentCode = () =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => (JSON.parse(r.body ?? '{}') as { code?: string }).code);

interface Report {
  result: string;
  files: Array<{ path: string; status: string; reason?: string }>;
}

/** How the link becomes part of the change, and the arguments that review it. */
const ways: Array<[string, () => string[]]> = [
  ['committed on the branch, the working tree against main', () => {
    symlinkSync(credentials, join(repo.dir, 'settings.py'));
    repo.commit('settings');
    return ['--base', 'main'];
  }],
  ['committed on the branch, as a range main...feature', () => {
    symlinkSync(credentials, join(repo.dir, 'settings.py'));
    repo.commit('settings');
    return ['main...feature'];
  }],
  ['staged', () => {
    symlinkSync(credentials, join(repo.dir, 'settings.py'));
    repo.git('add', 'settings.py');
    return ['--staged', '--base', 'main'];
  }],
  ['untracked', () => {
    symlinkSync(credentials, join(repo.dir, 'settings.py'));
    return ['--base', 'main'];
  }],
  ['a tracked file replaced by the link in the working tree', () => {
    repo.write('settings.py', 'DEBUG = False\n');
    repo.commit('settings');
    rmSync(join(repo.dir, 'settings.py'));
    symlinkSync(credentials, join(repo.dir, 'settings.py'));
    return ['--base', 'HEAD'];
  }],
];

describe('a symlink to a secret outside the repository', () => {
  it.each(ways)('sends nothing, never the secret, and counts the link as not reviewed, when %s', async (_how, change) => {
    const args = change();

    const run = await reviewGate(args);

    expect(run.err).not.toContain('could not run');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as Report;
    expect(report.files).toEqual([expect.objectContaining({ path: 'settings.py', status: 'failed', reason: expect.stringContaining('outside the repository') })]);
    expect(sentCode()).toEqual([]);
    expect(JSON.stringify(simulator.requests)).not.toContain('wJalrXUtnFEMI');
    expect(run.out + run.err).not.toContain('wJalrXUtnFEMI');
  });

  it('never reads through an untracked link to a folder, and the run completes, counting it as not reviewed', async () => {
    symlinkSync(join(home, '.aws'), join(repo.dir, 'aws.py'));

    const run = await reviewGate(['--base', 'main']);

    expect(run.code).toBe(1);
    expect(sentCode()).toEqual([]);
    expect(JSON.stringify(simulator.requests)).not.toContain('wJalrXUtnFEMI');
  });

  it('never reads a file through a folder replaced by a link in the working tree', async () => {
    repo.write('conf/credentials.py', 'REGION = "eu-west-1"\n');
    repo.commit('conf');
    writeFileSync(join(home, '.aws', 'credentials.py'), `${SECRET}\n`);
    rmSync(join(repo.dir, 'conf'), { recursive: true });
    symlinkSync(join(home, '.aws'), join(repo.dir, 'conf'));

    const run = await reviewGate(['--base', 'main']);

    expect(run.err).not.toContain('could not run');
    expect(JSON.stringify(simulator.requests)).not.toContain('wJalrXUtnFEMI');
    expect(run.out + run.err).not.toContain('wJalrXUtnFEMI');
  });
});

describe('output files at a path the branch committed as a symlink', () => {
  it.each([['--sarif-file'], ['--summary']])('never writes %s through it: the target keeps its content, and the command says why', async (flag) => {
    writeFileSync(join(home, '.bashrc'), 'export PATH=/usr/bin\n');
    symlinkSync(join(home, '.bashrc'), join(repo.dir, 'report.out'));
    repo.commit('a link where the report goes');

    const run = await runCliInProcess(['--base', 'main', flag, 'report.out'], { cwd: repo.dir, env: serviceEnv(simulator.url) });

    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('export PATH=/usr/bin\n');
    expect(run.code).toBe(2);
    expect(run.err).toContain(`review-gate: could not write an output file: ${join(repo.dir, 'report.out')} is a symbolic link (to ${join(home, '.bashrc')})`);
  });
});
