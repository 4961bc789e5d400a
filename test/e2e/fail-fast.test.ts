/**
 * End to end: the action against a service nobody listens for. It stops after the
 * first failed connections, says so in one line naming the base URL and the error, and fails
 * the check with every file not reviewed for that reason (no timing is asserted: the benchmark
 * measures it).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import { CLOSED_PORT } from '../support/closed-port';
import { GITHUB_TOKEN, startFixtureGitHub } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const { demo, closeAfterTest, run: runAction } = useAction();

describe('the action when the review service cannot be reached', () => {
  it('stops at once with one line naming the base URL and the error, every file not reviewed', async () => {
    const files = Array.from({ length: 80 }, (_, i) => ({ filename: `src/m${i}.py`, status: 'added', content: `V${i} = ${i}\n`, additions: 1, patch: `@@ -0,0 +1 @@\n+V${i} = ${i}` }));
    const fixture: PullRequestFixture = { ...demo, files };
    const github = await startFixtureGitHub(fixture);
    closeAfterTest(github);
    const apiUrl = `http://127.0.0.1:${CLOSED_PORT}`;

    const run = await runAction({ inputs: { 'api-key': DEMO_KEY, 'api-url': apiUrl, 'github-token': GITHUB_TOKEN }, githubApiUrl: github.url, fixture });

    const reason = `not reviewed: the review service at ${apiUrl} cannot be reached (ECONNREFUSED)`;
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '80' });
    expect(run.outputs.reasons).toContain(`80 files could not be reviewed: src/m0.py (${reason})`);
    const lines = run.stdout.split('\n');
    expect(lines.filter((l) => l.includes('cannot be reached:'))).toEqual([
      `::warning::The review service at ${apiUrl} cannot be reached: connect ECONNREFUSED ${apiUrl.slice('http://'.length)}. Stopping the review: no file is sent while it is unreachable.`,
    ]);
    expect(lines.filter((l) => l.startsWith('↻')).length).toBeLessThanOrEqual(2);
    // The per-file lines: each of the 80 files, not reviewed for that reason.
    expect(lines.filter((l) => /^\[ ?\d+\/80\] ✗ src\/m\d+\.py: /.test(l) && l.includes(`${reason} (`))).toHaveLength(80);
  });
});
