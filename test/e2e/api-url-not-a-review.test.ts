/**
 * End to end (issue 15 round 2b), through the action and the bundled dist/cli/index.js: an api-
 * url answering JSON that is not a review, on every request, is "could not run".
 */
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import type { PullRequestFixture } from '../doubles/run-action';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from '../cli/bundled';
import { startScriptedService } from '../support/scripted-service';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import { pullRequestRuns } from './pull-request-runs';

const harness = useAction({ bundles: ['dist/cli/index.js'] });
const { demo, servers, closeAfterTest, runAgainst } = harness;
const { runOn } = pullRequestRuns(harness);

describe('an api-url answering JSON that is not a review', () => {
  const catchAll = async () => {
    const service = await startScriptedService(() => ({ status: 'ok', data: [] }));
    closeAfterTest(service);
    return service;
  };

  it('makes the terminal exit 3 ("could not run"), naming api-url and the status', async () => {
    assertBuilt();
    const service = await catchAll();
    const repo = tempRepo();
    try {
      for (let i = 0; i < 5; i++) repo.write(`m${i}.py`, 'x = 1\n');
      repo.commit('base');
      for (let i = 0; i < 5; i++) repo.write(`m${i}.py`, `def f${i}(rule):\n    return eval(rule)\n`);
      const result = await runCliBundle([], { cwd: repo.dir, env: serviceEnv(service.url) });

      expect(result.code).toBe(EXIT.couldNotRun);
      const last = result.out.trimEnd().split('\n').at(-1) ?? '';
      expect(last).toMatch(/^review-gate could not run: /);
      expect(last).toContain(`api-url ${service.url}`);
      expect(last).toContain('200');
      expect(result.out).not.toContain('review-gate failed');
    } finally {
      repo.remove();
    }
  });

  it('fails the action with the api-url message even with on-incomplete: pass', async () => {
    const service = await catchAll();
    const files = Array.from({ length: 6 }, (_, i) => added(`src/m${i}.py`, `V${i} = ${i}\n`));
    const run = await runOn(files, { inputs: { 'api-url': service.url, 'on-incomplete': 'pass' } });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '6' });
    expect(run.outputs.reasons).toContain(`api-url ${service.url}`);
    expect(run.outputs.reasons).not.toContain('on-incomplete');
    expect(run.github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });

  it('keeps one malformed answer among reviews that file\'s own failure', async () => {
    const files = Array.from({ length: 6 }, (_, i) => added(`src/m${i}.py`, `V${i} = ${i}\n`));
    const fixture: PullRequestFixture = { ...demo, files };
    const { simulator, github } = await servers({ fixture });
    simulator.inject({ kind: 'wrong_shape', path: '/v1/agent/review', bodyContains: 'V5 = 5' });
    const run = await runAgainst(simulator, github, fixture, { concurrency: '1' });

    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '5', 'files-failed': '1' });
    expect(run.outputs.reasons).not.toContain('api-url');
    expect(run.stdout).toMatch(/✗ src\/m5\.py: Invalid review answer/);
  });
});
