/**
 * End to end, the action and the bundled dist/cli/index.js on a run with more findings than a
 * check run carries: the check run gets at most the cap of annotations, the most severe first
 * (every counted error before any warning, every warning before any info), in as many writes as
 * that takes, and its summary says how many were left out and where they are; the job summary
 * and the SARIF file (and the terminal's JSON report) still hold every finding.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_RUN_ANNOTATIONS } from '../../src/render/check-run';
import type { RunningSimulator } from '../doubles/simulator';
import { startSimulator } from '../doubles/simulator';
import type { PullRequestFixture } from '../doubles/run-action';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from '../cli/bundled';
import { useAction } from './harness';

const harness = useAction({ bundles: ['dist/cli/index.js'] });
const { runAgainst } = harness;

/** Infos in a.py, warnings in b.py, errors in c.py: the file order is the reverse of severity. */
const FILES = [
  { path: 'src/a.py', severity: 'info', count: 200 },
  { path: 'src/b.py', severity: 'warning', count: 100 },
  { path: 'src/c.py', severity: 'error', count: 60 },
] as const;
const TOTAL = FILES.reduce((sum, f) => sum + f.count, 0);

const lineOf = (path: string, n: number): string => `${path.slice(4, 5)}_${n} = compute(${n})`;
const contentOf = (path: string, count: number): string => `${Array.from({ length: count }, (_, i) => lineOf(path, i + 1)).join('\n')}\n`;
const issuesOf = (file: (typeof FILES)[number]) =>
  Array.from({ length: file.count }, (_, i) => ({ severity: file.severity, line: i + 1, message: `${file.severity} number ${i + 1} in ${file.path}`, suggestion: '' }));

/** Each file's review answers its own findings (matched by a line only that file has). */
function injectFindings(simulator: RunningSimulator): void {
  for (const file of FILES) simulator.inject({ kind: 'answer', path: '/v1/agent/review', bodyContains: lineOf(file.path, 1), patch: { issues: issuesOf(file) } });
}

describe('a run with more findings than the check run carries', () => {
  it(`writes ${MAX_CHECK_RUN_ANNOTATIONS} annotations, the most severe first, says how many were left out, and keeps every finding in the job summary and the SARIF file`, async () => {
    const fixture: PullRequestFixture = {
      ...harness.demo,
      files: FILES.map((f) => {
        const content = contentOf(f.path, f.count);
        const lines = content.trimEnd().split('\n');
        return { filename: f.path, status: 'added', content, additions: lines.length, patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n') };
      }),
    };
    const { simulator, github } = await harness.servers({ fixture });
    injectFindings(simulator);
    const workspace = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
    try {
      const result = await runAgainst(simulator, github, fixture, { 'sarif-file': 'out.sarif' }, { env: { GITHUB_WORKSPACE: workspace } });

      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ errors: '60', warnings: '100', infos: '200' });
      expect(github.checkRuns).toHaveLength(1);
      const [check] = github.checkRuns;
      expect(check?.annotations).toHaveLength(MAX_CHECK_RUN_ANNOTATIONS);
      expect(check?.annotationBatches).toEqual(Array(MAX_CHECK_RUN_ANNOTATIONS / 50).fill(50));
      const levels = check?.annotations.map((a) => a.annotation_level) ?? [];
      expect(levels).toEqual([...Array<string>(60).fill('failure'), ...Array<string>(100).fill('warning'), ...Array<string>(MAX_CHECK_RUN_ANNOTATIONS - 160).fill('notice')]);
      expect(check?.annotations.filter((a) => a.annotation_level === 'failure').every((a) => a.path === 'src/c.py')).toBe(true);
      const leftOut = TOTAL - MAX_CHECK_RUN_ANNOTATIONS;
      expect(check?.output.summary).toContain(`ℹ️ ${leftOut} more findings on added lines are not annotated here: a check run carries the ${MAX_CHECK_RUN_ANNOTATIONS} most severe.`);
      expect(result.stdout).toMatch(new RegExp(`^Check run 'review-gate' created on [0-9a-f]{12}: failure, ${MAX_CHECK_RUN_ANNOTATIONS} annotations`, 'm'));

      // Every finding: an inline comment on the pull request, or listed in the job summary.
      const commented = new Set(github.reviewComments.map((c) => `${c.path}:${c.line}`));
      for (const file of FILES) {
        for (let line = 1; line <= file.count; line++) {
          const where = `${file.path}:${line}`;
          if (!commented.has(where)) expect(result.stepSummary).toContain(`\`${where}\` — ${file.severity} number ${line} in ${file.path}`);
        }
      }
      const sarif = JSON.parse(readFileSync(join(workspace, 'out.sarif'), 'utf8')) as { runs: Array<{ results: Array<{ level: string }> }> };
      expect(sarif.runs[0]?.results).toHaveLength(TOTAL);
      expect(sarif.runs[0]?.results.filter((r) => r.level === 'error')).toHaveLength(60);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('has no cap in the terminal\'s JSON report', async () => {
    assertBuilt();
    const simulator = await startSimulator();
    harness.closeAfterTest(simulator);
    const repo = tempRepo();
    try {
      repo.write('README.md', 'x\n');
      repo.commit('base');
      for (const file of FILES) repo.write(file.path, contentOf(file.path, file.count));
      injectFindings(simulator);
      const result = await runCliBundle(['--format', 'json'], { cwd: repo.dir, env: serviceEnv(simulator.url) });

      expect(result.code).toBe(1);
      const report = JSON.parse(result.out) as { findings: Array<{ severity: string }> };
      expect(report.findings).toHaveLength(TOTAL);
    } finally {
      repo.remove();
    }
  });
});
