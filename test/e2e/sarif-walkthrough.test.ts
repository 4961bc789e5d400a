/**
 * End to end: the `sarif-file` input writes a file that GitHub code scanning accepts (SARIF 2.1.0
 * schema, upload-sarif's limits and required fields), tracked by the same fingerprints as the
 * inline comments; and the opt-in `walkthrough` shows atop the summary comment, or costs one line
 * when it fails. The SARIF writer and the walkthrough are chunks dist/index.js loads on first use:
 * the first test of each spawns the bundle, so a chunk it cannot load fails here; the others run
 * the action in this process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractFingerprints } from '../../src/domain/markers';
import { SARIF_FINGERPRINT_KEY, SARIF_LIMITS } from '../../src/render/sarif';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import { GITHUB_TOKEN, runBundledAction } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { codeScanningProblems, sarifSchemaErrors } from '../support/sarif-checks';
import { useAction } from './harness';
import type { ActionRunner } from './harness';

interface SarifFile {
  runs: Array<{ results: Array<{ level: string; partialFingerprints: Record<string, string> }>; invocations: Array<{ toolExecutionNotifications: Array<{ message: { text: string } }> }> }>;
}

const harness = useAction({ bundles: ['dist/index.js'] });
const { demo } = harness;
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const servers = (fixture: PullRequestFixture) => harness.servers({ fixture });

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
  folders.push(dir);
  return dir;
}

const run = (
  simulator: RunningSimulator,
  github: FakeGitHub,
  fixture: PullRequestFixture,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  runner: ActionRunner = harness.run,
) =>
  runner({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
    env,
  });

describe('sarif-file', () => {
  it('writes SARIF that code scanning accepts, names it in the output, and tracks findings by the comments\' fingerprints', async () => {
    const { simulator, github } = await servers(demo);
    const dir = workspace();
    const result = await run(simulator, github, demo, { 'sarif-file': 'reports/review-gate.sarif' }, { GITHUB_WORKSPACE: dir }, runBundledAction);

    const path = join(dir, 'reports/review-gate.sarif');
    expect(result.outputs['sarif-file']).toBe(path);
    const text = readFileSync(path, 'utf8');
    expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
    expect(codeScanningProblems(text)).toEqual([]);
    expect(text).not.toContain(DEMO_KEY);

    const sarif = JSON.parse(text) as SarifFile;
    const fingerprints = new Set(sarif.runs[0]?.results.map((r) => r.partialFingerprints[SARIF_FINGERPRINT_KEY]));
    // A comment's own fingerprint is its first marker; the others are of the flags it carries, which its result names.
    const commented = github.reviewComments.map((c) => extractFingerprints(c.body)[0]);
    expect(commented.length).toBeGreaterThanOrEqual(8);
    for (const fingerprint of commented) expect(fingerprints.has(fingerprint)).toBe(true);
    expect(result.stdout).toMatch(/SARIF for code scanning: \d+ results written to .*review-gate\.sarif\./);
    // The verdict is the same as without SARIF.
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
  });

  it('writes no file and no output when not asked', async () => {
    const { simulator, github } = await servers(demo);
    const result = await run(simulator, github, demo, {});
    expect(result.outputs['sarif-file']).toBeUndefined();
    expect(result.stdout).not.toContain('SARIF');
  });

  it('stays within upload-sarif\'s limits on a run with 30,000 findings', async () => {
    const files = Array.from({ length: 30 }, (_, i) => ({
      filename: `src/module_${i}.py`,
      status: 'added',
      content: 'value = compute()\n',
      patch: '@@ -0,0 +1 @@\n+value = compute()',
      additions: 1,
      deletions: 0,
    }));
    const fixture: PullRequestFixture = { ...demo, files };
    const { simulator, github } = await servers(fixture);
    const issues = Array.from({ length: 1_000 }, (_, i) => ({
      severity: i % 10 === 0 ? 'error' : 'info',
      line: 1,
      message: `Finding kind ${i % 40}: ${'detail '.repeat(20)}`,
      suggestion: 'value = compute_safely()',
    }));
    simulator.inject({ kind: 'answer', path: '/v1/agent/review', times: 30, patch: { issues } });
    const dir = workspace();
    // The check run is off: this test is about SARIF.
    const result = await run(simulator, github, fixture, { 'sarif-file': 'out.sarif', 'check-run': 'false' }, { GITHUB_WORKSPACE: dir });

    const text = readFileSync(join(dir, 'out.sarif'), 'utf8');
    expect(codeScanningProblems(text)).toEqual([]);
    expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
    const sarif = JSON.parse(text) as SarifFile;
    const results = sarif.runs[0]?.results ?? [];
    expect(results).toHaveLength(SARIF_LIMITS.resultsPerRun);
    // The 3,000 errors all stay; the infos past the limit are left out, and the file says so.
    expect(results.filter((r) => r.level === 'error')).toHaveLength(3_000);
    expect(sarif.runs[0]?.invocations[0]?.toolExecutionNotifications[0]?.message.text).toMatch(/^5000 less severe findings were left out/);
    expect(result.stdout).toContain('SARIF for code scanning: 25000 results written');
    expect(result.stdout).toContain("5000 less severe findings left out for GitHub's limits");
    expect(result.exitCode).toBe(1);
  }, 120_000);
});

describe('walkthrough', () => {
  it('is off by default: no completion request', async () => {
    const { simulator, github } = await servers(demo);
    await run(simulator, github, demo, {});
    expect(simulator.requests.filter((r) => r.path === '/v1/complete')).toEqual([]);
    expect(github.issueComments[0]?.body).not.toContain('Walkthrough');
  });

  it('with walkthrough: true, one completion request writes the walkthrough atop the summary comment', async () => {
    const { simulator, github } = await servers(demo);
    const result = await run(simulator, github, demo, { walkthrough: 'true' }, {}, runBundledAction);
    expect(simulator.requests.filter((r) => r.path === '/v1/complete').map((r) => r.status)).toEqual([200]);
    const body = github.issueComments[0]?.body ?? '';
    expect(body).toMatch(/^<!-- review-gate:summary -->\n\n### Walkthrough\n\nThis is simulated completion [0-9a-f]{8} for a prompt of \d+ characters\./);
    expect(body.indexOf('### Walkthrough')).toBeLessThan(body.indexOf('## ❌ Failed'));
    expect(result.exitCode).toBe(1);
  });

  it('when the completion fails, one line says so and nothing else changes', async () => {
    const without = await (async () => {
      const { simulator, github } = await servers(demo);
      const r = await run(simulator, github, demo, {});
      return { outputs: r.outputs, exitCode: r.exitCode, body: github.issueComments[0]?.body ?? '' };
    })();
    const { simulator, github } = await servers(demo);
    simulator.inject({ kind: 'error', code: 'insufficient_scope', path: '/v1/complete' });
    const result = await run(simulator, github, demo, { walkthrough: 'true' });
    const body = github.issueComments[0]?.body ?? '';
    expect(body).toMatch(/^<!-- review-gate:summary -->\n\n_No walkthrough: the completion request failed \(insufficient_scope, request svc_req_\d{12}\)\._\n\n## ❌ Failed/);
    expect(body.replace(/^(.*\n\n)_No walkthrough[^\n]*\n\n/, '$1').replace(/Tokens used: [\d,]+/, '')).toBe(without.body.replace(/Tokens used: [\d,]+/, ''));
    expect(result.exitCode).toBe(without.exitCode);
    expect(result.outputs).toEqual(without.outputs);
  });
});
