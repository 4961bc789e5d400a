/**
 * End to end, the action with `on-incomplete: neutral`: when some file could not be
 * reviewed and nothing else fails, the check run concludes neutral, the step exits 0, the output
 * `result` is `neutral`, and every surface says so and lists each unreviewed file with its reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import { DEMO_KEY } from '../doubles/simulator';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const { demo, servers, run: runAction } = useAction();
let fixture: PullRequestFixture;

beforeAll(() => {
  const added = (filename: string, lines: string[]) => ({
    filename,
    status: 'added',
    content: `${lines.join('\n')}\n`,
    patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n'),
    additions: lines.length,
  });
  fixture = {
    ...demo,
    files: [
      added('src/small.py', ['a = 1']),
      added('src/large.py', Array.from({ length: 40 }, (_, i) => `value_${i} = ${i}`)),
      added('src/huge.py', Array.from({ length: 60 }, (_, i) => `value_${i} = ${i}`)),
    ],
  };
});

async function runWith(inputs: Record<string, string>, issues?: unknown[]) {
  const { simulator, github } = await servers({ fixture });
  if (issues !== undefined) simulator.inject({ kind: 'answer', patch: { issues }, path: '/v1/agent/review' });
  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'max-file-size': '100', ...inputs },
    githubApiUrl: github.url,
    fixture,
  });
  return { result, github };
}

describe('on-incomplete: neutral', () => {
  it('concludes neutral, exits 0 with result=neutral, and lists every unreviewed file with its reason', async () => {
    const { result, github } = await runWith({ 'on-incomplete': 'neutral' });

    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('neutral');
    expect(result.outputs['files-failed']).toBe('2');
    const [check] = github.checkRuns;
    expect(check).toMatchObject({ head_sha: fixture.headSha, conclusion: 'neutral' });
    expect(check?.output.title).toMatch(/^Neutral: 2 files could not be reviewed: src\/large\.py \(not reviewed: the file has \d+ bytes, more than max-file-size \(100 bytes\)/);

    const [summary] = github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));
    for (const text of [result.stepSummary, summary?.body ?? '', check?.output.summary ?? '']) {
      expect(text).toMatch(/^## ⚪ Neutral: 2 files could not be reviewed: /m);
      expect(text).toContain('### Files that could not be reviewed (2)');
      expect(text).toMatch(/^- `src\/large\.py` — not reviewed: the file has \d+ bytes, more than max-file-size \(100 bytes\)/m);
      expect(text).toMatch(/^- `src\/huge\.py` — not reviewed: the file has \d+ bytes, more than max-file-size \(100 bytes\)/m);
      expect(text).not.toMatch(/✅ Passed|❌ Failed/);
    }
    expect(result.stdout).toMatch(/^review-gate neutral: 2 files could not be reviewed: .*\(on-incomplete: neutral\)\.$/m);
    expect(result.stdout).not.toMatch(/^::error::/m);
  });

  it('still fails, and exits 1, when something else fails too', async () => {
    const { result, github } = await runWith({ 'on-incomplete': 'neutral' }, [{ severity: 'error', line: 1, message: 'a real error', suggestion: '' }]);
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(github.checkRuns[0]?.conclusion).toBe('failure');
    expect(result.stepSummary).toMatch(/^## ❌ Failed: 1 error finding on added lines/);
    expect(result.stepSummary).toMatch(/^- ℹ️ 2 files could not be reviewed: src\/large\.py/m);
    expect(result.stdout).toMatch(/^::notice::2 files could not be reviewed: .*\(on-incomplete: neutral\); the check fails for the reasons above anyway$/m);
  });
});
