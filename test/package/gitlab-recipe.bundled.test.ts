/**
 * The README's GitLab job, run as GitLab would run its `script:` on a merge request: its lines,
 * as written, in a clone holding the merge request's commits, with the job's variables and the
 * ones GitLab sets. Two stand-ins: the packed tarball (`npm pack`, installed offline) for the
 * pinned commit the recipe installs from GitHub, and the service simulator for the service's URL.
 * The job fails as the gate does and leaves the Code Quality report its `artifacts:` upload.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { committedRepo } from '../cli/bundled';
import { classify, yamlBlocks } from '../../scripts/yaml-snippets';

interface GitLabJob {
  rules: Array<{ if: string }>;
  variables: Record<string, string>;
  script: string[];
  artifacts: { when: string; reports: { codequality: string } };
}

const INSTALL = /"git\+https:\/\/github\.com\/OWNER\/review-gate\.git#[0-9a-f]{40}"/;

let home: string;
let tarball: string;
let simulator: RunningSimulator;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'review-gate-gitlab-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', home], { cwd: ROOT, encoding: 'utf8', env: npmEnv() })) as Array<{ filename: string }>;
  tarball = join(home, packed[0]?.filename ?? '');
  simulator = await startSimulator();
});

afterAll(async () => {
  await simulator.close();
  rmSync(home, { recursive: true, force: true });
});

/** npm with a home, a global prefix and a cache of its own, offline: nothing but the tarball is installed. */
function npmEnv(): Record<string, string> {
  return { PATH: `${join(home, 'prefix', 'bin')}:${process.env.PATH ?? ''}`, HOME: home, npm_config_cache: join(home, 'cache'), npm_config_prefix: join(home, 'prefix'), npm_config_update_notifier: 'false' };
}

/** The README's one GitLab CI job. */
function readmeJob(): { name: string; job: GitLabJob } {
  const blocks = yamlBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8')).filter((block) => classify(block.text) === 'gitlab-job');
  expect(blocks).toHaveLength(1);
  const [name = '', job] = Object.entries(parse(blocks[0]?.text ?? '') as Record<string, GitLabJob>)[0] ?? [];
  return { name, job: job as GitLabJob };
}

describe("the README's GitLab job", () => {
  it('installs the command, fails the merge request on the gate, and writes the Code Quality report it uploads', async () => {
    const { name, job } = readmeJob();
    expect(name).toBe('review-gate');
    expect(job.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
    expect(job.artifacts.when).toBe('always');
    expect(job.script[0]).toMatch(INSTALL);

    const repo = committedRepo({ 'src/app.py': 'def total(xs):\n    return sum(xs)\n' }, 'review-gate-mr-');
    try {
      const base = repo.git('rev-parse', 'HEAD').trim();
      repo.git('checkout', '-q', '-b', 'feature');
      repo.write('src/app.py', 'def total(xs):\n    return sum(xs)\n\n\ndef run(rule):\n    return eval(rule)\n');
      const head = repo.commit('feature');

      // The pinned commit's install, from the tarball packed from this tree; every other line as written.
      const script = ['set -e', ...job.script.map((line) => line.replace(INSTALL, `"${tarball}" --offline --no-audit --no-fund`))].join('\n');
      const env = {
        ...npmEnv(),
        ...job.variables,
        // A masked CI/CD variable of the project, which GitLab gives precedence over the job's.
        REVIEW_GATE_API_URL: simulator.url,
        REVIEW_GATE_API_KEY: DEMO_KEY,
        CI: 'true',
        GITLAB_CI: 'true',
        CI_PIPELINE_SOURCE: 'merge_request_event',
        CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
        CI_COMMIT_SHA: head,
      };
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
        execFile('bash', ['-c', script], { cwd: repo.dir, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
          done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
        );
      });

      expect(run.stderr).not.toContain('EBADENGINE');
      expect(run.stdout).toMatch(/^added 1 package\b/m);
      expect(run.stdout).toContain('review-gate failed: 1 error finding on added lines (fail-on-severity: error).');
      expect(run.code).toBe(1);
      const report = JSON.parse(readFileSync(join(repo.dir, job.artifacts.reports.codequality), 'utf8')) as Array<{ severity: string; location: { path: string; lines: { begin: number } } }>;
      expect(report.map((issue) => [issue.severity, issue.location.path, issue.location.lines.begin])).toEqual([
        ['critical', 'src/app.py', 6],
        ['critical', 'src/app.py', 6],
      ]);
      expect(simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(1);
    } finally {
      repo.remove();
    }
  });
});
